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
  destroy: () => void;
};

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
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
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
      "start",
    ]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    start,
    stop,
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE DATABASE "${name}" TEMPLATE template0 LOCALE 'C.UTF-8' ENCODING 'UTF8'`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    destroy: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
