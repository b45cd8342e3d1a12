import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { generateCatalogue } from "#bench/generate-data.ts";
import { QUERY_CLASSES } from "#bench/catalogue-generator.ts";
import { planUsesIndex } from "#bench/search-timing.ts";
import { db } from "#app/db/client.server.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { parseSearchQuery, searchFields } from "./korean-search.ts";
import { searchCondition } from "./search-sql.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { PUBLIC_COUNT_CAP } from "#app/db/paging.server.ts";
import { products, wholesalers } from "#app/db/schema.ts";
import { listProducts, PRODUCTS_PER_PAGE } from "#app/features/products/products.server.ts";

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

  // Every generated name ends in "N호": a search with more matches than the count's cap (its count may
  // read the table until the cap: every row matches). Its page walks the newest-first index and stops
  // after 24 rows instead of reading and sorting 20,000 matches, and it is the page the indexed form finds.
  const dense = await planUsesIndex("호");
  expect(dense.plan).toMatch(/count \(1000\+ matches\)/);
  const pagePlan = dense.plan.split("page:\n")[1] ?? "";
  expect(pagePlan, dense.plan).toMatch(/^Limit.*\n\s*->\s+Index Scan using products_created_idx/);
  expect(pagePlan, dense.plan).not.toMatch(/Sort|Seq Scan|Bitmap/);
  const served = await listProducts({ q: "호", countCap: PUBLIC_COUNT_CAP });
  const indexed = await db()
    .select({ id: products.id })
    .from(products)
    .where(searchCondition({ grams: products.searchGrams, chosung: products.nameChosung, text: products.name }, parseSearchQuery("호")!))
    .orderBy(descNullsLast(products.createdAt), descNullsLast(products.id))
    .limit(PRODUCTS_PER_PAGE);
  expect(served.items.map((p) => p.id)).toEqual(indexed.map((p) => p.id));
  expect(served.items).toHaveLength(PRODUCTS_PER_PAGE);

  // 1,500 more "Nova" products: "nova" now matches ~2,300 rows, but PostgreSQL multiplies the shares of
  // its grams (no × ov × va) and expects a few dozen. With the grams in the page query it read and sorted
  // every match; the count's verdict makes it walk the newest-first index instead.
  const novas = Array.from({ length: 1_500 }, (_, i) => {
    const name = `Nova 세트 ${i}`;
    return { name, createdBy: null, ...searchFields(name) };
  });
  await db().insert(products).values(novas);
  await db().execute(sql`ANALYZE products`);
  const nova = await planUsesIndex("nova");
  expect(nova.usesIndex, nova.plan).toBe(true);
  expect(nova.plan).toMatch(/count \(1000\+ matches\)/);
  expect(nova.plan.split("page:\n")[1], nova.plan).not.toMatch(/Sort|Bitmap/);
});
