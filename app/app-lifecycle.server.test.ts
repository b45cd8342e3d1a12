import { spawn } from "node:child_process";
import pg from "pg";
import { expect, test } from "vitest";
import { demoWholesalers } from "#content/demo/wholesalers.ts";
import { createPostgresDatabase, testDatabaseKind } from "#tests/test-database.ts";
import journal from "../drizzle/meta/_journal.json" with { type: "json" };

/** One app start in its own process (migrations and the demo seed), as a server does on start-up. */
function startInChildProcess(databaseUrl: string) {
  const script = `import { startApp, stopApp } from "#app/app-lifecycle.server.ts"; await startApp(); await stopApp();`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO: "1", AUTH_SECRET: "start-secret-start-secret-start-secret-00" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

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
