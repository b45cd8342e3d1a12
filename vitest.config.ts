import fs from "node:fs";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// Three lanes (docs/testing.md, docs/decisions/0047): `unit` needs no database and answers in seconds; `data` runs
// every file that opens a database on the embedded PGlite; `postgres` runs the same files on TEST_DATABASE_URL's
// server. A file belongs to `data` when it opens a database through tests/test-database.ts, so a new test finds its
// lane by what it does, not by a list someone must remember to update.
const testFiles = fs
  .globSync(["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts", "content/**/*.test.ts"], {
    exclude: (name) => name === "node_modules" || name === "e2e",
  })
  .sort();
const opensDatabase = /\b(?:withTestDatabase|openFreshDatabase|createPostgresDatabase)\(/;
const dataFiles = testFiles.filter((file) => opensDatabase.test(fs.readFileSync(file, "utf8")));
const unitFiles = testFiles.filter((file) => !dataFiles.includes(file));

const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: "unit", include: unitFiles } },
  {
    extends: true,
    test: { name: "data", include: dataFiles, env: { TEST_DB: "pglite" }, globalSetup: ["tests/setup/pglite-global-setup.ts"] },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: { name: "postgres", include: dataFiles, env: { TEST_DB: "postgres" }, globalSetup: ["tests/setup/postgres-global-setup.ts"] },
  });
}

export default defineConfig({
  test: {
    projects,
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite is CPU-heavy; two workers match the two cores of these machines.
    maxWorkers: 2,
    env: { NODE_ENV: "test", DATA_DIR: "./data-test", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", AUTH_RATE_LIMIT: "0" },
  },
});
