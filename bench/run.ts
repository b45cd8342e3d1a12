// npm run bench [-- --quick] [-- --only terms|images|records|reviews]: throughput, latency, search timing, page weight and
// Lighthouse of the production build on 127.0.0.1, on PGlite and (when reachable) PostgreSQL, and the
// supplier-terms routes (/list with three filters, /compare with four suppliers) at 10,000 and 100,000
// suppliers, the image pipeline (bench/images.ts) and the official records' checks of 10,000 suppliers
// (bench/records-trial.ts), and /list and a supplier's page before and after 200,000 reviews (bench/reviews-trial.ts).
// Writes bench/results/latest.json (bench/results/terms.json with --only terms, bench/results/images.json with
// --only images or a full run, bench/results/records.json with --only records, bench/results/reviews.json with --only reviews).
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { seedDemoIfFirstStart } from "#app/features/demo/seed.server.ts";
import { withDatabase } from "../scripts/with-database.ts";
import { generateCatalogue } from "./generate-data.ts";
import { imagesBench } from "./images.ts";
import { lighthouseWithPictures } from "./lighthouse.ts";
import { listToReference, load } from "./load.ts";
import { firstLoadJs, includesEditor, includesFramework } from "./page-weight.ts";
import { recordsTrial } from "./records-trial.ts";
import { reviewsTrial } from "./reviews-trial.ts";
import { printScale, scaleBench } from "./scale.ts";
import { timeSearchClasses } from "./search-timing.ts";
import {
  BENCH_AUTH_SECRET,
  createPostgresDatabase,
  ensureBuild,
  postgresReachable,
  signUp,
  startServer,
  stopServer,
  tempDataDir,
} from "./server-process.ts";
import { termRatios, termTargets } from "./terms.ts";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    "skip-scale": { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const QUICK = args.quick;
const DURATION = QUICK ? 2 : 8;
const WARMUP = QUICK ? 1 : 2;
const PRODUCTS = QUICK ? 30_000 : 100_000;
const WHOLESALERS = QUICK ? 3_000 : 10_000;
const PORT = Number(process.env.BENCH_PORT || 3400);
const BASE = `http://127.0.0.1:${PORT}`;

type Target = { kind: "pglite" | "postgres"; env: Record<string, string>; cleanup: () => Promise<void> };

/** A new database of the given kind with demo content plus the generated catalogue; closed again before the server starts. */
async function prepare(kind: Target["kind"], products: number, wholesalers: number): Promise<Target> {
  let env: Record<string, string>;
  let cleanup = async () => {};
  if (kind === "pglite") {
    const dir = tempDataDir("bench");
    env = { DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const created = await createPostgresDatabase("domae_bench");
    env = { DATABASE_URL: created.url, AUTH_SECRET: BENCH_AUTH_SECRET };
    cleanup = created.drop;
  }
  const target: Target = { kind, env: { ...env, SEED_DEMO: "0" }, cleanup };
  await withDatabase(async () => {
    await seedDemoIfFirstStart();
    await generateCatalogue({ wholesalerCount: wholesalers, productCount: products });
  }, target.env);
  return target;
}

const loadOptions = (cookie?: string) => ({ duration: DURATION, warmup: WARMUP, cookie });

async function htmlWeight(url: string) {
  const response = await fetch(`${BASE}${url}`);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const html = await response.text();
  return { htmlBytes: Buffer.byteLength(html), gzipBytes: gzipSync(html).length, html };
}

const TERM_SIZES = QUICK ? [WHOLESALERS] : [10_000, 100_000];

/** The terms routes at one catalogue size on one database: data, plans, a server, the ratios. */
async function termsAt(kind: Target["kind"], wholesalers: number) {
  console.log(`\n== terms, ${kind}: ${wholesalers} suppliers`);
  const target = await prepare(kind, 1_000, wholesalers);
  try {
    const { compare, plans, matches } = await withDatabase(termTargets, target.env);
    const server = await startServer(PORT, target.env);
    try {
      const ratios = await termRatios(server, compare, QUICK ? 1 : 3, loadOptions());
      const result = {
        wholesalers,
        matches,
        compareUrl: compare,
        plansUseIndex: plans.every((p) => p.usesIndex),
        ...ratios,
        plans: plans.map((p) => p.plan),
      };
      console.log(
        `${kind} ${wholesalers}: /list with 3 filters ÷ reference ${result.filteredListToReference}, /compare (4) ÷ reference ${result.compareToReference}, plans from indexes: ${result.plansUseIndex}`,
      );
      console.table(result.rounds);
      return result;
    } finally {
      await stopServer(server);
    }
  } finally {
    await target.cleanup();
  }
}

/** `--only terms`: the terms routes at 10,000 and 100,000 suppliers on each database, into bench/results/terms.json. */
async function termsOnly() {
  const started = Date.now();
  ensureBuild();
  const kinds: Target["kind"][] = ["pglite"];
  if (await postgresReachable()) kinds.push("postgres");
  const results: Record<string, unknown> = { date: new Date().toISOString(), quick: QUICK, machine: `${os.cpus().length} cores` };
  for (const kind of kinds) {
    const sizes: Record<string, unknown> = {};
    for (const size of TERM_SIZES) sizes[size] = await termsAt(kind, size);
    results[kind] = sizes;
  }
  results.seconds = Math.round((Date.now() - started) / 1000);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/terms.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote bench/results/terms.json in ${results.seconds} s`);
  process.exit(0);
}

/** The official records' trial on each database (bench/records-trial.ts). */
async function recordsOnPlatforms() {
  ensureBuild();
  const kinds: Target["kind"][] = ["pglite"];
  if (await postgresReachable()) kinds.push("postgres");
  const results: Record<string, unknown> = {};
  for (const kind of kinds) results[kind] = await recordsTrial(kind, PORT);
  return results;
}

/** `--only records`: into bench/results/records.json. */
async function recordsOnly() {
  const started = Date.now();
  const results = { date: new Date().toISOString(), machine: `${os.cpus().length} cores`, ...(await recordsOnPlatforms()) };
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/records.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote bench/results/records.json in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(0);
}

/** The reviews trial on each database (bench/reviews-trial.ts). */
async function reviewsOnPlatforms() {
  ensureBuild();
  const kinds: Target["kind"][] = ["pglite"];
  if (await postgresReachable()) kinds.push("postgres");
  const results: Record<string, unknown> = {};
  for (const kind of kinds) results[kind] = await reviewsTrial(kind, PORT, { rounds: QUICK ? 1 : 3, options: loadOptions() });
  return results;
}

/** `--only reviews`: into bench/results/reviews.json. */
async function reviewsOnly() {
  const started = Date.now();
  const results = { date: new Date().toISOString(), quick: QUICK, machine: `${os.cpus().length} cores`, ...(await reviewsOnPlatforms()) };
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/reviews.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote bench/results/reviews.json in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(0);
}

async function main() {
  if (args.only === "terms") return termsOnly();
  if (args.only === "records") return recordsOnly();
  if (args.only === "reviews") return reviewsOnly();
  if (args.only === "images") {
    await imagesBench();
    process.exit(0);
  }
  const started = Date.now();
  ensureBuild();
  const kinds: Target["kind"][] = ["pglite"];
  if (await postgresReachable()) kinds.push("postgres");
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    quick: QUICK,
    products: PRODUCTS,
    wholesalers: WHOLESALERS,
    machine: `${os.cpus().length} cores`,
  };

  // Page weight at a small catalogue, for the "same size at 1,000 and 100,000 products" comparison.
  const small = await prepare("pglite", 1_000, 100);
  let server = await startServer(PORT, small.env);
  const smallWeights = { list: await htmlWeight("/list"), products: await htmlWeight("/products") };
  await stopServer(server);
  await small.cleanup();

  for (const kind of kinds) {
    console.log(`\n== ${kind}: generating ${WHOLESALERS} wholesalers and ${PRODUCTS} products`);
    const target = await prepare(kind, PRODUCTS, WHOLESALERS);
    const { search, ids, terms } = await withDatabase(async () => {
      const w = await db().execute(sql`SELECT id FROM wholesalers ORDER BY id LIMIT 1`);
      const n = await db().execute(sql`SELECT id FROM seller_notes ORDER BY id LIMIT 1`);
      return {
        search: await timeSearchClasses({ repeats: QUICK ? 8 : 20 }),
        ids: { wholesaler: (w.rows[0] as { id: number }).id, note: (n.rows[0] as { id: number } | undefined)?.id ?? 1 },
        terms: await termTargets(),
      };
    }, target.env);

    server = await startServer(PORT, target.env);
    const { cookie } = await signUp(BASE, `bench-${Date.now()}@example.com`);
    const routes = [
      "/list",
      "/list?q=의류",
      "/list?q=ㄷㅁ",
      "/products?q=텀블러",
      `/wholesaler/${ids.wholesaler}`,
      `/sellernote/${ids.note}`,
    ];
    const http = [];
    for (const url of routes) {
      http.push(await load(server, url, loadOptions()));
      http.push(await load(server, url, loadOptions(cookie)));
    }
    const ratio = await listToReference(server, QUICK ? 1 : 3, loadOptions());
    // The terms routes at this catalogue's size, on the same server; 100,000 suppliers get their own run below.
    const termsHere = await termRatios(server, terms.compare, QUICK ? 1 : 3, loadOptions());
    const large = { list: await htmlWeight("/list"), products: await htmlWeight("/products") };
    // First-visit script per page (ADR 0031): the files it names and its inline scripts, gzip; whether any of it is
    // React or React Router (a script-free page must have none: the budget test fails on it).
    const pageJs: Record<string, { gzipBytes: number; inlineGzipBytes: number; framework: boolean; editor: boolean }> = {};
    for (const url of [
      "/list",
      "/products",
      "/search",
      "/external-products",
      `/wholesaler/${ids.wholesaler}`,
      "/seller-info",
      "/sellinginsight/ad-strategy",
      "/sellernote",
      `/sellernote/${ids.note}`,
      "/compare",
      "/terms",
      "/tools/margin",
      "/login",
      "/signup",
    ]) {
      const { html } = await htmlWeight(url);
      const js = firstLoadJs(html);
      pageJs[url] = {
        gzipBytes: js.gzipBytes,
        inlineGzipBytes: js.inlineGzipBytes,
        framework: includesFramework(js.files, html),
        editor: includesEditor(js.files),
      };
    }
    await stopServer(server);
    await target.cleanup();

    results[kind] = {
      http,
      listToReferenceRatio: ratio.throughput,
      listToReferenceCpuRatio: ratio.cpu,
      ratioRounds: ratio.rounds,
      reference: ratio.reference,
      search,
      htmlGzipBytes: {
        list: { small: smallWeights.list.gzipBytes, large: large.list.gzipBytes },
        products: { small: smallWeights.products.gzipBytes, large: large.products.gzipBytes },
      },
      firstLoadJsGzipBytes: pageJs,
      terms: {
        [WHOLESALERS]: {
          wholesalers: WHOLESALERS,
          matches: terms.matches,
          compareUrl: terms.compare,
          plansUseIndex: terms.plans.every((p) => p.usesIndex),
          ...termsHere,
        },
        ...(QUICK ? {} : { 100000: await termsAt(kind, 100_000) }),
      },
    };
    printTable(kind, results[kind] as Record<string, unknown>);
  }
  // 100,000 against 1,000,000 products (PostgreSQL only; not in --quick, which stays within three minutes).
  if (kinds.includes("postgres") && !QUICK && !args["skip-scale"]) {
    results.scale = await scaleBench({ port: PORT });
    printScale(results.scale as Awaited<ReturnType<typeof scaleBench>>);
  }
  // Lighthouse with a picture on every product (PostgreSQL only: the pictures are made by the server's jobs).
  if (kinds.includes("postgres") && !args["skip-lighthouse"]) {
    results.lighthouse = await lighthouseWithPictures({ port: PORT, runs: QUICK ? 1 : 3 });
    console.table((results.lighthouse as Awaited<ReturnType<typeof lighthouseWithPictures>>).result);
  }
  // The official records: 10,000 suppliers checked against stand-in registries and sites (not in --quick).
  if (!QUICK) results.records = await recordsOnPlatforms();
  // Reviews: /list and a supplier's page before and after 200,000 reviews, on the same data (not in --quick).
  if (!QUICK) results.reviews = await reviewsOnPlatforms();
  // The image pipeline needs no server or catalogue: about a minute, in processes of its own.
  const images = await imagesBench();
  results.images = { peakRssMb: images.peakRssMb, card: images.card, productsPageKb: images.productsPageKb };
  results.seconds = Math.round((Date.now() - started) / 1000);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/latest.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote bench/results/latest.json in ${results.seconds} s`);
  process.exit(0);
}

function printTable(kind: string, r: Record<string, unknown>) {
  console.log(`\n### ${kind}`);
  console.table(r.http);
  console.log(`/list ÷ reference (same run): throughput ${r.listToReferenceRatio}, CPU per request ${r.listToReferenceCpuRatio}`);
  console.table(r.ratioRounds);
  console.table(r.search);
  console.log("HTML gzip bytes (small vs large catalogue):", JSON.stringify(r.htmlGzipBytes));
  console.table(r.firstLoadJsGzipBytes);
  for (const [size, t] of Object.entries(
    (r.terms ?? {}) as Record<string, { filteredListToReference: number; compareToReference: number; plansUseIndex: boolean }>,
  )) {
    console.log(
      `terms at ${size} suppliers: /list with 3 filters ÷ reference ${t.filteredListToReference}, /compare (4) ÷ reference ${t.compareToReference}, plans from indexes: ${t.plansUseIndex}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
