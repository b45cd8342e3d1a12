/** Starting and stopping production servers for the benchmark and fault scripts (127.0.0.1 only). */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const PG_ADMIN = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

// The benchmarks run a production build that also has the no-database reference page (BENCH_ROUTES=1 at build
// time, app/routes.ts), in a folder of its own so that the build `npm start` serves never has it. BUILD_DIR is
// honoured by the build, by server.ts and by page-weight.ts alike, so setting it here points all three there.
process.env.BUILD_DIR ||= "build-bench";

/** Builds the bench's production app into BUILD_DIR when there is none yet or BENCH_REBUILD=1. */
export function ensureBuild() {
  const buildDir = process.env.BUILD_DIR as string;
  if (!fs.existsSync(path.join(buildDir, "server/index.js")) || process.env.BENCH_REBUILD === "1") {
    execFileSync("npm", ["run", "-s", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir, BENCH_ROUTES: "1" } });
  }
}

export type ServerHandle = {
  child: ChildProcess;
  base: string;
  port: number;
  exited: Promise<number | null>;
  /** What the server wrote so far: stderr, and stdout too when started with `keepOutput`. */
  output: () => string;
};

export async function startServer(port: number, env: Record<string, string>, { keepOutput = false } = {}): Promise<ServerHandle> {
  const child = spawn(process.execPath, ["server.ts"], {
    // LINK_CHECK=0 unless a trial asks: site checks of seeded or generated suppliers would skew the measurements.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_RATE_LIMIT: "0",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LINK_CHECK: "0",
      ...env,
    },
    stdio: ["ignore", keepOutput ? "pipe" : "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  child.stdout?.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr.trim()}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base, port, exited, output: () => stderr };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not become ready");
}

export async function stopServer(server: ServerHandle, signal: NodeJS.Signals = "SIGTERM") {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill(signal);
  return server.exited;
}

/** A server on PostgreSQL refuses to start without AUTH_SECRET (the same on every server): the benches' one. */
export const BENCH_AUTH_SECRET = "bench-secret-bench-secret-bench-secret-00";

export function tempDataDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `domae-${prefix}-`));
}

export async function postgresReachable() {
  try {
    const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A new, empty PostgreSQL database (C.UTF-8) and a function that drops it. */
export async function createPostgresDatabase(prefix: string) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 LOCALE 'C.UTF-8' ENCODING 'UTF8'`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Signs up through the real form and returns the session cookie. */
export async function signUp(base: string, email: string, password = "bench-password-1") {
  const res = await fetch(`${base}/signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email, password, agreeTerms: "yes", agreePrivacy: "yes", agreeAge: "yes" }),
    redirect: "manual",
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c && !c.startsWith("flash="))
    .join("; ");
  return { status: res.status, cookie };
}
