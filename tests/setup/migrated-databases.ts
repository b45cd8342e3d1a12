/**
 * The migrated databases every database test starts from (docs/decisions/0047): the migrations run once per change
 * of `drizzle/`, not once per test file.
 * - PGlite: one in-memory database is migrated and its data directory archived to `.cache/test-db/`; each test file
 *   loads the archive (about 1.2 s instead of about 6 s for an empty cluster and the migrations).
 * - PostgreSQL: one database is migrated and kept as `domae_template_<hash>`; each test file's database is a copy
 *   (`CREATE DATABASE … TEMPLATE …`), which PostgreSQL makes by copying files.
 * Both are named by a hash of `drizzle/`, so a new migration makes new ones and a branch with other migrations
 * never reads the wrong one.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "#app/db/client.server.ts";

const cacheFolder = path.resolve(".cache/test-db");

/** A short hash of every file under `drizzle/` (names and bytes). */
export function migrationsHash() {
  const hash = crypto.createHash("sha256");
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative("drizzle", full)).update("\0").update(fs.readFileSync(full));
    }
  };
  walk(path.resolve("drizzle"));
  return hash.digest("hex").slice(0, 16);
}

/** The archive of a migrated PGlite database, made when missing; its path. */
export async function migratedPgliteArchive() {
  const file = path.join(cacheFolder, `pglite-${migrationsHash()}.tar`);
  if (fs.existsSync(file)) return file;
  const open = await openDatabase({ dataDir: "memory://", lock: false });
  try {
    // Not compressed: loading skips the gunzip (0.4 s a file), and the folder is a cache.
    const archive = await open.pglite?.dumpDataDir("none");
    if (!archive) throw new Error("PGlite gave no data directory archive");
    fs.mkdirSync(cacheFolder, { recursive: true });
    // Written under another name first, so a run that starts meanwhile never loads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await open.close();
  }
  return file;
}

/** Any number no other advisory lock of the project uses: two test runs at once make the template once. */
const TEMPLATE_LOCK_KEY = 7_202_612;

/** The name of a migrated PostgreSQL template database on TEST_DATABASE_URL's server, made when missing. */
export async function migratedPostgresTemplate(adminUrl: string) {
  const name = `domae_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return name;
    // Made under a temporary name and renamed when migrated, so a failed run leaves no half-made template.
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${building}" TEMPLATE template0 LOCALE 'C.UTF-8' ENCODING 'UTF8'`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const open = await openDatabase({ databaseUrl: url.toString(), pool: { max: 1 } });
    await open.close();
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    return name;
  } finally {
    await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => {});
    await admin.end();
  }
}
