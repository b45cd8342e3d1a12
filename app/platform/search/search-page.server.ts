import { type AnyColumn, inArray, type SQL, sql } from "drizzle-orm";
import type { PgTable, SelectedFields } from "drizzle-orm/pg-core";
import { db } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { atLeast, countForPaging, countLimit, type Page, type PageCount } from "#app/db/paging.server.ts";
import { parseSearchQuery } from "./korean-search.ts";
import { DENSE_SEARCH_MATCHES, pageCondition, type SearchSql, searchSql } from "./search-sql.server.ts";

/**
 * A public search counts its matches only this far ("100개 이상"), whatever cap the list has without a
 * search: finding 100 matches of a common word costs the same at any catalogue size, finding 1,000 does
 * not (docs/decisions/0024).
 */
export const SEARCH_COUNT_CAP = 100;

/** How many of the newest rows are looked at to tell a common word from a rare one. */
export const SEARCH_SAMPLE_ROWS = 1000;
/** One match in a hundred of the newest rows or more: common, found by walking the newest-first order. */
export const COMMON_SAMPLE_MATCHES = 10;
/**
 * The walk for a common word gives up after this many rows per match it needs (one in 200: half the
 * share the sample promised), so a word that is common only among the newest rows costs a bounded walk
 * before the gram index takes over.
 */
export const WALK_ROWS_PER_MATCH = 200;
/**
 * A rare word with more than `DENSE_SEARCH_MATCHES` matches walks at most this many rows per match on its
 * page (one in a thousand) before its matches are found from the gram index and sorted: spread thinly,
 * its page is a short walk; all old, the walk gives up after a bounded stretch.
 */
export const THIN_WALK_ROWS_PER_MATCH = 1000;

/** A list searched newest first: its table and the two columns of its ordering index. */
export type NewestFirst = { table: PgTable; createdAt: AnyColumn; id: AnyColumn };

const newestFirst = (list: NewestFirst) => sql`ORDER BY ${list.createdAt} DESC NULLS LAST, ${list.id} DESC NULLS LAST`;

/** How many of the newest `SEARCH_SAMPLE_ROWS` rows match (read from the ordering index, never the whole table). */
export function sampleQuery(list: NewestFirst, search: SearchSql): SQL {
  return sql`SELECT count(*) FILTER (WHERE hit)::int AS hits FROM (SELECT ${search.scan} AS hit FROM ${list.table} ${newestFirst(list)} LIMIT ${SEARCH_SAMPLE_ROWS}) newest`;
}

/** The ids of the first `need` matches in list order, looking at no more than `window` rows. */
export function walkQuery(list: NewestFirst, search: SearchSql, need: number, window: number): SQL {
  return sql`SELECT id FROM (SELECT ${list.id} AS id, ${list.createdAt} AS created_at, ${search.scan} AS hit FROM ${list.table} ${newestFirst(list)} LIMIT ${window}) newest WHERE hit ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${need}`;
}

export type SearchPage<T> = PageCount & { items: T[] };

/** The ids of the first `need` matches in list order within the newest `window` rows (fewer if the window ends first). */
async function walkIds(list: NewestFirst, search: SearchSql, need: number, window: number) {
  const walked = await db().execute(walkQuery(list, search, need, window));
  return walked.rows.map((row) => Number((row as { id: number }).id));
}

/** How many of the newest `SEARCH_SAMPLE_ROWS` rows match. */
export async function sampleHits(list: NewestFirst, search: SearchSql) {
  const sampled = await db().execute(sampleQuery(list, search));
  return Number((sampled.rows[0] as { hits: number } | undefined)?.hits ?? 0);
}

/**
 * One page of a list, newest first, with a search or without, counted up to `cap` (exactly when no cap).
 * `rows(where, limit, offset)` reads the page's cards in list order.
 *
 * A capped search picks its plan from what it finds, because the gram index costs what the query's grams
 * occur in, which grows with the catalogue (docs/performance.md, "A million products"):
 * - a common word (one match in a hundred of the newest rows or more) is found by walking the newest-first
 *   index: the first `SEARCH_COUNT_CAP` + 1 matches (more on deep pages) are a few thousand rows at any
 *   catalogue size, and give both the page and "100개 이상";
 * - a rare word is counted from the gram index, which costs what its grams occur in, as far as its page
 *   plan needs (`DENSE_SEARCH_MATCHES`, shown only up to the search's cap). Up to that many matches they are
 *   sorted for the page; past it, a bounded walk finds the page of a word spread thinly through the
 *   catalogue, and the matches of a word whose matches are all old are sorted.
 */
