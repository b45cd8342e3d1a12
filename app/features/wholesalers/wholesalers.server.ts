import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { countForPaging } from "#app/db/paging.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { parseSearchQuery, searchFields } from "#app/features/search/korean-search.ts";
import { searchCondition } from "#app/features/search/search-sql.server.ts";
import { cleanCategoryName } from "./category-cleanup.ts";
import { siteHostOf } from "./site-host.ts";
import type { WholesalerSort } from "./wholesaler-list-params.ts";
import { WHOLESALERS_PER_PAGE } from "./wholesaler-list-params.ts";
import type { AdminWholesalerInput, SimpleWholesalerInput } from "./wholesaler-schema.ts";
import type { WholesalerCard, WholesalerDetail } from "./wholesaler-types.ts";

const cardColumns = {
  id: wholesalers.id,
  name: wholesalers.name,
  summary: wholesalers.summary,
  category: wholesalers.category,
  siteUrl: wholesalers.siteUrl,
  website: wholesalers.website,
  logoUrl: wholesalers.logoUrl,
  image: wholesalers.image,
  views: wholesalers.views,
};

const detailColumns = {
  ...cardColumns,
  contact: wholesalers.contact,
  delivery: wholesalers.delivery,
  purchase: wholesalers.purchase,
  international: wholesalers.international,
  createdAt: wholesalers.createdAt,
  updatedAt: wholesalers.updatedAt,
};

const ORDER: Record<WholesalerSort, SQL[]> = {
  // NULLS LAST like the indexes, so a page is read from wholesalers_views_idx / _created_idx.
  views: [descNullsLast(wholesalers.views), descNullsLast(wholesalers.id)],
  newest: [descNullsLast(wholesalers.createdAt), descNullsLast(wholesalers.id)],
  name: [asc(wholesalers.name), asc(wholesalers.id)],
};

type ListOptions = { q?: string; category?: string; sort?: WholesalerSort; page?: number; pageSize?: number; countCap?: number };

/**
 * One page of wholesalers for /list and the admin lists: searched (Korean-aware, from the grams
 * index), filtered by category, sorted and paged in the database. One count query (up to `countCap`
 * matches when given, see countForPaging), one page query.
 */
export async function listWholesalers({ q = "", category = "", sort = "views", page = 1, pageSize = WHOLESALERS_PER_PAGE, countCap }: ListOptions = {}) {
  const query = parseSearchQuery(q);
  const conditions: SQL[] = [];
  if (query) conditions.push(searchCondition({ grams: wholesalers.searchGrams, chosung: wholesalers.nameChosung, text: wholesalers.name }, query));
  if (category) conditions.push(eq(wholesalers.category, category));
  const where = conditions.length ? and(...conditions) : undefined;

  const [counted, items] = await Promise.all([
    countForPaging(wholesalers, where, { page, perPage: pageSize, cap: countCap }),
    db()
      .select(cardColumns)
      .from(wholesalers)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: items as WholesalerCard[], ...counted, page };
}

export async function getWholesaler(id: number): Promise<WholesalerDetail | null> {
  const [row] = await db().select(detailColumns).from(wholesalers).where(eq(wholesalers.id, id));
  return row ?? null;
}

/** Reads a wholesaler and counts the view in one atomic statement (concurrent views never lose a count). */
export async function viewWholesaler(id: number): Promise<WholesalerDetail | null> {
  const [row] = await db()
    .update(wholesalers)
    .set({ views: sql`${wholesalers.views} + 1` })
    .where(eq(wholesalers.id, id))
    .returning(detailColumns);
  return row ?? null;
}

/**
 * The stored form of a name and a site: search grams for the name, and the site host the bulk import
 * matches suppliers by. The two legacy shapes' address fields (siteUrl/website, logoUrl/image) are
 * kept equal, so whichever one an old reader uses shows the same site.
 */
function derived(name: string, siteUrl: string, logoUrl: string) {
  return { ...searchFields(name), siteUrl, website: siteUrl, siteHost: siteHostOf(siteUrl), logoUrl, image: logoUrl };
}

export async function createWholesaler(input: AdminWholesalerInput) {
  const [row] = await db()
    .insert(wholesalers)
    .values({ name: input.name, category: input.category, contact: input.contact, summary: input.summary, ...derived(input.name, input.siteUrl, input.logoUrl) })
    .returning({ id: wholesalers.id });
  return row!.id;
}

/** Saves the admin form over a wholesaler; false when there is no such wholesaler. */
export async function updateWholesaler(id: number, input: AdminWholesalerInput) {
  const rows = await db()
    .update(wholesalers)
    .set({
      name: input.name,
      category: input.category,
      contact: input.contact,
      summary: input.summary,
      ...derived(input.name, input.siteUrl, input.logoUrl),
      updatedAt: new Date(),
    })
    .where(eq(wholesalers.id, id))
    .returning({ id: wholesalers.id });
  return rows.length > 0;
}

/** The simple form (/admin/add): views start at 0 and the creation time is the server's. */
export async function createSimpleWholesaler(input: SimpleWholesalerInput) {
  const [row] = await db()
    .insert(wholesalers)
    .values({
      name: input.name,
      category: input.category,
      delivery: input.delivery,
      purchase: input.purchase,
      international: input.international,
      contact: input.contact,
      ...derived(input.name, input.website, input.image),
    })
    .returning({ id: wholesalers.id });
  return row!.id;
}

export async function deleteWholesaler(id: number) {
  const rows = await db().delete(wholesalers).where(eq(wholesalers.id, id)).returning({ id: wholesalers.id });
  return rows.length > 0;
}

export type CategoryChange = { id: number; name: string; before: string; after: string };

/**
 * Category cleanup (/admin/clean-categories): every stored category is mapped by cleanCategoryName,
 * one UPDATE per distinct value that changes, all in one transaction.
 */
export async function cleanCategories(): Promise<CategoryChange[]> {
  return db().transaction(async (tx) => {
    const distinct = await tx.selectDistinct({ category: wholesalers.category }).from(wholesalers);
    const changes: CategoryChange[] = [];
    for (const { category: before } of distinct) {
      const after = cleanCategoryName(before);
      if (after === before) continue;
      const rows = await tx
        .update(wholesalers)
        .set({ category: after, updatedAt: new Date() })
        .where(eq(wholesalers.category, before))
        .returning({ id: wholesalers.id, name: wholesalers.name });
      for (const row of rows) changes.push({ ...row, before, after });
    }
    return changes.sort((a, b) => a.name.localeCompare(b.name, "ko") || a.id - b.id);
  });
}
