// The `reviews` trial of npm run bench (or `npm run bench -- --only reviews`): 10,000 suppliers, /list and
// /wholesaler/{id} measured as ratios to the no-database reference page, then 200,000 reviews (70 % with 증빙 확인,
// written over the last 300 days, about 20 a supplier) added through the same table and trigger the pages use, and the
// same ratios again on the same data: the pages with reviews must keep at least 90 % of the ratios they had without
// (docs/performance.md "Reviews"), on PGlite and PostgreSQL. The cards' scores come from review_score_days in one
// query a page (features/reviews reviewScoresAmong), the detail page's from the same table.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { withDatabase } from "../scripts/with-database.ts";
import { generateCatalogue } from "./generate-data.ts";
import { type LoadOptions, load, middle } from "./load.ts";
import { BENCH_AUTH_SECRET, createPostgresDatabase, type ServerHandle, startServer, stopServer, tempDataDir } from "./server-process.ts";

const SUPPLIERS = 10_000;
const REVIEWS = 200_000;
const REVIEWERS = 2_000;
const BATCH = 20_000;

const round2 = (n: number) => Math.round(n * 100) / 100;

async function prepare(kind: "pglite" | "postgres"): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (kind === "pglite") {
    const dir = tempDataDir("reviews");
    return { env: { DATA_DIR: dir, SEED_DEMO: "0" }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const created = await createPostgresDatabase("domae_reviews");
  return { env: { DATABASE_URL: created.url, AUTH_SECRET: BENCH_AUTH_SECRET, SEED_DEMO: "0" }, cleanup: created.drop };
}

/** The 200,000 reviews, in batches (PGlite holds one transaction in memory): each supplier gets about 20, the first page's too. */
async function addReviews() {
  await db().execute(sql`
    INSERT INTO "user" (id, name, email, email_verified)
    SELECT 'bench-reviewer-' || i, '', 'reviewer-' || i || '@bench.example', true FROM generate_series(1, ${REVIEWERS}::int) AS i
    ON CONFLICT DO NOTHING`);
  const started = Date.now();
  for (let from = 0; from < REVIEWS; from += BATCH) {
    await db().execute(sql`
      INSERT INTO reviews (wholesaler_id, user_id, shipping, stock, support, "returns", traded_on, body, evidence, created_at)
      SELECT s.id, 'bench-reviewer-' || (1 + g % ${REVIEWERS}::int), 1 + g % 5, 1 + (g / 5) % 5,
        CASE WHEN g % 3 = 0 THEN NULL ELSE 1 + g % 4 END, NULL, '2026-10',
        '출고가 빠르고 재고 표시가 정확했습니다. 벤치마크 후기 ' || g,
        CASE WHEN g % 10 < 7 THEN 'confirmed' ELSE 'none' END,
        now() - make_interval(days => g % 300)
      FROM generate_series(${from}::int, ${Math.min(REVIEWS, from + BATCH) - 1}::int) AS g
      JOIN (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM wholesalers) AS s ON s.n = g % ${SUPPLIERS}::int`);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const [sums] = (await db().execute(sql`SELECT count(*)::int AS days, coalesce(sum(reviews), 0)::int AS counted FROM review_score_days`))
    .rows as { days: number; counted: number }[];
  return { insertSeconds: seconds, scoreDays: sums!.days, countedReviews: sums!.counted };
}

/**
 * The median per-round ratios of /list and one supplier's page to the reference, loaded in turn in each round, after
 * the server has settled: right after a start it still walks its tables once (the picture catch-up), which a first
 * round would measure instead of the pages.
 */
async function ratios(server: ServerHandle, detail: string, rounds: number, options: LoadOptions) {
  for (const url of ["/list", detail, "/bench/reference-list"]) await load(server, url, { duration: 3, warmup: 1 });
  type Measured = Awaited<ReturnType<typeof load>>;
  const measured: { list: Measured; page: Measured; reference: Measured }[] = [];
  for (let i = 0; i < rounds; i++) {
    const list = await load(server, "/list", options);
    const page = await load(server, detail, options);
    const reference = await load(server, "/bench/reference-list", options);
    measured.push({ list, page, reference });
  }
  const of = (pick: (r: (typeof measured)[number]) => Measured) =>
    round2(middle(measured.map((r) => pick(r).reqPerSec / Math.max(1, r.reference.reqPerSec))));
  return {
    listToReference: of((r) => r.list),
    detailToReference: of((r) => r.page),
    rounds: measured.map((r) => ({
      list: r.list.reqPerSec,
      detail: r.page.reqPerSec,
      reference: r.reference.reqPerSec,
      listP50: r.list.p50,
      detailP50: r.page.p50,
      referenceP50: r.reference.p50,
      non2xx: r.list.non2xx + r.page.non2xx,
    })),
  };
}

export async function reviewsTrial(
  kind: "pglite" | "postgres",
  port: number,
  { rounds, options }: { rounds: number; options: LoadOptions },
) {
  console.log(`\n== reviews, ${kind}: ${SUPPLIERS} suppliers, then ${REVIEWS} reviews`);
  const target = await prepare(kind);
  try {
    const detail = await withDatabase(async () => {
      await generateCatalogue({ wholesalerCount: SUPPLIERS, productCount: 1_000 });
      // The most viewed supplier: the first card of /list and a page with reviews once they are added.
      const [row] = (await db().execute(sql`SELECT id FROM wholesalers ORDER BY views DESC, id DESC LIMIT 1`)).rows as { id: number }[];
      return `/wholesaler/${row!.id}`;
    }, target.env);
    let server = await startServer(port, target.env);
    const without = await ratios(server, detail, rounds, options);
    await stopServer(server);

    const added = await withDatabase(addReviews, target.env);
    server = await startServer(port, target.env);
    const withReviews = await ratios(server, detail, rounds, options);
    const page = await (await fetch(`${server.base}${detail}`)).text();
    const list = await (await fetch(`${server.base}/list`)).text();
    await stopServer(server);

    const result = {
      suppliers: SUPPLIERS,
      reviews: REVIEWS,
      ...added,
      detailUrl: detail,
      // The pages show what the trial added: the detail page its scores, the list its cards' scores.
      detailShowsScores: page.includes("출고 속도") && !page.includes("증빙이 확인된 후기가 3건 이상이면"),
      listCardsWithScores: (list.match(/후기 <strong/g) ?? []).length,
      without: { listToReference: without.listToReference, detailToReference: without.detailToReference },
      withReviews: { listToReference: withReviews.listToReference, detailToReference: withReviews.detailToReference },
      // Within 10 %: at least 0.9.
      listKept: round2(withReviews.listToReference / Math.max(0.01, without.listToReference)),
      detailKept: round2(withReviews.detailToReference / Math.max(0.01, without.detailToReference)),
      rounds: { without: without.rounds, withReviews: withReviews.rounds },
    };
    console.log(
      `${kind}: /list ÷ reference ${result.without.listToReference} → ${result.withReviews.listToReference} (kept ${result.listKept}), ` +
        `${detail} ÷ reference ${result.without.detailToReference} → ${result.withReviews.detailToReference} (kept ${result.detailKept}); ` +
        `${added.countedReviews} counted reviews in ${added.scoreDays} day rows, inserted in ${added.insertSeconds} s`,
    );
    console.table([...without.rounds, ...withReviews.rounds]);
    return result;
  } finally {
    await target.cleanup();
  }
}
