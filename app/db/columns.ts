import type { PgTable } from "drizzle-orm/pg-core";

/**
 * `{ id: table.id, name: table.name, … }` for the named columns: a select whose fields are named as the
 * table's columns, written once. Check it against a row type with `satisfies Record<keyof Row, unknown>`,
 * which fails to compile when a field of the row is left out.
 */
export function columnsOf<T extends PgTable, K extends keyof T & string>(table: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, table[key]])) as Pick<T, K>;
}
