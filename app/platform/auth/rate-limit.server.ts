import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { rateLimits } from "#app/db/schema.ts";
import { env } from "../../lib/env.server.ts";

/**
 * A fixed-window counter kept in the database, so every app process shares it (security-checklist 17).
 * One atomic upsert per hit: concurrent requests cannot both see a count below the limit. A hit taken
 * before the work it guards is a slot; `releaseRateLimit` gives it back when the work turned out not
 * to count (a login that succeeded, an attempt refused by another rule).
 */
export async function hitRateLimit(key: string, limit: number, windowMs: number) {
  const resetAt = new Date(Date.now() + windowMs);
  const [row] = await db()
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const count = row?.count ?? 1;
  return { allowed: count <= limit, count, retryAfterSeconds: secondsUntil(row?.resetAt ?? resetAt) };
}

/**
 * One of a day's allowance under `key` (an account's reviews, term reports, flags; `perDay` 0: no limit), and how to
 * give it back when the work it was taken for is refused by another rule.
 */
export async function dailySlot(key: string, perDay: number) {
  if (perDay === 0) return { allowed: true, retryAfterSeconds: 0, release: async () => {} };
  const hit = await hitRateLimit(key, perDay, 86_400_000);
  return { allowed: hit.allowed, retryAfterSeconds: hit.retryAfterSeconds, release: () => releaseRateLimit(key) };
}

/** Gives one slot of a key's current window back (never below 0; nothing when the window has ended). */
export async function releaseRateLimit(key: string) {
  await db()
    .update(rateLimits)
    .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.resetAt} > now()`);
}

/** The count of a key's current window without adding to it (0 when there is none or it has ended). */
export async function peekRateLimit(key: string) {
  const [row] = await db()
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.resetAt} > now()`);
  return { count: row?.count ?? 0, retryAfterSeconds: row ? secondsUntil(row.resetAt) : 0 };
}

/**
 * Uses up a key's current window at once (a service said its quota is spent): later hits are refused until
 * the window ends. Opens the window when there is none.
 */
export async function useUpRateLimit(key: string, limit: number, windowMs: number) {
  const resetAt = new Date(Date.now() + windowMs);
  await db()
    .insert(rateLimits)
    .values({ key, count: limit, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN ${limit}::int ELSE greatest(${rateLimits.count}, ${limit}::int) END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    });
}

/** Forgets a key, e.g. an address's failure count for an account after a successful login. */
export async function clearRateLimit(key: string) {
  await db().delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/**
 * Remembers a fact for `ttlMs` from now (e.g. "this address signed in to this account"), in the same
 * shared table so every server sees it and the housekeeping purge forgets it when it expires.
 */
export async function rememberKey(key: string, ttlMs: number) {
  const resetAt = new Date(Date.now() + ttlMs);
  await db()
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, resetAt } });
}

/** Whether `rememberKey` was called for the key and its time has not run out. */
export async function isRemembered(key: string): Promise<boolean> {
  const [row] = await db()
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.resetAt} > now()`);
  return (row?.count ?? 0) > 0;
}

function secondsUntil(moment: Date) {
  return Math.max(1, Math.ceil((moment.getTime() - Date.now()) / 1000));
}

/** The client address the server put on the request (server.ts); forged X-Forwarded-For is never read here. */
export function clientAddress(request: Request) {
  return request.headers.get("x-client-ip") ?? "unknown";
}

/**
 * The per-client-address allowance of the account forms (login, sign-up, password reset): AUTH_RATE_LIMIT attempts
 * a minute for each `kind` (0 turns it off). The seconds to wait when refused, else null.
 */
export async function addressLimited(request: Request, kind: string): Promise<number | null> {
  const limit = env().AUTH_RATE_LIMIT;
  if (limit === 0) return null;
  const result = await hitRateLimit(`${kind}:ip:${clientAddress(request)}`, limit, 60_000);
  return result.allowed ? null : result.retryAfterSeconds;
}
