import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { generateCatalogue } from "#bench/generate-data.ts";
import { QUERY_CLASSES } from "#bench/catalogue-generator.ts";
import { planUsesIndex } from "#bench/search-timing.ts";
import { db } from "#app/db/client.server.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { parseSearchQuery } from "./korean-search.ts";
import { searchCondition } from "./search-sql.server.ts";
import { wholesalers } from "#app/db/schema.ts";

withTestDatabase();

// A catalogue big enough that the planner prefers the index when it helps (statistics after ANALYZE).
test("every search class is answered from the gram index, not a table scan", { timeout: 120_000 }, async () => {
  await generateCatalogue({ wholesalerCount: 3_000, productCount: 20_000 });
  for (const queries of Object.values(QUERY_CLASSES)) {
    for (const q of queries) {
      const { plan, usesIndex } = await planUsesIndex(q);
      expect(usesIndex, `${q}:\n${plan}`).toBe(true);
    }
  }
  const parsed = parseSearchQuery("의류")!;
  const result = await db().execute(
    sql`EXPLAIN SELECT id FROM wholesalers WHERE ${searchCondition({ grams: wholesalers.searchGrams, chosung: wholesalers.nameChosung, text: wholesalers.name }, parsed)} LIMIT 40`,
  );
  expect(result.rows.map((r) => Object.values(r as object)[0]).join("\n")).toContain("wholesalers_search_grams_idx");
});
