import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { dataDirError } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { watchPool } from "#app/lib/metrics.server.ts";
import { acquireDataDirLock } from "./data-dir-lock.server.ts";
import type { Db, OpenDatabase } from "./database-types.ts";
import { currentRequestContext } from "./request-context.server.ts";
import * as schema from "./schema.ts";

export type { Db, OpenDatabase, Tx } from "./database-types.ts";

// npm scripts, the server and the tests all run from the project root.
const migrationsFolder = path.resolve("drizzle");

let current: OpenDatabase | undefined;

/**
 * The database to query: inside a request, the one the server gave that request (request-context.server.ts,
 * docs/decisions/0027); outside one (jobs, scripts, tests), the process's database.
 */
export function db(): Db {
  const open = currentRequestContext()?.database ?? current;
  if (!open) throw new Error("The database is not open yet (openDatabase was not called).");
  return open.db;
}

/**
 * The primary, for a write: the same as `db()` except in a request whose reads come from a read replica
 * (request-context.server.ts, docs/decisions/0034), where the page's own small writes (a counted view) must
 * still reach the primary. Code that writes on a page served from a replica uses this.
 */
export function primaryDb(): Db {
  const context = currentRequestContext();
  const open = context?.fromReplica ? (context.primary ?? current) : (context?.database ?? current);
  if (!open) throw new Error("The database is not open yet (openDatabase was not called).");
  return open.db;
}

/** The process's database: opened once at start-up (app-lifecycle.server.ts), by a script or by a test. */
export function currentDatabase(): OpenDatabase | undefined {
  return current;
}

/** Sets the process's database, which jobs, scripts and tests use (requests get theirs from the server). */
export function setCurrentDatabase(open: OpenDatabase | undefined) {
  current = open;
}

type OpenOptions = {
  databaseUrl?: string;
  /**
   * A direct connection to the same database for the migrations and the start-up lock (DATABASE_DIRECT_URL):
   * a session-level advisory lock and long DDL need a real session, which PgBouncer in transaction mode does
   * not keep. Unset: databaseUrl.
   */
  directUrl?: string;
  /** Folder for the embedded database; ignored with databaseUrl. `memory://` for an in-memory one. */
  dataDir?: string;
  /** Skip the lock (only for in-memory databases and tests). */
  lock?: boolean;
  /**
   * In-memory only: start from this `dumpDataDir()` archive instead of an empty cluster. The tests load one
   * migrated copy per file (about a quarter of an empty cluster's start, docs/decisions/0047).
   */
  loadDataDir?: Blob;
  /**
   * False: no migrations run (MIGRATE_ON_START=0, for deploys that run `npm run db:migrate` once); the database
   * must already have every migration of this build, else opening fails and says so.
   */
  migrate?: boolean;
  /** Work that must happen once per database right after the migrations (the demo seed), under the same lock. */
  afterMigrate?: (open: OpenDatabase) => Promise<void>;
  /** PostgreSQL pool settings (docs/decisions/0034). */
  pool?: PoolSettings;
};

export type PoolSettings = {
  /** Connections the pool may open (DATABASE_POOL_SIZE; default 10). */
  max?: number;
  /** STATEMENT_TIMEOUT_SECONDS in ms: PostgreSQL cancels a statement that runs longer; 0 or unset: no limit. */
  statementTimeoutMs?: number;
  /** Shown in pg_stat_activity, so an operator sees which process holds a connection (`domae-web`, `domae-worker`). */
  applicationName?: string;
};

/** Any number that no other advisory lock of this application uses. */
const STARTUP_LOCK_KEY = 7_202_611;

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  const open = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.pool)
    : await openPglite(options.dataDir ?? "./data", options.lock ?? true, options.loadDataDir);
  try {
    if (options.migrate === false) {
      await checkMigrated(open);
      // Not needed until the next `db:migrate`, but a wrong address or password is found now, not then.
      if (open.pool && options.directUrl) await (await connectDirect(options.directUrl)).end();
    } else
      await underStartupLock(open, options.directUrl ?? options.databaseUrl, async (migrator) => {
        await migrateDatabase(migrator, open.kind);
        await options.afterMigrate?.(open);
      });
  } catch (error) {
    await open.close();
    throw error;
  }
  return open;
}

