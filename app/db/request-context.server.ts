import { AsyncLocalStorage } from "node:async_hooks";
import { createContext } from "react-router";
import { log } from "#app/lib/log.server.ts";
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
  /** Set when an error of this request was the database being out of reach: the answer becomes a 503. */
  unavailable: DatabaseUnavailableCause | undefined;
};

/**
 * Why a request was answered 503 with Retry-After, a value its log lines carry as `unavailableCause` (and a count
 * of 503s by cause can read, server/answers.ts `unavailableCauseOf`):
 * - `database down`: the database could not be reached (refused, cut, shutting down, PGlite closed);
 * - `pool exhausted`: every connection of this process's pool stayed busy for the pool's 5 s wait (load on
 *   this process, or a pool full of connections still trying to reach a database that does not answer);
 * - `draining`: the server is shutting down (/readyz).
 */
export type UnavailableCause = "database down" | "pool exhausted" | "draining";
export type DatabaseUnavailableCause = Exclude<UnavailableCause, "draining">;

const storage = new AsyncLocalStorage<RequestContext>();

/** The request context in React Router's `context` argument. */
export const requestContextKey = createContext<RequestContext>();

/** A request served from `database`; with `replica`, its reads come from the replica and its writes go to `database`. */
export function newRequestContext(database: OpenDatabase | undefined, replica?: OpenDatabase): RequestContext {
  return { database: replica ?? database, primary: database, fromReplica: Boolean(replica), unavailable: undefined };
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
 * error): when it was the database out of reach, the server answers 503 with Retry-After instead of 500.
 */
export function noteRequestError(error: unknown) {
  const context = storage.getStore();
  const cause = unavailableCause(error);
  if (context && cause) context.unavailable ??= cause;
}

/**
 * Logs an error a request failed with under its cause: a pool with no free connection is load, a warning of its
 * own (`pool exhausted`); the database out of reach is `database unavailable`; anything else `request failed`.
 */
export function logRequestError(error: unknown, fields: { request?: Request; requestId?: unknown; path?: string }) {
  const cause = unavailableCause(error);
  if (cause === "pool exhausted") log.warn("pool exhausted", { ...fields, unavailableCause: cause, error });
  else if (cause) log.error("database unavailable", { ...fields, unavailableCause: cause, error });
  else log.error("request failed", { ...fields, error });
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
  /^(Connection terminated|Connection terminated unexpectedly|Client has encountered a connection error and is not queryable|Cannot use a pool after calling end on the pool|PGlite is closed)$/;

/**
 * pg-pool's message when no connection of the pool became free within `connectionTimeoutMillis` (it says
 * "connect", but it is the wait for a busy pool: a connection attempt that times out says "Connection terminated
 * due to connection timeout").
 */
const POOL_WAIT_TIMED_OUT = "timeout exceeded when trying to connect";

/**
 * Why `error`, or an error it wraps (drizzle's "Failed query", Better Auth's "Failed to get session"), says the
 * database is out of reach, or undefined for a query that was wrong or a row that was refused.
 */
export function unavailableCause(error: unknown): DatabaseUnavailableCause | undefined {
  for (let current = error, depth = 0; current && depth < 6; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current !== "object") return undefined;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (message === POOL_WAIT_TIMED_OUT) return "pool exhausted";
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || POSTGRES_CODES.test(code))) return "database down";
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return "database down";
  }
  return undefined;
}

/** Whether `error` says the database is out of reach (down, or this process's pool exhausted). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCause(error) !== undefined;
}
