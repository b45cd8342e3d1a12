import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * `column DESC NULLS LAST`: the order the schema's descending indexes are built in (drizzle's
 * `index().on(col.desc())` writes DESC NULLS LAST). A plain `desc(col)` means DESC NULLS FIRST, which
 * no such index serves, so PostgreSQL reads and sorts the whole table for every page instead.
 */
export function descNullsLast(column: AnyColumn): SQL {
  return sql`${column} desc nulls last`;
}