/**
 * Several app servers may start at once against one empty PostgreSQL: each takes a session-level
 * advisory lock before migrating and seeding, so they take turns and the later ones find the work done.
 * The lock and the migrations use a connection of their own to `directUrl` (through a pooler in
 * transaction mode a session lock would be taken on one server connection and released on another), with
 * no statement timeout (an index on a large table may take minutes). The embedded database is already
 * exclusive to this process (the DATA_DIR lock).
 */
async function underStartupLock(open: OpenDatabase, directUrl: string | undefined, work: (migrator: Db) => Promise<void>) {
  if (!open.pool || !directUrl) return work(open.db);
  const client = await connectDirect(directUrl);
  try {
    await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    try {
      await work(drizzlePg(client, { schema }) as unknown as Db);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** A session of its own on the primary (DATABASE_DIRECT_URL, or DATABASE_URL when it is unset). */
async function connectDirect(directUrl: string) {
  const client = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 5000, application_name: "domae-migrate" });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new Error(`DATABASE_DIRECT_URL could not be reached (${(error as Error).message}). 데이터베이스에 직접 연결할 수 없습니다.`);
  }
  return client;
}

/** The newest migration of this build (drizzle/meta/_journal.json) must be in the database's migration table. */
async function checkMigrated(open: OpenDatabase) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  const newest = journal.entries.at(-1);
  if (!newest) return;
  let applied = 0;
  try {
    const result = await open.db.execute<{ at: string | null }>(sql`SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations`);
    applied = Number(result.rows[0]?.at ?? 0);
  } catch {
    // No migration table: nothing was ever migrated.
  }
  if (applied < newest.when) {
    throw new Error(
      `The database lacks migration ${newest.tag} and MIGRATE_ON_START=0: run "npm run db:migrate" first (마이그레이션을 먼저 실행해 주세요).`,
    );
  }
}

async function openPostgres(url: string, settings: PoolSettings = {}): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.max ?? 10,
    connectionTimeoutMillis: 5000,
    // Sent as start-up parameters: PgBouncer passes application_name on, and statement_timeout when it is
    // listed in its ignore_startup_parameters/track_extra_parameters (docs/deployment.md).
    ...(settings.statementTimeoutMs ? { statement_timeout: settings.statementTimeoutMs } : {}),
    ...(settings.applicationName ? { application_name: settings.applicationName } : {}),
  });
  pool.on("error", (error) => log.error("pg pool error", { error }));
  const unwatch = watchPool("primary", pool);
  const close = async () => {
    unwatch();
    await pool.end();
  };
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await close().catch(() => {});
    throw new Error(`DATABASE_URL could not be reached (${(error as Error).message}). 데이터베이스(DATABASE_URL)에 연결할 수 없습니다.`);
  }
  return { db: drizzlePg(pool, { schema }), kind: "postgres", pool, close };
}

async function openPglite(dataDir: string, lock: boolean, loadDataDir?: Blob): Promise<OpenDatabase> {
  const inMemory = dataDir.startsWith("memory://");
  let release = () => {};
  if (!inMemory) {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.accessSync(dataDir, fs.constants.R_OK | fs.constants.W_OK);
    } catch (error) {
      throw dataDirError(dataDir, error);
    }
    if (lock) release = acquireDataDirLock(dataDir);
  }
  try {
    const client = inMemory ? new PGlite({ loadDataDir }) : new PGlite(path.join(dataDir, "pglite"));
    await client.waitReady;
    return {
      db: drizzlePglite(client, { schema }) as unknown as Db,
      kind: "pglite",
      pglite: client,
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw dataDirError(dataDir, error);
  }
}

async function migrateDatabase(migrator: Db, kind: OpenDatabase["kind"]) {
  if (kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite driver's own type
    await migratePglite(migrator as any, { migrationsFolder });
  } else {
    await migratePg(migrator, { migrationsFolder });
  }
}
