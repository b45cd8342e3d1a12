// npm run bench:lighthouse: Lighthouse (mobile, median of 3) of the public pages against the production build on
// PostgreSQL with the demo content and the 100,000-product catalogue; part of `npm run bench`, alone for
// measuring one front-end change at a time (docs/performance.md, "Font"). Writes bench/results/lighthouse.json.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { seedDemoIfFirstStart } from "#app/features/demo/seed.server.ts";
import { withDatabase } from "../scripts/with-database.ts";
import { generateCatalogue } from "./generate-data.ts";
import { createPostgresDatabase, ensureBuild, postgresReachable, startServer, stopServer } from "./server-process.ts";

/** The pages issue 16 measures: the directory, a wholesaler, products, a note, the guides and one guide. */
export const LIGHTHOUSE_PAGES = (ids: { wholesaler: number; note: number }) => [
  "/list",
  `/wholesaler/${ids.wholesaler}`,
  "/products",
  `/sellernote/${ids.note}`,
  "/seller-info",
  "/sellinginsight/ad-strategy",
];

export async function lighthouse(base: string, urls: string[], runsPerPage = 3) {
  const { default: lh } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const out: Record<string, Record<string, number | string>> = {};
  try {
    for (const url of urls) {
      const runs: Record<"performance" | "accessibility" | "bestPractices" | "seo" | "cls" | "fcpMs" | "lcpMs" | "tbtMs" | "siMs" | "benchmarkIndex", number>[] = [];
      let attempts = 0;
      const failing = new Set<string>();
      for (let i = 0; i < runsPerPage; i++) {
        const result = await lh(`${base}${url}`, { port: chrome.port, output: "json", logLevel: "error" });
        const lhr = result?.lhr;
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
      const median = (key: keyof (typeof runs)[number]) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0;
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

if (import.meta.main) {
  // --builds a,b,…: one server per build folder on the same database, and each page's runs alternate
  // between them (a, b, …, a, b, …), so load from other processes on the shared cores falls on all alike.
  const { values } = parseArgs({ options: { runs: { type: "string", default: "3" }, label: { type: "string", default: "" }, builds: { type: "string", default: "" } } });
  const builds = values.builds ? values.builds.split(",") : [];
  if (!(await postgresReachable())) {
    console.error("PostgreSQL is not reachable (BENCH_DATABASE_URL / TEST_DATABASE_URL).");
    process.exit(1);
  }
  if (!builds.length) ensureBuild();
  const port = Number(process.env.BENCH_PORT || 3400);
  const created = await createPostgresDatabase("domae_bench_lh");
  try {
    const env = { DATABASE_URL: created.url, AUTH_SECRET: "bench-secret-bench-secret-bench-secret-00", SEED_DEMO: "0" };
    const ids = await withDatabase(async () => {
      await seedDemoIfFirstStart();
      await generateCatalogue({ wholesalerCount: 10_000, productCount: 100_000 });
      const w = await db().execute(sql`SELECT id FROM wholesalers ORDER BY id LIMIT 1`);
      const n = await db().execute(sql`SELECT id FROM seller_notes ORDER BY id LIMIT 1`);
      return { wholesaler: (w.rows[0] as { id: number }).id, note: (n.rows[0] as { id: number } | undefined)?.id ?? 1 };
    }, env);
    const servers = [];
    try {
      let result: unknown;
      if (!builds.length) {
        servers.push(await startServer(port, env));
        result = await lighthouse(servers[0]!.base, LIGHTHOUSE_PAGES(ids), Number(values.runs));
        console.table(result);
      } else {
        for (const [i, build] of builds.entries()) servers.push(await startServer(port + i, { ...env, BUILD_DIR: build }));
        const runs: Record<string, Record<string, Record<string, number | string>[]>> = {};
        for (const url of LIGHTHOUSE_PAGES(ids)) {
          for (let r = 0; r < Number(values.runs); r++) {
            for (const [i, build] of builds.entries()) {
              const one = (await lighthouse(servers[i]!.base, [url], 1))[url];
              if (!one?.runs) continue;
              const perPage = runs[build] ?? {};
              runs[build] = perPage;
              perPage[url] = [...(perPage[url] ?? []), one];
            }
          }
        }
        const median = (list: Record<string, number | string>[], key: string) => list.map((x) => Number(x[key])).sort((a, b) => a - b)[Math.floor(list.length / 2)];
        const table = Object.entries(runs).flatMap(([build, pages]) =>
          Object.entries(pages).map(([url, list]) => ({
            build,
            url,
            performance: median(list, "performance"),
            cls: median(list, "cls"),
            clsMax: Math.max(...list.map((x) => Number(x.cls))),
            fcpMs: median(list, "fcpMs"),
            lcpMs: median(list, "lcpMs"),
            tbtMs: median(list, "tbtMs"),
            benchmarkIndex: median(list, "benchmarkIndex"),
            runs: list.length,
          })),
        );
        console.table(table);
        result = { table, runs };
      }
      fs.mkdirSync("bench/results", { recursive: true });
      const file = `bench/results/lighthouse${values.label ? `-${values.label}` : ""}.json`;
      fs.writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), label: values.label, builds, result }, null, 2)}\n`);
      console.log(`wrote ${file}`);
    } finally {
      for (const server of servers) await stopServer(server);
    }
  } finally {
    await created.drop();
  }
  process.exit(0);
}
