// node scripts/node.cjs bench/saved-searches.ts [-- --searches 100000 --suppliers 10000 --news 1000]: the saved
// searches' matching (ADR 0053) on PostgreSQL: 100,000 saved searches (a third category and filters, a third a
// search word, a third both), 10,000 published suppliers, and a week's news on 1,000 of them; times the weekly
// matching and the gathering of the mails, and shows the plan of one batch's statement. Prints JSON.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { CATEGORIES } from "#app/db/categories.ts";
import { db, openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { FACTS, type Fact } from "#app/db/term-values.ts";
import { matchColumns, savedSearchOf } from "#app/features/saved-searches/saved-search-params.ts";
import { gatherSavedSearchMails, matchSupplierNews } from "#app/features/saved-searches/saved-searches.server.ts";
import { CATEGORY_WORDS } from "#app/features/wholesalers/category-words.ts";
import { createPostgresDatabase } from "./server-process.ts";

const { values } = parseArgs({
  options: {
    searches: { type: "string", default: "100000" },
    suppliers: { type: "string", default: "10000" },
    news: { type: "string", default: "1000" },
    // Matching only: the gathering makes one mail per account with news (about 20 ms each on a loaded machine).
    "match-only": { type: "boolean", default: false },
  },
});
const SEARCHES = Number(values.searches);
const SUPPLIERS = Number(values.suppliers);
const NEWS = Number(values.news);
const SEARCHES_PER_ACCOUNT = 5;

// Deterministic: the same data every run.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const WORDS = [...new Set(Object.values(CATEGORY_WORDS).flat())].filter((word) => word.length >= 2);
const someFacts = (): Fact[] => FACTS.filter(() => random() < 0.15);

async function main() {
  process.env.AUTH_SECRET ??= "bench-saved-searches-secret-0123456789abcdef";
  const created = await createPostgresDatabase("domae_bench_saved");
  const open = await openDatabase({ databaseUrl: created.url });
  setCurrentDatabase(open);
  try {
    const started = Date.now();
    const suppliers = Array.from({ length: SUPPLIERS }, (_, i) => ({
      name: `${pick(WORDS)}${pick(["몰", "도매", "상회", "마켓"])} ${i}`,
      category: pick(CATEGORIES),
      summary: `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} 전문 도매`,
      dropshipping: random() < 0.5 ? "yes" : random() < 0.5 ? "no" : null,
      returns: random() < 0.4 ? "yes" : null,
      shippingFee: random() < 0.3 ? 0 : random() < 0.5 ? 3000 : null,
    }));
    for (let i = 0; i < suppliers.length; i += 2000) {
      const rows = suppliers.slice(i, i + 2000);
      await db().execute(sql`
        INSERT INTO wholesalers (name, category, summary, site_url, dropshipping, "returns", shipping_fee, search_grams)
        SELECT r.name, r.category, r.summary, 'https://s' || r.n || '.example.com/', r.dropshipping, r.returns, r.fee,
          search_grams_of(lower(r.name))
        FROM jsonb_to_recordset(${JSON.stringify(rows.map((row, k) => ({ ...row, n: i + k, fee: row.shippingFee })))}::jsonb)
          AS r(name text, category text, summary text, dropshipping text, "returns" text, fee int, n int)`);
    }
    console.error(`suppliers inserted in ${Math.round((Date.now() - started) / 1000)} s`);
    const accounts = Math.ceil(SEARCHES / SEARCHES_PER_ACCOUNT);
    await db().execute(sql`
      INSERT INTO "user" (id, name, email, email_verified)
      SELECT 'bench-' || n, '', 'bench' || n || '@example.com', true FROM generate_series(1, ${accounts}) AS n`);
    const searches: Record<string, unknown>[] = [];
    for (let i = 0; i < SEARCHES; i++) {
      const kind = i % 3;
      const params = new URLSearchParams();
      if (kind !== 1) params.set("category", pick(CATEGORIES));
      if (kind !== 0) params.set("q", `${pick(WORDS)}${random() < 0.2 ? ` ${i}` : ""}`);
      for (const fact of kind === 1 ? [] : someFacts()) params.append("filter", fact);
      const saved = savedSearchOf(params.toString());
      if (typeof saved === "string") continue;
      searches.push({ user_id: `bench-${(i % accounts) + 1}`, query: `${saved.query}&n=${i}`, ...matchColumns(saved) });
    }
    console.error(`accounts and searches made in ${Math.round((Date.now() - started) / 1000)} s`);
    for (let i = 0; i < searches.length; i += 5000) {
      await db().execute(sql`
        INSERT INTO saved_searches (user_id, query, q, q_chosung, q_key, category, also_category, fact_mask, created_at)
        SELECT r."userId", r.query, r.q, r."qChosung", r."qKey", r.category, r."alsoCategory", r."factMask", now() - interval '30 days'
        FROM jsonb_to_recordset(${JSON.stringify(searches.slice(i, i + 5000).map((s) => ({ ...s, userId: s.user_id })))}::jsonb)
          AS r("userId" text, query text, q text, "qChosung" boolean, "qKey" text, category text, "alsoCategory" text, "factMask" smallint)`);
    }
    await db().execute(sql`
      INSERT INTO supplier_news (wholesaler_id, new_at, news_at, unmatched)
      SELECT id, now(), now(), true FROM wholesalers ORDER BY random() LIMIT ${NEWS}`);
    console.error(`searches inserted in ${Math.round((Date.now() - started) / 1000)} s`);
    await db().execute(sql`ANALYZE`);
    const generatedSeconds = Math.round((Date.now() - started) / 1000);

    // One supplier's lookup, as the job makes it for each (the plan shows the index it walks).
    const plan = await db().execute<{ "QUERY PLAN": string }>(sql`
      EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
      SELECT s.id FROM wholesalers w CROSS JOIN LATERAL (
        SELECT s.id FROM saved_searches s
        WHERE s.q_key = ANY(array_append(w.text_grams, '')) AND s.category IN ('', w.category)
          AND (s.fact_mask & w.fact_mask) = s.fact_mask
          AND (s.q = '' OR strpos(lower(w.name || chr(10) || w.summary || chr(10) || w.category || chr(10) || w.site_host), s.q) > 0)
      ) s
      WHERE w.id = (SELECT wholesaler_id FROM supplier_news WHERE unmatched LIMIT 1)`);
    console.error(`planned in ${Math.round((Date.now() - started) / 1000)} s`);
    const matchStarted = performance.now();
    const found = await matchSupplierNews(new Date(Date.now() + 1000));
    const matchMs = Math.round(performance.now() - matchStarted);
    console.error(`matched in ${matchMs} ms`);
    const gatherStarted = performance.now();
    const mails = values["match-only"] ? null : await gatherSavedSearchMails("bench", new Date());
    const gatherMs = Math.round(performance.now() - gatherStarted);
    console.log(
      JSON.stringify(
        {
          savedSearches: searches.length,
          suppliers: SUPPLIERS,
          suppliersWithNews: NEWS,
          generatedSeconds,
          found,
          matchMs,
          mails,
          gatherMs,
          plan: plan.rows.map((row) => row["QUERY PLAN"]),
        },
        null,
        2,
      ),
    );
  } finally {
    setCurrentDatabase(undefined);
    await open.close();
    await created.drop();
  }
}

await main();
