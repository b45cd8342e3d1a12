import { count, type SQL, sql } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import { db } from "./client.server.ts";

/**
 * Public lists count their matches only this far: counting every one of 5,000 rows that contain a
 * one-syllable word costs more than finding the page itself (docs/performance.md). Past the cap a
 * page says "1,000개 이상" and the pager still reaches every page around the current one. A product search
 * counts to less (platform/search/search-page.server.ts, SEARCH_COUNT_CAP).
 */
export const PUBLIC_COUNT_CAP = 1000;

export type PageCount = { total: number; totalIsCapped: boolean; pageCount: number };

/** How far a capped count goes on `page`: the cap, raised so the two pages after this one always exist inside it. */
export function countLimit(cap: number, page: number, perPage: number) {
  return Math.max(cap, (page + 2) * perPage);
}

/** "At least `limit`": more rows than the limit were found; the pager offers the page after the limit's last. */
export function atLeast(limit: number, perPage: number): PageCount {
  return { total: limit, totalIsCapped: true, pageCount: Math.ceil((limit + 1) / perPage) };
}

/**
 * The total a pager needs for `where`: exact without a cap, otherwise counted up to the cap (raised
 * so the two pages after `page` are always inside it). A capped total means "at least `total`", and
 * its pageCount is one page past the cap, so "다음" stays available.
 */
export async function countForPaging(
  table: PgTable,
  where: SQL | undefined,
  { page, perPage, cap }: { page: number; perPage: number; cap?: number },
): Promise<PageCount> {
  if (cap === undefined) {
    const [row] = await db().select({ n: count() }).from(table).where(where);
    const total = row?.n ?? 0;
    return { total, totalIsCapped: false, pageCount: Math.max(1, Math.ceil(total / perPage)) };
  }
  const limit = countLimit(cap, page, perPage);
  const matches = db()
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(limit + 1)
    .as("matches");
  const [row] = await db().select({ n: count() }).from(matches);
  const counted = row?.n ?? 0;
  if (counted > limit) return atLeast(limit, perPage);
  return { total: counted, totalIsCapped: false, pageCount: Math.max(1, Math.ceil(counted / perPage)) };
}

/** One page of a list, with the total (capped, see `countForPaging`) and the page count. */
export type Page<T> = { items: T[]; total: number; totalIsCapped: boolean; page: number; pageCount: number };

/**
 * One page of a list counted exactly (the admin queues): `rows` is the list's select in its order (made
 * `$dynamic()`, without a where); the page counts and selects the rows of `where` in `table`, so the total and
 * the rows are always of the same condition.
 */
export async function exactPage<Query extends PgSelect>(
  table: PgTable,
  where: SQL | undefined,
  { page, perPage }: { page: number; perPage: number },
  rows: Query,
): Promise<Page<Query["_"]["result"][number]>> {
  const [counted, items] = await Promise.all([
    countForPaging(table, where, { page, perPage }),
    rows
      .where(where)
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return { items, page, ...counted };
}
