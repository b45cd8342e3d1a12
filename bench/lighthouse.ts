// npm run bench:lighthouse: Lighthouse (mobile, median of 3) of the public pages against the production build on
// PostgreSQL with the demo content and the 100,000-product catalogue, every product, external product and
// supplier with a picture from a stand-in host on 127.0.0.1 (bench/pictures.ts) that the server has made
// its own copies of before anything is measured; part of `npm run bench` (without the pictures), alone for
// measuring one front-end change at a time (docs/performance.md, "Font"); `--pages all` adds every other public
// page. Writes bench/results/lighthouse.json.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { seedDemoIfFirstStart } from "#app/features/demo/seed.server.ts";
import { guides } from "#content/guides/all-guides.ts";
import { koreanSystemFontConfig } from "../scripts/korean-system-font.ts";
import { withDatabase } from "../scripts/with-database.ts";
import { generateCatalogue } from "./generate-data.ts";
import { middle } from "./load.ts";
import { checkOwnPictures, givePictures, startPictureHost, waitForPictures } from "./pictures.ts";
import { BENCH_AUTH_SECRET, createPostgresDatabase, ensureBuild, postgresReachable, startServer, stopServer } from "./server-process.ts";

/** The pages issue 16 measures: the directory, a wholesaler, products, a note, the guides and one guide. */
export const LIGHTHOUSE_PAGES = (ids: { wholesaler: number; note: number }) => [
  "/list",
  `/wholesaler/${ids.wholesaler}`,
  "/products",
  `/sellernote/${ids.note}`,
  "/seller-info",
  "/sellinginsight/ad-strategy",
];

/**
 * `--pages all`: every other public page, for issue 25's "≥ 98 on every other public page": the other seven
 * guides, the lists without pictures of their own, the legal pages, the calculator, and login and sign-up (React).
 * Not the 404 page: Lighthouse refuses to measure a page that answers 404 (its script is counted by
 * bench/page-weight.ts and budgeted in `npm test`).
 */
const OTHER_PUBLIC_PAGES = (ids: { compare: number[]; searchWord: string }) => [
  ...guides.filter((guide) => guide.slug !== "ad-strategy").map((guide) => `/sellinginsight/${guide.slug}`),
  `/compare?ids=${ids.compare.join(",")}`,
  // Signed out, /favorites answers with the login page: what a visitor who presses 찜 목록 meets.
  "/favorites",
  `/search?q=${encodeURIComponent(ids.searchWord)}`,
  "/external-products",
  "/sellernote",
  "/terms",
  "/privacy",
  "/tools/margin",
  "/login",
  "/signup",
];

/** `--pages`: the six pages (""), every public page ("all"), or those that begin with one of a comma list. */
function choosePages(choice: string, six: string[], others: string[]) {
  if (!choice) return six;
  const everyPage = [...six, ...others];
  if (choice === "all") return everyPage;
  const prefixes = choice.split(",").filter(Boolean);
  const chosen = everyPage.filter((page) => prefixes.some((prefix) => page.startsWith(prefix)));
  if (!chosen.length) throw new Error(`--pages ${choice}: no measured page begins with that (${everyPage.join(" ")})`);
  return chosen;
}

/** Of those, the pages that show pictures: supplier logos, product cards, the note's picture. */
const PICTURED_PAGES = (ids: { wholesaler: number; note: number }) => LIGHTHOUSE_PAGES(ids).slice(0, 4);

type Lhr = { audits: Record<string, { details?: unknown } | undefined> };

