import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { rateLimits } from "#app/db/schema.ts";

/**
 * A fixed-window counter kept in the database, so every app process shares it (security-checklist 17).
 * One atomic upsert per hit: concurrent requests cannot both see a count below the limit.
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
  const retryAfterSeconds = Math.max(1, Math.ceil(((row?.resetAt ?? resetAt).getTime() - Date.now()) / 1000));
  return { allowed: count <= limit, count, retryAfterSeconds };
}

/** The count of a key's current window without adding to it (0 when there is none or it has ended). */
export async function peekRateLimit(key: string) {
  const [row] = await db()
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.resetAt} > now()`);
  return { count: row?.count ?? 0, retryAfterSeconds: row ? Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)) : 0 };
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

/** Forgets a key, e.g. an account's failure count after a successful login. */
export async function clearRateLimit(key: string) {
  await db().delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** The client address the server put on the request (server.ts); forged X-Forwarded-For is never read here. */
export function clientAddress(request: Request) {
  return request.headers.get("x-client-ip") ?? "unknown";
}
