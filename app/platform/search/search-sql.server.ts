import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { SearchQuery } from "./korean-search.ts";

/** `text` may be an expression over several columns (a supplier's name, summary, category and host). */
type SearchColumns = { grams: AnyColumn; chosung: AnyColumn; text: AnyColumn | SQL };

/**
 * A search as SQL in two equivalent forms (the grams are derived from the name on every write, so the
 * substring check alone finds the same rows):
 * - `indexed`: the `@>` on the grams, answered by the GIN index, then `strpos` confirms the substring
 *   (no LIKE, so `%` and `_` in a query are plain characters). For counting, and for pages of a search
 *   with few matches.
 * - `scan`: the substring check alone, which no index answers, so a page of a search with many matches
 *   walks the list's ordering index and stops after one page. With the `@>`, PostgreSQL estimates a
 *   query's grams as independent (nova = no × ov × va), guesses a few dozen matches where there are
 *   40,000, and reads and sorts all of them for a page of 24 (docs/performance.md, "A million products").
 */
export type SearchSql = { indexed: SQL; scan: SQL };

export function searchSql(columns: SearchColumns, query: SearchQuery): SearchSql {
  const grams = sql`ARRAY[${sql.join(
    query.grams.map((g) => sql`${g}`),
    sql`, `,
  )}]::text[]`;
  const confirm = query.chosung
    ? sql`strpos(${columns.chosung}, ${query.text}) > 0`
    : sql`strpos(lower(${columns.text}), ${query.text}) > 0`;
  return { indexed: sql`(${columns.grams} @> ${grams} AND ${confirm})`, scan: sql`(${confirm})` };
}

/** The indexed form alone (counts, and lists that need no page plan of their own). */
export function searchCondition(columns: SearchColumns, query: SearchQuery): SQL {
  return searchSql(columns, query).indexed;
}

/**
 * Beyond this many matches a page walks the ordering index (`scan`): one match in every N / 1,000 rows
 * or more, so a page of 24 is found within 24 × N / 1,000 index entries, and usually far fewer. Up to it,
 * the GIN index finds the few matches and they are sorted (`indexed`).
 */
export const DENSE_SEARCH_MATCHES = 1000;

/** The condition for the page query, chosen from what the count found. */
export function pageCondition(search: SearchSql | undefined, counted: { total: number; totalIsCapped: boolean }): SQL | undefined {
  if (!search) return undefined;
  return counted.totalIsCapped || counted.total > DENSE_SEARCH_MATCHES ? search.scan : search.indexed;
}

/** The same search without the index, for benchmarks that compare against a plain scan. */
export function unindexedSearchCondition(columns: SearchColumns, query: SearchQuery): SQL {
  return sql`${columns.text} ILIKE ${`%${query.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}
