/**
 * Times the product search per query class, indexed (gram GIN + strpos) against an unindexed ILIKE of
 * the same text, in the same process and run, and reads each plan.
 */
import { type SQL, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { countForPaging, PUBLIC_COUNT_CAP } from "#app/db/paging.server.ts";
import { products } from "#app/db/schema.ts";
import { PRODUCTS_PER_PAGE } from "#app/features/products/products.server.ts";
import { parseSearchQuery } from "#app/features/search/korean-search.ts";
import { searchCondition, unindexedSearchCondition } from "#app/features/search/search-sql.server.ts";
import { QUERY_CLASSES } from "./catalogue-generator.ts";

const columns = { grams: products.searchGrams, chosung: products.nameChosung, text: products.name };

/** What the /products page runs for one search: the page of rows and the one count (capped there). */
async function searchPage(where: SQL, cap?: number) {
  await db()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(where)
    .orderBy(descNullsLast(products.createdAt), descNullsLast(products.id))
    .limit(PRODUCTS_PER_PAGE);
  await countForPaging(products, where, { page: 1, perPage: PRODUCTS_PER_PAGE, cap });
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function time(run: () => Promise<void>, repeats: number) {
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function explain(query: SQL) {
  const result = await db().execute(sql`EXPLAIN ${query}`);
  return result.rows.map((r) => String(Object.values(r as object)[0])).join("\n");
}

/**
 * The plans of one search's two queries: the count must come from the gram index; the page may
 * come from it or walk the newest-first index until it has a page (the planner's choice when many
 * rows match), but never from a scan of the whole table.
 */
export async function planUsesIndex(query: string) {
  const where = searchCondition(columns, parseSearchQuery(query)!);
  const countPlan = await explain(sql`SELECT count(*) FROM (SELECT 1 FROM products WHERE ${where} LIMIT ${PUBLIC_COUNT_CAP + 1}) matches`);
  const pagePlan = await explain(
    sql`SELECT id FROM products WHERE ${where} ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${PRODUCTS_PER_PAGE}`,
  );
  const pageIndexed = /products_search_grams_idx|products_created_idx/.test(pagePlan) && !/Seq Scan on products/.test(pagePlan);
  return {
    plan: `count:\n${countPlan}\npage:\n${pagePlan}`,
    usesIndex: countPlan.includes("products_search_grams_idx") && !/Seq Scan on products/.test(countPlan) && pageIndexed,
  };
}

type ClassTiming = {
  class: string;
  matches: number;
  p95Ms: number;
  unindexedP95Ms: number;
  ratio: number;
  exactCountP95Ms: number;
  exactCountUnindexedP95Ms: number;
  exactCountRatio: number;
  usesIndex: boolean;
};

/**
 * p95 per query class of the search as /products runs it (page + count up to the cap) against the
 * same two queries with an unindexed ILIKE, and the same pair with an exact count (what the count cap
 * saves; with the cap, a query matching thousands of rows stops the ILIKE scan early as well).
 */
export async function timeSearchClasses({ repeats = 20 } = {}) {
  const rows: ClassTiming[] = [];
  const slowRepeats = Math.max(3, Math.floor(repeats / 4));
  for (const [name, queries] of Object.entries(QUERY_CLASSES)) {
    const samples = { indexed: [] as number[], unindexed: [] as number[], exactIndexed: [] as number[], exactUnindexed: [] as number[] };
    let usesIndex = true;
    let matches = 0;
    for (const q of queries) {
      const parsed = parseSearchQuery(q)!;
      const indexed = searchCondition(columns, parsed);
      const unindexed = unindexedSearchCondition(columns, parsed);
      await searchPage(indexed, PUBLIC_COUNT_CAP); // warm-up
      samples.indexed.push(...(await time(() => searchPage(indexed, PUBLIC_COUNT_CAP), repeats)));
      samples.unindexed.push(...(await time(() => searchPage(unindexed, PUBLIC_COUNT_CAP), slowRepeats)));
      samples.exactIndexed.push(...(await time(() => searchPage(indexed), repeats)));
      samples.exactUnindexed.push(...(await time(() => searchPage(unindexed), slowRepeats)));
      usesIndex &&= (await planUsesIndex(q)).usesIndex;
      matches += (await countForPaging(products, indexed, { page: 1, perPage: PRODUCTS_PER_PAGE })).total;
    }
    const [p95Ms, unindexedP95Ms, exactCountP95Ms, exactCountUnindexedP95Ms] = [samples.indexed, samples.unindexed, samples.exactIndexed, samples.exactUnindexed].map((v) =>
      percentile(v, 95),
    ) as [number, number, number, number];
    rows.push({
      class: name,
      matches: Math.round(matches / queries.length),
      p95Ms: round(p95Ms),
      unindexedP95Ms: round(unindexedP95Ms),
      ratio: round(unindexedP95Ms / p95Ms),
      exactCountP95Ms: round(exactCountP95Ms),
      exactCountUnindexedP95Ms: round(exactCountUnindexedP95Ms),
      exactCountRatio: round(exactCountUnindexedP95Ms / exactCountP95Ms),
      usesIndex,
    });
  }
  return rows;
}

const round = (n: number) => Math.round(n * 100) / 100;
