import { expect, test } from "vitest";
import { BENCH_FILTERS, filterPlanUsesIndex } from "#bench/filter-plans.ts";
import { generateCatalogue } from "#bench/generate-data.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { SORTS } from "./wholesaler-list-params.ts";

withTestDatabase();

// The bench catalogue's terms (bench/catalogue-generator.ts): most unknown, the three filters together
// matching about 2 % of the suppliers. Big enough that the planner prefers an index when it helps.
test("the term filters and 사업자 확인 are answered from indexes (the fact-mask index, with the category chip and every sort), never a table scan", {
  timeout: 120_000,
}, async () => {
  await generateCatalogue({ wholesalerCount: 5_000, productCount: 0 });
  const cases = [
    { facts: BENCH_FILTERS },
    { facts: BENCH_FILTERS, category: "식품" },
    { facts: ["single-unit", "image-use", "free-price"] as typeof BENCH_FILTERS },
    { facts: ["returns", "image-use"] as typeof BENCH_FILTERS, category: "의류" },
    // The seventh filter, 사업자 확인 (features/official-records): a bit of the same mask, from the same indexes.
    { facts: ["business-verified", "dropshipping"] as typeof BENCH_FILTERS },
    { facts: ["business-verified", "free-shipping"] as typeof BENCH_FILTERS, category: "식품" },
  ];
  for (const filters of cases) {
    for (const { value: sort } of SORTS) {
      const { plan, usesIndex } = await filterPlanUsesIndex({ ...filters, sort });
      expect(usesIndex, `${JSON.stringify(filters)} ${sort}:\n${plan}`).toBe(true);
    }
  }
});
