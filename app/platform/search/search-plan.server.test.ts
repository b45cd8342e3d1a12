import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { PUBLIC_COUNT_CAP } from "#app/db/paging.server.ts";
import { products, wholesalers } from "#app/db/schema.ts";
import { listProducts, PRODUCTS_PER_PAGE } from "#app/features/products/products.server.ts";
import {
  listConditions,
  othersOfCategory,
  publishedOnly,
  suggestionCandidates,
  WHOLESALER_SEARCH,
} from "#app/features/wholesalers/wholesalers.server.ts";
import { QUERY_CLASSES, RARE_QUERY_CLASS } from "#bench/catalogue-generator.ts";
import { generateCatalogue } from "#bench/generate-data.ts";
import { planUsesIndex } from "#bench/search-timing.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { parseSearchQuery, searchFields } from "./korean-search.ts";
import { searchCondition, searchSql } from "./search-sql.server.ts";

withTestDatabase();

const productColumns = { grams: products.searchGrams, chosung: products.nameChosung, text: products.name };

/** The first page of `q` the plain way: every match from the gram index, sorted newest first. */
async function indexedPage(q: string) {
  const rows = await db()
    .select({ id: products.id })
    .from(products)
    .where(searchCondition(productColumns, parseSearchQuery(q)!))
    .orderBy(descNullsLast(products.createdAt), descNullsLast(products.id))
    .limit(PRODUCTS_PER_PAGE);
  return rows.map((row) => row.id);
}

async function explain(query: ReturnType<typeof sql>) {
  const result = await db().execute(sql`EXPLAIN ${query}`);
  return result.rows.map((r) => Object.values(r as object)[0]).join("\n");
}

async function addProducts(names: string[], createdAt?: Date) {
  await db()
    .insert(products)
    .values(
      names.map((name) => ({ name, createdBy: null, ...searchFields(name), ...(createdAt ? { createdAt, updatedAt: createdAt } : {}) })),
    );
  await db().execute(sql`ANALYZE products`);
}

