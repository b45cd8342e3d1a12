/**
 * Times the product search per query class, indexed (gram GIN + strpos) against an unindexed ILIKE of
 * the same text, in the same process and run, and reads each plan.
 */
import { type SQL, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { countForPaging, PUBLIC_COUNT_CAP } from "#app/db/paging.server.ts";
import { products } from "#app/db/schema.ts";
import { listProducts, PRODUCTS_PER_PAGE } from "#app/features/products/products.server.ts";
import { parseSearchQuery } from "#app/platform/search/korean-search.ts";
import {
  COMMON_SAMPLE_MATCHES,
  SEARCH_COUNT_CAP,
  SEARCH_SAMPLE_ROWS,
  sampleHits,
  sampleQuery,
  THIN_WALK_ROWS_PER_MATCH,
  WALK_ROWS_PER_MATCH,
  walkQuery,
} from "#app/platform/search/search-page.server.ts";
import { DENSE_SEARCH_MATCHES, searchSql, unindexedSearchCondition } from "#app/platform/search/search-sql.server.ts";
import { QUERY_CLASSES } from "./catalogue-generator.ts";

const columns = { grams: products.searchGrams, chosung: products.nameChosung, text: products.name };
const productList = { table: products, createdAt: products.createdAt, id: products.id };

/** The page of rows and the one count of /products, with any condition (here: the unindexed ILIKE). */
async function searchPage(where: SQL, cap?: number) {
  await db()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(where)
    .orderBy(descNullsLast(products.createdAt), descNullsLast(products.id))
    .limit(PRODUCTS_PER_PAGE);
  await countForPaging(products, where, { page: 1, perPage: PRODUCTS_PER_PAGE, cap });
}

export function percentile(values: number[], p: number) {
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
 * The plans of one search's queries as /products runs them (findSearchPage), never a scan of the whole
 * table or a sort of every match of a common word:
 * - a common word: the sample and the walk read the newest-first index, without a sort;
 * - a rare word: the count from the gram index; the page from the gram index, and past the cap also a
 *   bounded walk of the newest-first index first.
 */
export async function planUsesIndex(query: string) {
  const search = searchSql(columns, parseSearchQuery(query)!);
  const hits = await sampleHits(productList, search);
  const walksIndex = (plan: string) => /Index Scan( Backward)? using products_created_idx/.test(plan) && !/Sort|Seq Scan|Bitmap/.test(plan);
  const samplePlan = await explain(sampleQuery(productList, search));
  if (hits >= COMMON_SAMPLE_MATCHES) {
    const need = SEARCH_COUNT_CAP + 1;
    const walkPlan = await explain(walkQuery(productList, search, need, need * WALK_ROWS_PER_MATCH));
    return {
      path: "walk" as const,
      plan: `common word (${hits} of the newest ${SEARCH_SAMPLE_ROWS}):\nsample:\n${samplePlan}\nwalk:\n${walkPlan}`,
      usesIndex: walksIndex(samplePlan) && walksIndex(walkPlan),
    };
  }
  const countCap = Math.max(SEARCH_COUNT_CAP, DENSE_SEARCH_MATCHES);
  const counted = await countForPaging(products, search.indexed, { page: 1, perPage: PRODUCTS_PER_PAGE, cap: countCap });
  const countPlan = await explain(sql`SELECT count(*) FROM (SELECT 1 FROM products WHERE ${search.indexed} LIMIT ${countCap + 1}) matches`);
  const walkPlan = counted.totalIsCapped
    ? await explain(walkQuery(productList, search, PRODUCTS_PER_PAGE, PRODUCTS_PER_PAGE * THIN_WALK_ROWS_PER_MATCH))
    : "";
  const pagePlan = await explain(
    sql`SELECT id FROM products WHERE ${search.indexed} ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${PRODUCTS_PER_PAGE}`,
  );
  return {
    path: "grams" as const,
    plan: `rare word (${hits} of the newest ${SEARCH_SAMPLE_ROWS}), count (${counted.total}${counted.totalIsCapped ? "+" : ""} matches):\nsample:\n${samplePlan}\ncount:\n${countPlan}\n${walkPlan ? `walk:\n${walkPlan}\n` : ""}page:\n${pagePlan}`,
    usesIndex:
      walksIndex(samplePlan) &&
      countPlan.includes("products_search_grams_idx") &&
      !/Seq Scan on products/.test(countPlan + pagePlan) &&
      (!walkPlan || walksIndex(walkPlan)) &&
      /products_search_grams_idx|products_created_idx/.test(pagePlan),
  };
}

type ClassTiming = {
  class: string;
  matches: number;
  p95Ms: number;
  unindexedP95Ms: number | null;
  ratio: number | null;
  exactCountP95Ms: number;
  exactCountUnindexedP95Ms: number | null;
  exactCountRatio: number | null;
  usesIndex: boolean;
};

/**
 * p95 per query class of the search as /products runs it (page + count up to the cap) against the
 * same two queries with an unindexed ILIKE, and the same pair with an exact count (what the count cap
 * saves; with the cap, a query matching thousands of rows stops the ILIKE scan early as well).
 */
export async function timeSearchClasses({
  repeats = 20,
  compareUnindexed = true,
  exactRepeats,
  classes = QUERY_CLASSES,
}: {
  repeats?: number;
  compareUnindexed?: boolean;
  exactRepeats?: number;
  classes?: Record<string, readonly string[]>;
} = {}) {
  const rows: ClassTiming[] = [];
  const slowRepeats = Math.max(3, Math.floor(repeats / 4));
  for (const [name, queries] of Object.entries(classes)) {
    const samples = { indexed: [] as number[], unindexed: [] as number[], exactIndexed: [] as number[], exactUnindexed: [] as number[] };
    let usesIndex = true;
    let matches = 0;
    for (const q of queries) {
      const parsed = parseSearchQuery(q)!;
      const unindexed = unindexedSearchCondition(columns, parsed);
      // As served: the code /products runs (listProducts), with the public cap and with an exact count.
      const served = async (countCap?: number) => void (await listProducts({ q, countCap }));
      await served(PUBLIC_COUNT_CAP); // warm-up
      samples.indexed.push(...(await time(() => served(PUBLIC_COUNT_CAP), repeats)));
      if (compareUnindexed) samples.unindexed.push(...(await time(() => searchPage(unindexed, SEARCH_COUNT_CAP), slowRepeats)));
      samples.exactIndexed.push(...(await time(() => served(), exactRepeats ?? repeats)));
      if (compareUnindexed) samples.exactUnindexed.push(...(await time(() => searchPage(unindexed), slowRepeats)));
      usesIndex &&= (await planUsesIndex(q)).usesIndex;
      matches += (await listProducts({ q })).total;
    }
    const [p95Ms, unindexedP95Ms, exactCountP95Ms, exactCountUnindexedP95Ms] = [
      samples.indexed,
      samples.unindexed,
      samples.exactIndexed,
      samples.exactUnindexed,
    ].map((v) => percentile(v, 95)) as [number, number, number, number];
    rows.push({
      class: name,
      matches: Math.round(matches / queries.length),
      p95Ms: round(p95Ms),
      unindexedP95Ms: compareUnindexed ? round(unindexedP95Ms) : null,
      ratio: compareUnindexed ? round(unindexedP95Ms / p95Ms) : null,
      exactCountP95Ms: round(exactCountP95Ms),
      exactCountUnindexedP95Ms: compareUnindexed ? round(exactCountUnindexedP95Ms) : null,
      exactCountRatio: compareUnindexed ? round(exactCountUnindexedP95Ms / exactCountP95Ms) : null,
      usesIndex,
    });
  }
  return rows;
}

const round = (n: number) => Math.round(n * 100) / 100;
