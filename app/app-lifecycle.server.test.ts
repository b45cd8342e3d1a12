import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "vitest";
import { pgBouncerBinary, startPgBouncer } from "#bench/throwaway-postgres.ts";
import { demoWholesalers } from "#content/demo/wholesalers.ts";
import { createPostgresDatabase, testDatabaseKind } from "#tests/test-database.ts";
import journal from "../drizzle/meta/_journal.json" with { type: "json" };

/** One app start in its own process (migrations and the demo seed), as a server does on start-up. */
function startInChildProcess(databaseUrl: string, settings: Record<string, string> = {}, script = START_AND_STOP) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "1",
      AUTH_SECRET: "start-secret-start-secret-start-secret-00",
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

const START_AND_STOP = `import { startApp, stopApp } from "#app/app-lifecycle.server.ts"; await startApp(); await stopApp();`;

// Two processes on one embedded DATA_DIR are refused by design (tests/e2e/operations.spec.ts); this is PostgreSQL's case.
test.runIf(testDatabaseKind() === "postgres")(
  "two servers starting at the same moment on one empty PostgreSQL: no error, one set of tables, one seed",
  async () => {
    const database = await createPostgresDatabase();
    try {
      const results = await Promise.all([startInChildProcess(database.url), startInChildProcess(database.url)]);
      for (const { code, output } of results) expect(code, output).toBe(0);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const migrations = await client.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
        expect(migrations.rows[0].n).toBe(journal.entries.length);
        const suppliers = await client.query("SELECT count(*)::int AS n FROM wholesalers");
        expect(suppliers.rows[0].n).toBe(demoWholesalers.length);
        const seeded = await client.query("SELECT count(*)::int AS n FROM app_meta WHERE key = 'demo_seeded_at'");
        expect(seeded.rows[0].n).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
    }
  },
  120_000,
);

/** Starts the app, prints what its pool and its job runner are, and stops. */
const REPORT = `
import { sql } from "drizzle-orm";
import { runningJobKinds, startApp, stopApp } from "#app/app-lifecycle.server.ts";
import { db } from "#app/db/client.server.ts";
await startApp();
const { rows } = await db().execute(sql\`SELECT current_setting('application_name') AS name, current_setting('statement_timeout') AS timeout\`);
console.log("REPORT " + JSON.stringify({ ...rows[0], jobs: runningJobKinds() }));
await stopApp();`;

const reportOf = (output: string) => JSON.parse(output.match(/^REPORT (.*)$/m)?.[1] ?? "null");

test.runIf(testDatabaseKind() === "postgres")(
  "MIGRATE_ON_START=0 refuses an unmigrated database and names db:migrate; after it, the server starts without migrating; the pool names itself and has a statement timeout",
  async () => {
    const database = await createPostgresDatabase();
    try {
      const refused = await startInChildProcess(database.url, { MIGRATE_ON_START: "0" });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("npm run db:migrate");

      const migrate = spawn(process.execPath, ["scripts/migrate.ts"], {
        env: { ...process.env, DATABASE_URL: database.url, AUTH_SECRET: "start-secret-start-secret-start-secret-00", SEED_DEMO: "0" },
        stdio: "ignore",
      });
      expect(await new Promise((resolve) => migrate.on("exit", resolve))).toBe(0);

      const started = await startInChildProcess(
        database.url,
        { MIGRATE_ON_START: "0", STATEMENT_TIMEOUT_SECONDS: "7", JOBS: "none" },
        REPORT,
      );
      expect(started.code, started.output).toBe(0);
      expect(reportOf(started.output)).toEqual({ name: "domae-web", timeout: "7s", jobs: [] });
    } finally {
      await database.drop();
    }
  },
  120_000,
);

