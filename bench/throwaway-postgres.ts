/**
 * A PostgreSQL cluster of the trial's own, on a free port in a temporary folder, for trials that stop and start
 * the database server: the machine's shared PostgreSQL (which other work uses) is never touched. It uses the
 * operating system's PostgreSQL programs (Debian: /usr/lib/postgresql/<version>/bin, or PG_BIN); PostgreSQL
 * refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

function binDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const newest = versions.at(-1);
  if (!newest) throw new Error("No PostgreSQL programs found: install postgresql or set PG_BIN to the folder of initdb and pg_ctl");
  return path.join(root, newest, "bin");
}

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ThrowawayPostgres = {
  /** The server's own `postgres` database, as the superuser `postgres` (no password, 127.0.0.1 only). */
  url: string;
  stop: () => void;
  start: () => void;
  /** A new empty database (C.UTF-8, like the tests'), and its address. */
  createDatabase: (name: string) => Promise<string>;
  /**
   * A streaming replica of this cluster on another free port (pg_basebackup -R, hot standby): its address for a
   * database, and its own stop/destroy. Needs `max_connections` at least the primary's (it uses the same).
   */
  startStreamingReplica: (settings?: {
    /** recovery_min_apply_delay: a replica kept this far behind on purpose (a trial of stale reads). */
    applyDelay?: string;
  }) => Promise<{ urlFor: (database: string) => string; port: number; destroy: () => void }>;
  host: string;
  port: number;
  destroy: () => void;
};

export async function startThrowawayPostgres({ maxConnections = 50 }: { maxConnections?: number } = {}): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "domae-pg-"));
  const data = path.join(folder, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", folder]);
  const run = (program: string, args: string[]) => {
    const command = path.join(bin, program);
    if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" });
    else execFileSync(command, args, { stdio: "pipe" });
  };
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const start = () =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(folder, "postgres.log"),
      "-w",
      "-o",
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections}`,
      "start",
    ]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const replicas: (() => void)[] = [];
  return {
    url,
    host: "127.0.0.1",
    port,
    start,
    stop,
    startStreamingReplica: async ({ applyDelay }: { applyDelay?: string } = {}) => {
      const replicaData = path.join(folder, `replica-${replicas.length + 1}`);
      const replicaPort = await freePort();
      // initdb's pg_hba.conf lets 127.0.0.1 replicate with trust; -R writes standby.signal and primary_conninfo.
      run("pg_basebackup", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-D", replicaData, "-R", "-X", "stream", "--no-sync"]);
      const delay = applyDelay ? ` -c recovery_min_apply_delay=${applyDelay}` : "";
      const options = `-p ${replicaPort} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections} -c hot_standby=on${delay}`;
      run("pg_ctl", ["-D", replicaData, "-l", path.join(folder, `replica-${replicas.length + 1}.log`), "-w", "-o", options, "start"]);
      const stopReplica = () => {
        try {
          run("pg_ctl", ["-D", replicaData, "-m", "fast", "-w", "stop"]);
        } catch {
          // Already stopped.
        }
      };
      replicas.push(stopReplica);
      return { port: replicaPort, urlFor: (database) => `postgres://postgres@127.0.0.1:${replicaPort}/${database}`, destroy: stopReplica };
    },
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE DATABASE "${name}" TEMPLATE template0 LOCALE 'C.UTF-8' ENCODING 'UTF8'`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    destroy: () => {
      for (const stopReplica of replicas) stopReplica();
      try {
        stop();
      } catch {
        // Already stopped.
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type PgBouncer = {
  /** postgres:// address of `database` through the pooler, as `postgres`. */
  urlFor: (database: string) => string;
  port: number;
  stop: () => void;
};

/** Debian's pgbouncer (or PGBOUNCER), if this machine has it (`.ci/run` installs it). */
export function pgBouncerBinary(): string | null {
  const candidate = process.env.PGBOUNCER ?? "/usr/sbin/pgbouncer";
  return fs.existsSync(candidate) ? candidate : null;
}

/**
 * PgBouncer in transaction mode on a free port of 127.0.0.1 in front of the PostgreSQL at `host:port`, with its
 * files in a temporary folder: every database, as `postgres`, without a password (`auth_type = any`, loopback
 * only). `statement_timeout` from clients is accepted and ignored (PgBouncer 1.18 refuses unknown start-up
 * parameters; set the timeout on the role instead, docs/deployment.md). PgBouncer refuses to run as root:
 * as root it runs as `postgres`.
 */
export async function startPgBouncer(target: { host: string; port: number }, settings: { poolSize?: number } = {}): Promise<PgBouncer> {
  const binary = pgBouncerBinary();
  if (!binary) throw new Error("No pgbouncer: install Debian's pgbouncer package or set PGBOUNCER");
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "domae-pgbouncer-"));
  const port = await freePort();
  const ini = path.join(folder, "pgbouncer.ini");
  fs.writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=${target.host} port=${target.port} user=postgres`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = any",
      "pool_mode = transaction",
      "max_client_conn = 1000",
      `default_pool_size = ${settings.poolSize ?? 20}`,
      "ignore_startup_parameters = extra_float_digits,statement_timeout",
      `logfile = ${path.join(folder, "pgbouncer.log")}`,
      `pidfile = ${path.join(folder, "pgbouncer.pid")}`,
      "",
    ].join("\n"),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", folder]);
  if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", binary, "-d", ini], { stdio: "pipe" });
  else execFileSync(binary, ["-d", ini], { stdio: "pipe" });
  // Listening once the port takes a connection.
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => {
      try {
        const pid = Number(fs.readFileSync(path.join(folder, "pgbouncer.pid"), "utf8").trim());
        if (pid > 0) process.kill(pid, "SIGTERM");
      } catch {
        // Already gone.
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
