import { AsyncLocalStorage } from "node:async_hooks";
import { createContext } from "react-router";
import type { OpenDatabase } from "./database-types.ts";

/**
 * What the server hands each request (docs/decisions/0027): the database it reads from, the one it writes to,
 * and whether a database failed it. server/app.ts makes one per request and runs the request inside it, so
 * `db()` anywhere under a loader or an action reads this request's database without being passed it; React
 * Router gets the same object in its typed `context` (`context.get(requestContextKey)`).
 *
 * Reads of an anonymous list, search or detail page may come from a read replica (DATABASE_REPLICA_URLS,
 * server/read-routing.ts, docs/decisions/0034): `database` is then the replica and `primary` the primary, which
 * the few writes of such a page (a counted view) name with `primaryDb()`. Everything else reads the primary.
 */
export type RequestContext = {
  /** Where `db()` reads. Unset only in tests that serve no database (db() then falls back to the process's). */
  readonly database: OpenDatabase | undefined;
  /** Where this request's writes go (`primaryDb()`): the primary, also when `database` is a replica. */
  readonly primary: OpenDatabase | undefined;
  /** True when `database` is a read replica. */
  readonly fromReplica: boolean;
  /** Set when an error of this request was the database being unreachable: the answer becomes a 503. */
  databaseUnavailable: boolean;
};

const storage = new AsyncLocalStorage<RequestContext>();

/** The request context in React Router's `context` argument. */
export const requestContextKey = createContext<RequestContext>();

/** A request served from `database`; with `replica`, its reads come from the replica and its writes go to `database`. */
export function newRequestContext(database: OpenDatabase | undefined, replica?: OpenDatabase): RequestContext {
  return { database: replica ?? database, primary: database, fromReplica: Boolean(replica), databaseUnavailable: false };
}

/** Runs `work` (and everything it awaits) as part of the request `context`. */
export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the request being served, or undefined outside a request (jobs, scripts, tests). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * Notes an error a request failed with (app/entry.server.tsx's handleError sees every loader and action
 * error): when it was the database being unreachable, the server answers 503 with Retry-After instead of 500.
 */
export function noteRequestError(error: unknown) {
  const context = storage.getStore();
  if (context && isDatabaseUnavailable(error)) context.databaseUnavailable = true;
}

/** Node's codes for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/**
 * PostgreSQL's: connection exceptions (08…), operator intervention (57P01 terminated by an administrator,
 * 57P02 crash, 57P03 starting up or shutting down), too many connections, and a database that is gone.
 */
const POSTGRES_CODES = /^(08\d{3}|57P0[1-3]|53300|3D000)$/;
/** The messages of pg and PGlite for a connection or handle that is gone. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Connection terminated unexpectedly|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Cannot use a pool after calling end on the pool|PGlite is closed)$/;

/**
 * Whether `error`, or an error it wraps (drizzle's "Failed query", Better Auth's "Failed to get session"),
 * says the database cannot be reached, as opposed to a query that was wrong or a row that was refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current !== "object") return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || POSTGRES_CODES.test(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
