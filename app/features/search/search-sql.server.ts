import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { SearchQuery } from "./korean-search.ts";

type SearchColumns = { grams: AnyColumn; chosung: AnyColumn; text: AnyColumn };

/**
 * WHERE condition for a parsed query: the indexed `@>` on the grams narrows the rows, `strpos`
 * confirms the substring (no LIKE, so `%` and `_` in a query are plain characters).
 */
export function searchCondition(columns: SearchColumns, query: SearchQuery): SQL {
  const grams = sql`ARRAY[${sql.join(
    query.grams.map((g) => sql`${g}`),
    sql`, `,
  )}]::text[]`;
  const confirm = query.chosung
    ? sql`strpos(${columns.chosung}, ${query.text}) > 0`
    : sql`strpos(lower(${columns.text}), ${query.text}) > 0`;
  return sql`(${columns.grams} @> ${grams} AND ${confirm})`;
}

/** The same search without the index, for benchmarks that compare against a plain scan. */
export function unindexedSearchCondition(columns: SearchColumns, query: SearchQuery): SQL {
  return sql`${columns.text} ILIKE ${`%${query.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}