// A catalogue big enough that the planner prefers the index when it helps (statistics after ANALYZE).
test("every search is answered from an index: common words by walking the newest-first order, rare ones from the grams", {
  timeout: 120_000,
}, async () => {
  await generateCatalogue({ wholesalerCount: 3_000, productCount: 20_000 });
  // The five classes match 2–5 % of the generated names: common words, walked.
  for (const queries of Object.values(QUERY_CLASSES)) {
    for (const q of queries) {
      const { plan, usesIndex, path } = await planUsesIndex(q);
      expect(usesIndex, `${q}:\n${plan}`).toBe(true);
      expect(path, `${q}:\n${plan}`).toBe("walk");
      const served = await listProducts({ q, countCap: PUBLIC_COUNT_CAP });
      expect(served).toMatchObject({ total: 100, totalIsCapped: true });
      expect(served.items.map((p) => p.id)).toEqual(await indexedPage(q));
    }
  }
  // A brand and a word together: one name in a thousand, counted from the gram index, exactly.
  for (const q of RARE_QUERY_CLASS.rareTwoWords) {
    const { plan, usesIndex, path } = await planUsesIndex(q);
    expect(usesIndex, `${q}:\n${plan}`).toBe(true);
    expect(path, `${q}:\n${plan}`).toBe("grams");
    const served = await listProducts({ q, countCap: PUBLIC_COUNT_CAP });
    expect(served.totalIsCapped).toBe(false);
    expect(served.total).toBe((await listProducts({ q })).total);
    expect(served.items.map((p) => p.id)).toEqual(await indexedPage(q));
  }
  const parsed = parseSearchQuery("의류")!;
  const result = await db().execute(
    sql`EXPLAIN SELECT id FROM wholesalers WHERE ${searchCondition({ grams: wholesalers.searchGrams, chosung: wholesalers.nameChosung, text: wholesalers.name }, parsed)} LIMIT 40`,
  );
  expect(result.rows.map((r) => Object.values(r as object)[0]).join("\n")).toContain("wholesalers_search_grams_idx");
  // /list's search of names, summaries, categories and hosts: the text grams' index, for a common and a rare word.
  for (const q of ["의류", "텀블러", "domeggook"]) {
    const plan = await explain(sql`SELECT count(*) FROM wholesalers WHERE ${listConditions({ q })}`);
    expect(plan, `${q}:\n${plan}`).toContain("wholesalers_text_grams_idx");
  }
  // A seller's word for a category (`옷` → 의류): the category's other suppliers, a page of them, from an index.
  for (const sort of [sql`views DESC NULLS LAST, id DESC NULLS LAST`, sql`created_at DESC NULLS LAST, id DESC NULLS LAST`]) {
    const others = othersOfCategory(searchSql(WHOLESALER_SEARCH, parseSearchQuery("옷")!), "의류", publishedOnly);
    const plan = await explain(sql`SELECT id FROM wholesalers WHERE ${others} ORDER BY ${sort} LIMIT 40`);
    expect(plan, plan).toMatch(/wholesalers_category_idx|wholesalers_views_idx|wholesalers_created_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan/);
  }
  // The suggestion's candidates for a search that found nothing: names sharing a syllable, from an index.
  const candidates = await explain(sql`${suggestionCandidates("도메꾹")}`);
  expect(candidates).toMatch(/wholesalers_search_grams_idx|wholesalers_views_idx/);
  expect(candidates).not.toMatch(/Seq Scan/);

  // Common among the newest rows only: 50 new "Qux" products. The sample calls the word common, the walk
  // gives up after its bounded window, and the gram index counts the 50 exactly.
  await addProducts(Array.from({ length: 50 }, (_, i) => `Qux 신상 ${i}`));
  const qux = await listProducts({ q: "qux", countCap: PUBLIC_COUNT_CAP });
  expect(qux).toMatchObject({ total: 50, totalIsCapped: false, pageCount: 3 });
  expect(qux.items.map((p) => p.id)).toEqual(await indexedPage("qux"));

  // 1,500 "Zeno" products from a year ago: "zeno" matches 1,500 rows, none among the newest, so the gram
  // index counts it (past 1,000, shown as "100개 이상"); its page comes from a bounded walk or, past the
  // walk's window, from the gram index: the same page either way.
  await addProducts(
    Array.from({ length: 1_500 }, (_, i) => `Zeno 세트 ${i}`),
    new Date(Date.now() - 365 * 24 * 3600 * 1000),
  );
  const zeno = await planUsesIndex("zeno");
  expect(zeno.usesIndex, zeno.plan).toBe(true);
  expect(zeno.plan).toMatch(/count \(1000\+ matches\)/);
  const served = await listProducts({ q: "zeno", countCap: PUBLIC_COUNT_CAP });
  expect(served).toMatchObject({ total: 100, totalIsCapped: true });
  expect(served.items.map((p) => p.id)).toEqual(await indexedPage("zeno"));

  // Deep pages of a common word: the walk reaches as far as the pager needs and the pages follow on.
  const third = await listProducts({ q: "호", page: 3, countCap: PUBLIC_COUNT_CAP });
  const fourth = await listProducts({ q: "호", page: 4, countCap: PUBLIC_COUNT_CAP });
  expect(third).toMatchObject({ total: 120, totalIsCapped: true, pageCount: 6 });
  expect(fourth).toMatchObject({ total: 144, totalIsCapped: true, pageCount: 7 });
  const exactOrder = await db()
    .select({ id: products.id })
    .from(products)
    .where(searchCondition(productColumns, parseSearchQuery("호")!))
    .orderBy(descNullsLast(products.createdAt), descNullsLast(products.id))
    .limit(PRODUCTS_PER_PAGE * 4);
  expect([...third.items, ...fourth.items].map((p) => p.id)).toEqual(exactOrder.slice(PRODUCTS_PER_PAGE * 2).map((p) => p.id));
});
