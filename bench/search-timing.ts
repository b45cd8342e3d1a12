/**
 * Times the product search per query class, indexed (gram GIN + strpos) against an unindexed ILIKE of
 * the same text, in the same process and run, and reads each plan.
 */
import { and, count, desc, type SQL, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { products } from "#app/db/schema.ts";
import { parseSearchQuery } from "#app/features/search/korean-search.ts";
import { searchCondition, unindexedSearchCondition } from "#app/features/search/search-sql.server.ts";
import { QUERY_CLASSES } from "./catalogue-generator.ts";

const columns = { grams: products.searchGrams, chosung: products.nameChosung, text: products.name };

/** What the /products page runs for one search: the page of rows and the one count. */
async function searchPage(where: SQL) {
  await db().select({ id: products.id, name: products.name }).from(products).where(and(where)).orderBy(desc(products.createdAt), desc(products.id)).limit(24);
  await db().select({ n: count() }).from(products).where(where);
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

export async function planUsesIndex(query: string) {
  const parsed = parseSearchQuery(query)!;
  const result = await db().execute(
    sql`EXPLAIN SELECT id FROM products WHERE ${searchCondition(columns, parsed)} ORDER BY created_at DESC, id DESC LIMIT 24`,
  );
  const plan = result.rows.map((r) => String(Object.values(r as object)[0])).join("\n");
  return { plan, usesIndex: plan.includes("products_search_grams_idx") };
}

export async function timeSearchClasses({ repeats = 20 } = {}) {
  const rows: { class: string; p95Ms: number; unindexedP95Ms: number; ratio: number; usesIndex: boolean }[] = [];
  for (const [name, queries] of Object.entries(QUERY_CLASSES)) {
    const indexed: number[] = [];
    const unindexed: number[] = [];
    let usesIndex = true;
    for (const q of queries) {
      const parsed = parseSearchQuery(q)!;
      await searchPage(searchCondition(columns, parsed)); // warm-up
      indexed.push(...(await time(() => searchPage(searchCondition(columns, parsed)), repeats)));
      unindexed.push(...(await time(() => searchPage(unindexedSearchCondition(columns, parsed)), Math.max(3, Math.floor(repeats / 4)))));
      usesIndex &&= (await planUsesIndex(q)).usesIndex;
    }
    const p95Ms = percentile(indexed, 95);
    const unindexedP95Ms = percentile(unindexed, 95);
    rows.push({ class: name, p95Ms: round(p95Ms), unindexedP95Ms: round(unindexedP95Ms), ratio: round(unindexedP95Ms / p95Ms), usesIndex });
  }
  return rows;
}

const round = (n: number) => Math.round(n * 100) / 100;
