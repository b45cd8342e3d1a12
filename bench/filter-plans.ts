/**
 * The plans of /list with term filters (wholesalers_fact_mask_idx): the capped count and the page, as
 * listWholesalers runs them, for npm test (a plan check) and npm run bench (printed beside the timings).
 */
import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { PUBLIC_COUNT_CAP } from "#app/db/paging.server.ts";
import type { Fact } from "#app/db/term-values.ts";
import { WHOLESALERS_PER_PAGE, type WholesalerSort } from "#app/features/wholesalers/wholesaler-list-params.ts";
import { listConditions } from "#app/features/wholesalers/wholesalers.server.ts";

const ORDER_SQL: Record<WholesalerSort, string> = {
  views: "views DESC NULLS LAST, id DESC NULLS LAST",
  newest: "created_at DESC NULLS LAST, id DESC NULLS LAST",
  name: "name, id",
};

async function explain(query: ReturnType<typeof sql>) {
  const result = await db().execute(sql`EXPLAIN ${query}`);
  return result.rows.map((r) => String(Object.values(r as object)[0])).join("\n");
}

/** The three filters the bench turns on: 위탁 가능, 무료 배송, 반품 가능. */
export const BENCH_FILTERS: Fact[] = ["dropshipping", "free-shipping", "returns"];

/**
 * Whether both queries of one filtered /list come from indexes: the count from an index that holds
 * the mask (wholesalers_fact_mask_idx, or wholesalers_category_idx with a category chip), the page's ids
 * from one of those or from the sort's own index, and neither from a scan of the whole table.
 */
export async function filterPlanUsesIndex({ facts, category = "", sort }: { facts: Fact[]; category?: string; sort: WholesalerSort }) {
  const where = listConditions({ facts, category })!;
  const countPlan = await explain(
    sql`SELECT count(*) FROM (SELECT 1 FROM wholesalers WHERE ${where} LIMIT ${PUBLIC_COUNT_CAP + 1}) matches`,
  );
  const pagePlan = await explain(
    sql`SELECT id FROM wholesalers WHERE ${where} ORDER BY ${sql.raw(ORDER_SQL[sort])} LIMIT ${WHOLESALERS_PER_PAGE}`,
  );
  const noScan = (plan: string) => !/Seq Scan on wholesalers/.test(plan);
  return {
    plan: `count:\n${countPlan}\npage (${sort}):\n${pagePlan}`,
    usesIndex:
      /wholesalers_(fact_mask|category)_idx/.test(countPlan) &&
      noScan(countPlan) &&
      /wholesalers_(fact_mask|views|created|name|category)_idx/.test(pagePlan) &&
      noScan(pagePlan),
  };
}
