/**
 * The supplier-terms routes (/list with three term filters, /compare with four suppliers) as ratios to the
 * no-database reference page, loaded alternately in the same run, and the filtered list's plans.
 * `npm run bench -- --only terms` runs just these at 10,000 and 100,000 suppliers (docs/performance.md).
 */
import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { listConditions } from "#app/features/wholesalers/wholesalers.server.ts";
import { BENCH_FILTERS, filterPlanUsesIndex } from "./filter-plans.ts";
import { type LoadOptions, load, middle } from "./load.ts";
import type { ServerHandle } from "./server-process.ts";

/** /list with the bench's three term filters on (위탁 가능, 무료 배송, 반품 가능). */
export const FILTERED_LIST = `/list?${BENCH_FILTERS.map((fact) => `filter=${fact}`).join("&")}`;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Four suppliers with known terms (the columns of a real comparison) and the filtered list's plans. */
export async function termTargets() {
  const rows = await db().execute(sql`SELECT id FROM wholesalers WHERE fact_mask > 0 ORDER BY id LIMIT 4`);
  const ids = rows.rows.map((row) => Number((row as { id: number }).id));
  const plans = [];
  for (const sort of ["views", "newest", "name"] as const)
    plans.push({ sort, ...(await filterPlanUsesIndex({ facts: BENCH_FILTERS, sort })) });
  const matches = await db().execute(sql`SELECT count(*)::int AS n FROM wholesalers WHERE ${listConditions({ facts: BENCH_FILTERS })}`);
  return { compare: `/compare?ids=${ids.join(",")}`, plans, matches: Number((matches.rows[0] as { n: number }).n) };
}

/** The median of the per-round ratios, each round loading the filtered list, the comparison and the reference. */
export async function termRatios(server: ServerHandle, compareUrl: string, rounds: number, options: LoadOptions) {
  const measured = [];
  for (let i = 0; i < rounds; i++) {
    const filtered = await load(server, FILTERED_LIST, options);
    const compare = await load(server, compareUrl, options);
    const reference = await load(server, "/bench/reference-list", options);
    measured.push({ filtered, compare, reference });
  }
  return {
    filteredListToReference: round2(middle(measured.map((r) => r.filtered.reqPerSec / Math.max(1, r.reference.reqPerSec)))),
    compareToReference: round2(middle(measured.map((r) => r.compare.reqPerSec / Math.max(1, r.reference.reqPerSec)))),
    rounds: measured.map((r) => ({
      filtered: r.filtered.reqPerSec,
      compare: r.compare.reqPerSec,
      reference: r.reference.reqPerSec,
      filteredP90: r.filtered.p90,
      compareP90: r.compare.p90,
      non2xx: r.filtered.non2xx + r.compare.non2xx,
    })),
  };
}
