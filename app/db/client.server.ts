import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { dataDirError } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { acquireDataDirLock } from "./data-dir-lock.server.ts";
import { currentRequestContext } from "./request-context.server.ts";
import * as schema from "./schema.ts";

/** Both drivers expose the same Drizzle PostgreSQL API; the pg type is used for both. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type OpenDatabase = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Raw PGlite handle (backups), when embedded. */
  pglite?: PGlite;
  /** The connection pool, on PostgreSQL. */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

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
  /** Folder for the embedded database; ignored with databaseUrl. `memory://` for an in-memory one. */
  dataDir?: string;
  /** Skip the lock (only for in-memory databases and tests). */
  lock?: boolean;
  /** Work that must happen once per database right after the migrations (the demo seed), under the same lock. */
  afterMigrate?: (open: OpenDatabase) => Promise<void>;
};

/** Any number that no other advisory lock of this application uses. */
const STARTUP_LOCK_KEY = 7_202_611;

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  const open = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir ?? "./data", options.lock ?? true);
  try {
    await underStartupLock(open, async () => {
      await migrateDatabase(open);
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
 * The embedded database is already exclusive to this process (the DATA_DIR lock).
 */
async function underStartupLock(open: OpenDatabase, work: () => Promise<void>) {
  if (!open.pool) return work();
  const client = await open.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    try {
      await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  pool.on("error", (error) => log.error("pg pool error", { error }));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(`DATABASE_URL could not be reached (${(error as Error).message}). 데이터베이스(DATABASE_URL)에 연결할 수 없습니다.`);
  }
  return { db: drizzlePg(pool, { schema }), kind: "postgres", pool, close: () => pool.end() };
}

async function openPglite(dataDir: string, lock: boolean): Promise<OpenDatabase> {
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
    const client = new PGlite(inMemory ? undefined : path.join(dataDir, "pglite"));
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

async function migrateDatabase(open: OpenDatabase) {
  if (open.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite driver's own type
    await migratePglite(open.db as any, { migrationsFolder });
  } else {
    await migratePg(open.db, { migrationsFolder });
  }
}
