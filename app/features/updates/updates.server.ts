import { and, count, eq, gt, type SQL, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { supplierNews, wholesalers } from "#app/db/schema.ts";
import type { SupplierChangeFollower } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { WHOLESALERS_PER_PAGE } from "#app/features/wholesalers/wholesaler-list-params.ts";
import type { WholesalerCard } from "#app/features/wholesalers/wholesaler-types.ts";
import { cardColumns, publishedOnly } from "#app/features/wholesalers/wholesalers.server.ts";
import { newsOfChange, UPDATES_DAYS } from "./update-kinds.ts";

/**
 * What is new in the directory (ui-contract.md "Reasons to come back", docs/decisions/0053): the updates' follower of
 * the change history keeps one `supplier_news` row per supplier in the writing transaction (a write that rolls back
 * leaves none), and /updates, /updates.xml and the saved searches' weekly job read it.
 */

/**
 * Follows supplier changes (docs/decisions/0051): a supplier that became public, or terms confirmed, updates its
 * news row (the terms of the last 30 days together) and marks it for the saved searches (`unmatched`).
 */
export const updatesFollower: SupplierChangeFollower = {
  name: "updates",
  follow: async (tx, change) => {
    const news = newsOfChange(change);
    if (!news) return;
    const terms = sql`ARRAY[${sql.join(
      news.terms.map((group) => sql`${group}`),
      sql`, `,
    )}]::text[]`;
    await tx
      .insert(supplierNews)
      .values({
        wholesalerId: change.wholesalerId,
        newAt: news.isNew ? sql`now()` : null,
        termsAt: news.terms.length ? sql`now()` : null,
        terms: news.terms.length ? terms : sql`'{}'::text[]`,
        newsAt: sql`now()`,
        unmatched: true,
      })
      .onConflictDoUpdate({
        target: supplierNews.wholesalerId,
        set: {
          newAt: sql`coalesce(excluded.new_at, ${supplierNews.newAt})`,
          termsAt: sql`coalesce(excluded.terms_at, ${supplierNews.termsAt})`,
          // The terms confirmed in the last 30 days, each once; older ones give way to the new.
          terms: sql`CASE WHEN excluded.terms_at IS NULL THEN ${supplierNews.terms}
            WHEN ${supplierNews.termsAt} > now() - make_interval(days => ${UPDATES_DAYS})
              THEN ARRAY(SELECT DISTINCT unnest(${supplierNews.terms} || excluded.terms) ORDER BY 1)
            ELSE excluded.terms END`,
          newsAt: sql`now()`,
          unmatched: true,
        },
      });
  },
};

export type SupplierUpdate = WholesalerCard & {
  /** Became public within the window (`새 도매처`). */
  isNew: boolean;
  /** The term groups confirmed within the window. */
  terms: string[];
  newsAt: Date;
};

const windowStart = (now: Date) => new Date(now.getTime() - UPDATES_DAYS * 86_400_000);

function updatesWhere(category: string, now: Date): SQL | undefined {
  return and(gt(supplierNews.newsAt, windowStart(now)), publishedOnly, category ? eq(wholesalers.category, category) : undefined);
}

const updateColumns = {
  ...cardColumns,
  newAt: supplierNews.newAt,
  termsAt: supplierNews.termsAt,
  terms: supplierNews.terms,
  newsAt: supplierNews.newsAt,
};

type UpdateRow = WholesalerCard & { newAt: Date | null; termsAt: Date | null; terms: string[] | null; newsAt: Date };

function asUpdate({ newAt, termsAt, terms, ...row }: UpdateRow, now: Date): SupplierUpdate {
  const since = windowStart(now).getTime();
  const recent = (at: Date | null) => at !== null && new Date(at).getTime() > since;
  return { ...row, newsAt: new Date(row.newsAt), isNew: recent(newAt), terms: recent(termsAt) ? (terms ?? []) : [] };
}

/**
 * One page of /updates: the published suppliers with news in the last 30 days, newest first, of one category chip or
 * all; read through `supplier_news_at_idx` (the window is a range of it).
 */
export async function listUpdates({ category = "", page = 1, pageSize = WHOLESALERS_PER_PAGE, now = new Date() } = {}) {
  const where = updatesWhere(category, now);
  const [[counted], rows] = await Promise.all([
    db().select({ total: count() }).from(supplierNews).innerJoin(wholesalers, eq(wholesalers.id, supplierNews.wholesalerId)).where(where),
    db()
      .select(updateColumns)
      .from(supplierNews)
      .innerJoin(wholesalers, eq(wholesalers.id, supplierNews.wholesalerId))
      .where(where)
      .orderBy(descNullsLast(supplierNews.newsAt), descNullsLast(supplierNews.wholesalerId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: (rows as UpdateRow[]).map((row) => asUpdate(row, now)),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** The newest entries of /updates.xml (the same window and chip). */
export async function latestUpdates({ category = "", limit = 50, now = new Date() } = {}): Promise<SupplierUpdate[]> {
  const rows = await db()
    .select(updateColumns)
    .from(supplierNews)
    .innerJoin(wholesalers, eq(wholesalers.id, supplierNews.wholesalerId))
    .where(updatesWhere(category, now))
    .orderBy(descNullsLast(supplierNews.newsAt), descNullsLast(supplierNews.wholesalerId))
    .limit(limit);
  return (rows as UpdateRow[]).map((row) => asUpdate(row, now));
}