export async function findSearchPage<T>(
  list: NewestFirst,
  search: SearchSql | undefined,
  { page, perPage, cap }: { page: number; perPage: number; cap?: number },
  rows: (where: SQL | undefined, limit: number, offset: number) => Promise<T[]>,
): Promise<SearchPage<T>> {
  const offset = (page - 1) * perPage;
  if (!search || cap === undefined) {
    const totals = await countForPaging(list.table, search?.indexed, { page, perPage, cap });
    return { items: await rows(pageCondition(search, totals), perPage, offset), ...totals };
  }
  const fromIds = async (ids: number[], totals: PageCount) => ({
    items: ids.length ? await rows(inArray(list.id, ids), perPage, 0) : [],
    ...totals,
  });
  const searchCap = Math.min(cap, SEARCH_COUNT_CAP);
  const limit = countLimit(searchCap, page, perPage);
  const atLeastLimit = atLeast(limit, perPage);
  if ((await sampleHits(list, search)) >= COMMON_SAMPLE_MATCHES) {
    const ids = await walkIds(list, search, limit + 1, (limit + 1) * WALK_ROWS_PER_MATCH);
    if (ids.length > limit) {
      return fromIds(ids.slice(offset, offset + perPage), atLeastLimit);
    }
  }
  // A rare word: counted from the gram index as far as its page plan needs, shown up to the search's cap.
  const counted = await countForPaging(list.table, search.indexed, { page, perPage, cap: Math.max(searchCap, DENSE_SEARCH_MATCHES) });
  const totals = counted.total > limit ? atLeastLimit : counted;
  if (counted.totalIsCapped) {
    const ids = await walkIds(list, search, offset + perPage, (offset + perPage) * THIN_WALK_ROWS_PER_MATCH);
    if (ids.length === offset + perPage) return fromIds(ids.slice(offset), totals);
  }
  return { items: await rows(search.indexed, perPage, offset), ...totals };
}

/** A catalogue searched by name, newest first: its list and the columns a search reads (docs/decisions/0002). */
export type Catalogue = NewestFirst & { grams: AnyColumn; chosung: AnyColumn; name: AnyColumn };

/** A catalogue table: its newest-first columns and the search columns every catalogue has (`searchColumns()` in db/schema.ts). */
type CatalogueTable = PgTable & { id: AnyColumn; createdAt: AnyColumn; searchGrams: AnyColumn; nameChosung: AnyColumn };

/** The catalogue of `table`, searched by its `name` column (a product's name, an external product's title). */
export function catalogueOf(table: CatalogueTable, name: AnyColumn): Catalogue {
  return { table, createdAt: table.createdAt, id: table.id, grams: table.searchGrams, chosung: table.nameChosung, name };
}

/**
 * One page of a catalogue (the products, the external products), newest first, filtered by name when `q` is
 * given, counted up to `countCap` when given (`findSearchPage`): the one query both catalogues run. `cards` are the
 * columns of a card, named as the `Row` the caller reads them as.
 */
export async function listCataloguePage<Row>(
  catalogue: Catalogue,
  cards: SelectedFields,
  { q, page = 1, perPage, countCap }: { q?: string | null; page?: number; perPage: number; countCap?: number },
): Promise<Page<Row>> {
  const query = parseSearchQuery(q);
  const search = query ? searchSql({ grams: catalogue.grams, chosung: catalogue.chosung, text: catalogue.name }, query) : undefined;
  const found = await findSearchPage(catalogue, search, { page, perPage, cap: countCap }, (where, limit, offset) =>
    db()
      .select(cards)
      .from(catalogue.table)
      .where(where)
      .orderBy(descNullsLast(catalogue.createdAt), descNullsLast(catalogue.id))
      .limit(limit)
      .offset(offset)
      .then((rows) => rows as Row[]),
  );
  return { ...found, page };
}