/** The page's image requests (network-requests, resourceType Image) and their transfer size in KB. */
function imageRequests(lhr: Lhr) {
  const items = (
    (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? []
  ).filter((item) => item.resourceType === "Image");
  return { images: items.length, imageKb: Math.round(items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 102.4) / 10 };
}

/**
 * The tag of the LCP element ("img", "h1", "p"…): the node in Lighthouse 13's lcp-breakdown-insight
 * (largest-contentful-paint-element before it), whose snippet is the element's opening tag.
 */
function lcpElement(lhr: Lhr) {
  const snippet = (value: unknown): string | undefined => {
    if (!value || typeof value !== "object") return undefined;
    if ("snippet" in value && typeof value.snippet === "string") return value.snippet;
    for (const inner of Object.values(value)) {
      const found = snippet(inner);
      if (found) return found;
    }
    return undefined;
  };
  const details = (lhr.audits["lcp-breakdown-insight"] ?? lhr.audits["largest-contentful-paint-element"])?.details;
  return /^<([a-z][a-z0-9-]*)/i.exec(snippet(details) ?? "")?.[1]?.toLowerCase() ?? "";
}

export async function lighthouse(base: string, urls: string[], runsPerPage = 3) {
  const { default: lh } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    // A Korean system font, as every phone has (ADR 0038: the first page keeps its face); LIGHTHOUSE_NO_KOREAN_FONT=1
    // measures a machine with none, such as this one, where the first page swaps to Pretendard.
    envVars: {
      ...process.env,
      ...(process.env.LIGHTHOUSE_NO_KOREAN_FONT === "1" ? {} : { FONTCONFIG_FILE: koreanSystemFontConfig() }),
    } as Record<string, string>,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const out: Record<string, Record<string, number | string>> = {};
  try {
    for (const url of urls) {
      type Metric =
        | "performance"
        | "accessibility"
        | "bestPractices"
        | "seo"
        | "cls"
        | "fcpMs"
        | "lcpMs"
        | "tbtMs"
        | "siMs"
        | "imageKb"
        | "images"
        | "benchmarkIndex";
      const runs: (Record<Metric, number> & { lcpElement: string })[] = [];
      let attempts = 0;
      const failing = new Set<string>();
      for (let i = 0; i < runsPerPage; i++) {
        const result = await lh(`${base}${url}`, { port: chrome.port, output: "json", logLevel: "error" });
        const lhr = result?.lhr;
        // LIGHTHOUSE_REPORTS=dir keeps every run's whole report, to read what a score is made of.
        if (lhr && process.env.LIGHTHOUSE_REPORTS) {
          fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
          const name = `${url.replace(/[^a-z0-9]+/gi, "_")}-${Date.now()}.json`;
          fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr));
        }
        // A run whose trace failed (NO_NAVSTART and the like on a busy machine) has no scores: run again.
        if (!lhr || lhr.runtimeError) {
          attempts += 1;
          if (attempts < 3) i -= 1;
          continue;
        }
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
          seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
          cls: Math.round(Number(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
          fcpMs: Math.round(Number(lhr.audits["first-contentful-paint"]?.numericValue ?? 0)),
          lcpMs: Math.round(Number(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0)),
          tbtMs: Math.round(Number(lhr.audits["total-blocking-time"]?.numericValue ?? 0)),
          siMs: Math.round(Number(lhr.audits["speed-index"]?.numericValue ?? 0)),
          // What the pictures cost: the page's image requests and their bytes over the wire, and whether the LCP is one.
          ...imageRequests(lhr),
          lcpElement: lcpElement(lhr),
          // Lighthouse's CPU benchmark of this machine during the run (lower = slower or busier).
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        });
        // Which audits of the three 100-point categories fell short, to say what is in the way.
        for (const id of ["accessibility", "best-practices", "seo"]) {
          for (const ref of lhr.categories[id]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(ref.id);
          }
        }
      }
      const median = (key: Metric) => middle(runs.map((r) => r[key]));
      out[url] = {
        performance: median("performance"),
        accessibility: median("accessibility"),
        bestPractices: median("bestPractices"),
        seo: median("seo"),
        cls: median("cls"),
        clsMax: Math.max(0, ...runs.map((r) => r.cls)),
        fcpMs: median("fcpMs"),
        lcpMs: median("lcpMs"),
        tbtMs: median("tbtMs"),
        siMs: median("siMs"),
        images: median("images"),
        imageKb: median("imageKb"),
        lcpElement: [...new Set(runs.map((r) => r.lcpElement))].join("/"),
        benchmarkIndex: median("benchmarkIndex"),
        runs: runs.length,
        failing: [...failing].join(" "),
      };
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

/**
 * Lighthouse of the six pages on a fresh PostgreSQL database (demo content, 100,000 generated products) with
 * a picture on every product, external product, supplier logo and the measured note, served by the
 * stand-in host through OUTBOUND_ALLOW_HOSTS and made by the server's own image jobs before any run.
 * `builds`: one server per build folder on the same database, and each page's runs alternate between them
 * (a, b, …, a, b, …), so load from other processes on the shared cores falls on all alike.
 */
export async function lighthouseWithPictures({
  port,
  runs,
  builds = [],
  pageChoice = "",
}: {
  port: number;
  runs: number;
  builds?: string[];
  /** "": the six pages; "all": every public page; else a comma list of paths, each matching the pages it begins. */
  pageChoice?: string;
}) {
  const pictureHost = await startPictureHost();
  const created = await createPostgresDatabase("domae_bench_lh");
  try {
    // OUTBOUND_ALLOW_HOSTS: the server's image jobs may fetch from the stand-in host, and from nowhere else.
    const env = { DATABASE_URL: created.url, AUTH_SECRET: BENCH_AUTH_SECRET, SEED_DEMO: "0", OUTBOUND_ALLOW_HOSTS: pictureHost.allowHosts };
    const ids = await withDatabase(async () => {
      await seedDemoIfFirstStart();
      await generateCatalogue({ wholesalerCount: 10_000, productCount: 100_000 });
      const w = await db().execute(sql`SELECT id FROM wholesalers ORDER BY id LIMIT 3`);
      const n = await db().execute(sql`SELECT id FROM seller_notes ORDER BY id LIMIT 1`);
      const e = await db().execute(sql`SELECT title FROM external_products ORDER BY id LIMIT 1`);
      const wholesalerIds = w.rows.map((row) => (row as { id: number }).id);
      const found = {
        wholesaler: wholesalerIds[0]!,
        note: (n.rows[0] as { id: number } | undefined)?.id ?? 1,
        compare: wholesalerIds,
        // The first word of a listed external product's name: a search with results.
        searchWord: ((e.rows[0] as { title: string } | undefined)?.title ?? "가방").split(/\s+/)[0] || "가방",
      };
      await givePictures(pictureHost.urls, found.note);
      return found;
    }, env);
    const pages = choosePages(pageChoice, LIGHTHOUSE_PAGES(ids), OTHER_PUBLIC_PAGES(ids));
    const servers = [];
    try {
      // The servers request the pictures at start (the catch-up for rows saved without a request) and make them.
      const started = performance.now();
      for (const [i, build] of (builds.length ? builds : [""]).entries())
        servers.push(await startServer(port + i, build ? { ...env, BUILD_DIR: build } : env));
      const made = await waitForPictures(created.url, pictureHost.urls, { since: started });
      const ownPictures = await checkOwnPictures(servers[0]!.base, pages, PICTURED_PAGES(ids));
      for (const server of servers.slice(1)) await checkOwnPictures(server.base, pages, PICTURED_PAGES(ids));
      const pictures = { ...made, ownPictures };
      console.log(
        `pictures: ${made.ready} ready ${made.seconds} s after the server started (${made.jobs} fetch jobs, ${made.images} in the images table); our own copies per page: ${JSON.stringify(ownPictures)}`,
      );
      if (!builds.length) return { pictures, result: await lighthouse(servers[0]!.base, pages, runs) };
      const perBuild: Record<string, Record<string, Record<string, number | string>[]>> = {};
      for (const url of pages) {
        for (let r = 0; r < runs; r++) {
          for (const [i, build] of builds.entries()) {
            const one = (await lighthouse(servers[i]!.base, [url], 1))[url];
            if (!one?.runs) continue;
            const perPage = perBuild[build] ?? {};
            perBuild[build] = perPage;
            perPage[url] = [...(perPage[url] ?? []), one];
          }
        }
      }
      const median = (list: Record<string, number | string>[], key: string) => middle(list.map((x) => Number(x[key])));
      const table = Object.entries(perBuild).flatMap(([build, pages]) =>
        Object.entries(pages).map(([url, list]) => ({
          build,
          url,
          performance: median(list, "performance"),
          cls: median(list, "cls"),
          clsMax: Math.max(...list.map((x) => Number(x.cls))),
          fcpMs: median(list, "fcpMs"),
          lcpMs: median(list, "lcpMs"),
          tbtMs: median(list, "tbtMs"),
          imageKb: median(list, "imageKb"),
          lcpElement: [...new Set(list.map((x) => x.lcpElement))].join("/"),
          benchmarkIndex: median(list, "benchmarkIndex"),
          runs: list.length,
        })),
      );
      return { pictures, result: { table, runs: perBuild } };
    } finally {
      for (const server of servers) await stopServer(server);
    }
  } finally {
    await pictureHost.host.close();
    await created.drop();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      label: { type: "string", default: "" },
      builds: { type: "string", default: "" },
      pages: { type: "string", default: "" },
    },
  });
  const builds = values.builds ? values.builds.split(",") : [];
  if (!(await postgresReachable())) {
    console.error("PostgreSQL is not reachable (BENCH_DATABASE_URL / TEST_DATABASE_URL).");
    process.exit(1);
  }
  if (!builds.length) ensureBuild();
  const { pictures, result } = await lighthouseWithPictures({
    port: Number(process.env.BENCH_PORT || 3400),
    runs: Number(values.runs),
    builds,
    pageChoice: values.pages,
  });
  console.table("table" in result ? result.table : result);
  fs.mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/lighthouse${values.label ? `-${values.label}` : ""}.json`;
  fs.writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), label: values.label, builds, pictures, result }, null, 2)}\n`);
  console.log(`wrote ${file}`);
  process.exit(0);
}
