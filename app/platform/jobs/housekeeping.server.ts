import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { seoulDay } from "#app/lib/format.ts";

const DAY_MS = 86_400_000;

/**
 * Rows whose time is up and that nothing reads again: finished rate-limit windows, expired sessions,
 * Better Auth verification values, unused one-time links, og:image answers past their expiry, and the
 * suppliers' visitor rows older than two days (a view counts once per visitor per Korean day, ADR 0005), expired
 * claim codes and alert digests older than 90 days.
 * Each entry names the table, the column that says until when a row matters and the value it is compared
 * with, and a key to delete by (`ctid`, the row's own address, for the table whose key has three columns).
 */
const EXPIRING = [
  { table: "rate_limits", column: "reset_at", key: "key", before: (now: Date) => sql`${now.toISOString()}::timestamptz` },
  { table: "session", column: "expires_at", key: "id", before: (now: Date) => sql`${now.toISOString()}::timestamptz` },
  { table: "verification", column: "expires_at", key: "id", before: (now: Date) => sql`${now.toISOString()}::timestamptz` },
  { table: "user_tokens", column: "expires_at", key: "token_hash", before: (now: Date) => sql`${now.toISOString()}::timestamptz` },
  { table: "og_image_cache", column: "expires_at", key: "url", before: (now: Date) => sql`${now.toISOString()}::timestamptz` },
  { table: "wholesaler_views", column: "day", key: "ctid", before: (now: Date) => sql`${seoulDay(now.getTime() - 2 * DAY_MS)}::date` },
  // Claim codes past their 7 days (공급사 인증, ADR 0035): a new claim makes a new one.
  { table: "claim_codes", column: "expires_at", key: "ctid", before: (now: Date) => sql`${now.toISOString()}::timestamptz` },
  // 찜 alert digests older than 90 days (ADR 0036): only today's row matters for the once-a-day rule.
  { table: "alert_digests", column: "day", key: "id", before: (now: Date) => sql`${seoulDay(now.getTime() - 90 * DAY_MS)}::date` },
] as const;

export type PurgeCounts = Record<(typeof EXPIRING)[number]["table"], number>;

/**
 * Deletes expired rows in bounded batches (at most `batchSize` rows per statement, so no statement
 * holds locks for long or builds a huge transaction), yielding between batches because PGlite runs on
 * the main thread. Safe to run on several servers at once: a row is deleted once, whoever gets it.
 * The job runner runs it every hour (app/app-lifecycle.server.ts).
 */
export async function purgeExpired({ batchSize = 1000, now = new Date() }: { batchSize?: number; now?: Date } = {}): Promise<PurgeCounts> {
  const counts = {} as PurgeCounts;
  for (const { table, column, key, before } of EXPIRING) {
    counts[table] = 0;
    for (;;) {
      // `= ANY(ARRAY(…))` rather than `IN (…)`: for ctid PostgreSQL then fetches the batch's rows directly.
      const result = await db().execute(sql`
        DELETE FROM ${sql.identifier(table)}
        WHERE ${sql.identifier(key)} = ANY(ARRAY(
          SELECT ${sql.identifier(key)} FROM ${sql.identifier(table)}
          WHERE ${sql.identifier(column)} < ${before(now)}
          LIMIT ${batchSize}
        ))`);
      const deleted = Number(
        (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
      );
      counts[table] += deleted;
      if (deleted < batchSize) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return counts;
}

/** How often the job runner purges (app/app-lifecycle.server.ts schedules it once per period across servers). */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;