test("JOBS chooses the job kinds a process runs: all by default, none, or a list; a kind that does not exist is refused by name", async () => {
  // PostgreSQL: a database of its own; PGlite: a DATA_DIR of its own (DATABASE_URL empty is unset).
  const database = testDatabaseKind() === "postgres" ? await createPostgresDatabase() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "domae-jobs-"));
  const start = (jobs?: string) =>
    startInChildProcess(database?.url ?? "", { SEED_DEMO: "0", DATA_DIR: dataDir, ...(jobs === undefined ? {} : { JOBS: jobs }) }, REPORT);
  try {
    const all = await start();
    expect(reportOf(all.output).jobs).toEqual(
      expect.arrayContaining([
        "images.fetch",
        "site-checks.check",
        "wholesalers.fold-views",
        "housekeeping.purge-expired",
        // The 찜 alerts run in every install (docs/decisions/0036).
        "alerts.digest",
        "alerts.send",
        // Evidence files are deleted 30 days after their decision (docs/decisions/0049).
        "evidence.purge",
      ]),
    );
    // A web server with JOBS=none has no runner: it never makes a picture or checks a site.
    expect(reportOf((await start("none")).output).jobs).toEqual([]);
    expect(reportOf((await start("images.fetch, wholesalers.fold-views")).output).jobs.sort()).toEqual([
      "images.fetch",
      "wholesalers.fold-views",
    ]);
    const typo = await start("images.fetchh");
    expect(typo.code).toBe(1);
    expect(typo.output).toContain("images.fetchh");
  } finally {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

// CI installs Debian's pgbouncer (.ci/run); a machine without it skips this one.
test.runIf(testDatabaseKind() === "postgres" && pgBouncerBinary() !== null)(
  "behind PgBouncer in transaction mode with DATABASE_DIRECT_URL: two servers starting at once migrate once, seed once and query through the pooler",
  async () => {
    const database = await createPostgresDatabase();
    const direct = new URL(database.url);
    const bouncer = await startPgBouncer({ host: direct.hostname, port: Number(direct.port || 5432) });
    try {
      const pooled = bouncer.urlFor(direct.pathname.slice(1));
      const settings = { DATABASE_DIRECT_URL: database.url, JOBS: "none" };
      const results = await Promise.all([startInChildProcess(pooled, settings, REPORT), startInChildProcess(pooled, settings, REPORT)]);
      for (const { code, output } of results) {
        expect(code, output).toBe(0);
        expect(reportOf(output)).toMatchObject({ name: "domae-web" });
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const migrations = await client.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
        expect(migrations.rows[0].n).toBe(journal.entries.length);
        const seeded = await client.query("SELECT count(*)::int AS n FROM app_meta WHERE key = 'demo_seeded_at'");
        expect(seeded.rows[0].n).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      bouncer.stop();
      await database.drop();
    }
  },
  120_000,
);

/** `npm run worker` in its own process, as an operator starts it: its exit code and what it wrote. */
function startWorker(settings: Record<string, string>) {
  const child = spawn(process.execPath, ["scripts/worker.ts"], {
    env: { ...process.env, SEED_DEMO: "0", AUTH_SECRET: "start-secret-start-secret-start-secret-00", ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  // A worker that started is stopped at once: only a refusal to start is under test.
  child.stdout.on("data", (chunk) => String(chunk).includes('"worker started"') && child.kill("SIGTERM"));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

test("IMAGE_STORE=s3 with a bucket that cannot be reached (a dead S3_ENDPOINT) stops the start with one line naming it, exit 1", async () => {
  const database = testDatabaseKind() === "postgres" ? await createPostgresDatabase() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "domae-bucket-"));
  try {
    const { code, output } = await startWorker({
      DATABASE_URL: database?.url ?? "",
      DATA_DIR: dataDir,
      IMAGE_STORE: "s3",
      S3_BUCKET: "domae-pictures",
      // Port 1: nothing listens there.
      S3_ENDPOINT: "http://127.0.0.1:1",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "1",
    });
    expect(code).toBe(1);
    const lines = output.trim().split("\n");
    expect(lines.filter((line) => line.startsWith("Start-up failed"))).toEqual([
      expect.stringMatching(
        /^Start-up failed: S3 bucket "domae-pictures" at http:\/\/127\.0\.0\.1:1 cannot be reached: .*ECONNREFUSED.*\(S3 버킷에 연결할 수 없습니다\)$/,
      ),
    ]);
    expect(output).not.toContain('"worker started"');
  } finally {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

test.runIf(testDatabaseKind() === "postgres")(
  "MIGRATE_ON_START=0 with a DATABASE_DIRECT_URL that cannot be used stops the start with one line, not at the next db:migrate",
  async () => {
    const database = await createPostgresDatabase();
    try {
      const migrate = spawn(process.execPath, ["scripts/migrate.ts"], {
        env: { ...process.env, DATABASE_URL: database.url, AUTH_SECRET: "start-secret-start-secret-start-secret-00", SEED_DEMO: "0" },
        stdio: "ignore",
      });
      expect(await new Promise((resolve) => migrate.on("exit", resolve))).toBe(0);
      const wrong = new URL(database.url);
      wrong.pathname = "/domae_no_such_database";
      const refused = await startWorker({ DATABASE_URL: database.url, DATABASE_DIRECT_URL: wrong.toString(), MIGRATE_ON_START: "0" });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(
        /^Start-up failed: DATABASE_DIRECT_URL could not be reached \(database "domae_no_such_database" does not exist\)\. 데이터베이스에 직접 연결할 수 없습니다\.$/m,
      );
      const started = await startWorker({ DATABASE_URL: database.url, DATABASE_DIRECT_URL: database.url, MIGRATE_ON_START: "0" });
      expect(started.output).toContain('"worker started"');
      expect(started.code).toBe(0);
    } finally {
      await database.drop();
    }
  },
  120_000,
);
