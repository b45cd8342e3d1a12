import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type OpenDatabase, openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { followSupplierChangesAtStart } from "#app/supplier-change-followers.server.ts";

/**
 * Gives the calling test file its own freshly migrated database and makes it the app's database:
 * an in-memory PGlite by default, or a new PostgreSQL database (C.UTF-8) when the suite runs with
 * TEST_DB=postgres and TEST_DATABASE_URL points at a server. Both start from the copy the project's global
 * setup migrated once (tests/setup/, docs/decisions/0047); run outside those projects, a file migrates its own.
 */
export function withTestDatabase() {
  let open: OpenDatabase | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // The features that follow supplier changes, registered as a started process registers them (docs/decisions/0051).
    followSupplierChangesAtStart();
    const fresh = await openFreshDatabase();
    open = fresh.open;
    dropDatabase = fresh.drop;
    setCurrentDatabase(open);
  }, 120_000);

  afterAll(async () => {
    setCurrentDatabase(undefined);
    await open?.close();
    await dropDatabase?.();
  });

  return {
    get kind() {
      return open?.kind ?? "pglite";
    },
  };
}

/** A further empty, migrated database of the kind under test (for backup/restore round trips). */
export async function openFreshDatabase(): Promise<{ open: OpenDatabase; drop: () => Promise<void>; url?: string }> {
  if (process.env.TEST_DB === "postgres") {
    const created = await createPostgresDatabase(inject("migratedPostgresTemplate"));
    const open = await openDatabase({ databaseUrl: created.url });
    return { open, drop: created.drop, url: created.url };
  }
  const archive = inject("migratedPgliteArchive");
  const loadDataDir = archive ? new Blob([fs.readFileSync(archive)]) : undefined;
  const open = await openDatabase({ dataDir: "memory://", lock: false, loadDataDir });
  return { open, drop: async () => {} };
}

export function testDatabaseKind() {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

/** A new database on TEST_DATABASE_URL's server: a copy of `template` (a migrated one), else empty (template0). */
export async function createPostgresDatabase(template?: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (postgres://…)");
  const name = `domae_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    template
      ? `CREATE DATABASE "${name}" TEMPLATE "${template}"`
      : `CREATE DATABASE "${name}" TEMPLATE template0 LOCALE 'C.UTF-8' ENCODING 'UTF8'`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
