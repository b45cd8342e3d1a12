import type { PGlite } from "@electric-sql/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type * as schema from "./schema.ts";

// The database's types on their own, so that the request context (which holds an open database) and the client
// (which reads the request context) do not import each other.

/** Both drivers expose the same Drizzle PostgreSQL API; the pg type is used for both. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type OpenDatabase = {
  db: Db;
  kind: "pglite" | "postgres";
  /** A read replica's name in the metrics (its host and port); unset for the primary. */
  name?: string;
  /** Raw PGlite handle (backups), when embedded. */
  pglite?: PGlite;
  /** The connection pool, on PostgreSQL. */
  pool?: pg.Pool;
  close: () => Promise<void>;
};
