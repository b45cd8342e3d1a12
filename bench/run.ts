// npm run bench [-- --quick]: throughput, latency, search timing, page weight and Lighthouse of the
// production build on 127.0.0.1, on PGlite and (when reachable) PostgreSQL. Writes bench/results/latest.json.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { sql } from "drizzle-orm";
import { db, openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { seedDemoIfFirstStart } from "#app/features/demo/seed.server.ts";
import { generateCatalogue } from "./generate-data.ts";
import { firstLoadJs, includesEditor } from "./page-weight.ts";
import { timeSearchClasses } from "./search-timing.ts";

const { values: args } = parseArgs({ options: { quick: { type: "boolean", default: false }, "skip-lighthouse": { type: "boolean", default: false } } });
const QUICK = args.quick;
const DURATION = QUICK ? 3 : 8;
const PRODUCTS = QUICK ? 30_000 : 100_000;
const WHOLESALERS = QUICK ? 3_000 : 10_000;
const PORT = 3400;
const BASE = `http://127.0.0.1:${PORT}`;
const PG_ADMIN = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

type Target = { kind: "pglite" | "postgres"; env: Record<string, string>; cleanup: () => Promise<void> };

/** A new database of the given kind with demo content plus the generated catalogue; closed again before the server starts. */
async function prepare(kind: Target["kind"], products: number, wholesalers: number): Promise<Target> {
  let env: Record<string, string>;
  let cleanup = async () => {};
  if (kind === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "domae-bench-"));
    env = { DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `domae_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 LOCALE 'C.UTF-8' ENCODING 'UTF8'`);
    await admin.end();
    const url = new URL(PG_ADMIN);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "domae-bench-secret-")) };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  const target: Target = { kind, env: { ...env, SEED_DEMO: "0" }, cleanup };
  await withOpen(target, async () => {
    await seedDemoIfFirstStart();
    await generateCatalogue({ wholesalerCount: wholesalers, productCount: products });
  });
  return target;
}

async function withOpen<T>(target: Target, run: () => Promise<T>) {
  const open = await openDatabase({ databaseUrl: target.env.DATABASE_URL, dataDir: target.env.DATA_DIR });
  setCurrentDatabase(open);
  try {
    return await run();
  } finally {
    setCurrentDatabase(undefined);
    await open.close();
  }
}

async function startServer(target: Target): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.ts"], {
    env: { ...process.env, ...target.env, PORT: String(PORT), HOST: "127.0.0.1", AUTH_RATE_LIMIT: "0", BENCH_ROUTES: "1", PUBLIC_URL: BASE },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** CPU time (user + system) of a process, in milliseconds, from /proc. */
function cpuMs(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(stat[11]) + Number(stat[12]);
  return (ticks * 1000) / 100;
}

async function signedInCookie() {
  const email = `bench-${Date.now()}@example.com`;
  const res = await fetch(`${BASE}/signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE },
    body: new URLSearchParams({ email, password: "bench-password-1" }),
    redirect: "manual",
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c?.startsWith("flash="))
    .join("; ");
}

async function load(child: ChildProcess, url: string, cookie?: string) {
  const before = cpuMs(child.pid!);
  const result = await autocannon({ url: `${BASE}${url}`, connections: 10, duration: DURATION, headers: cookie ? { cookie } : {} });
  const cpu = cpuMs(child.pid!) - before;
  const requests = result.requests.total;
  return {
    url,
    signedIn: Boolean(cookie),
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: requests ? Math.round((cpu / requests) * 100) / 100 : null,
  };
}

async function htmlWeight(url: string) {
  const html = await (await fetch(`${BASE}${url}`)).text();
  return { htmlBytes: Buffer.byteLength(html), gzipBytes: gzipSync(html).length, html };
}

async function lighthouse(urls: string[]) {
  const { default: lh } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const out: Record<string, Record<string, number>> = {};
  try {
    for (const url of urls) {
      const runs = [];
      for (let i = 0; i < (QUICK ? 1 : 3); i++) {
        const result = await lh(`${BASE}${url}`, { port: chrome.port, output: "json", logLevel: "error" });
        const lhr = result?.lhr;
        if (!lhr) continue;
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
          seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
          cls: Number(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0),
        });
      }
      const median = (key: keyof (typeof runs)[number]) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0;
      out[url] = { performance: median("performance"), accessibility: median("accessibility"), bestPractices: median("bestPractices"), seo: median("seo"), cls: median("cls") };
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

async function postgresReachable() {
  try {
    const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const started = Date.now();
  if (!fs.existsSync("build/server/index.js") || process.env.BENCH_REBUILD === "1") execFileSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  const kinds: Target["kind"][] = ["pglite"];
  if (await postgresReachable()) kinds.push("postgres");
  const results: Record<string, unknown> = { date: new Date().toISOString(), quick: QUICK, products: PRODUCTS, wholesalers: WHOLESALERS, machine: `${os.cpus().length} cores` };

  // Page weight at a small catalogue, for the "same size at 1,000 and 100,000 products" comparison.
  const small = await prepare("pglite", 1_000, 100);
  let child = await startServer(small);
  const smallWeights = { list: await htmlWeight("/list"), products: await htmlWeight("/products") };
  await stopServer(child);
  await small.cleanup();

  for (const kind of kinds) {
    console.log(`\n== ${kind}: generating ${WHOLESALERS} wholesalers and ${PRODUCTS} products`);
    const target = await prepare(kind, PRODUCTS, WHOLESALERS);
    const { search, ids } = await withOpen(target, async () => {
      const w = await db().execute(sql`SELECT id FROM wholesalers ORDER BY id LIMIT 1`);
      const n = await db().execute(sql`SELECT id FROM seller_notes ORDER BY id LIMIT 1`);
      return {
        search: await timeSearchClasses({ repeats: QUICK ? 8 : 20 }),
        ids: { wholesaler: (w.rows[0] as { id: number }).id, note: (n.rows[0] as { id: number } | undefined)?.id ?? 1 },
      };
    });

    child = await startServer(target);
    const cookie = await signedInCookie();
    const routes = ["/list", "/list?q=의류", "/list?q=ㄷㅁ", "/products?q=텀블러", `/wholesaler/${ids.wholesaler}`, `/sellernote/${ids.note}`];
    const http = [];
    for (const url of routes) {
      http.push(await load(child, url));
      http.push(await load(child, url, cookie));
    }
    const reference = await load(child, "/bench/reference-list");
    const listAnon = http.find((r) => r.url === "/list" && !r.signedIn)!;
    const large = { list: await htmlWeight("/list"), products: await htmlWeight("/products") };
    const pageJs: Record<string, { gzipBytes: number; editor: boolean }> = {};
    for (const url of ["/list", "/products", "/search", `/wholesaler/${ids.wholesaler}`, "/seller-info", "/sellinginsight/ad-strategy", "/sellernote", `/sellernote/${ids.note}`, "/login", "/signup"]) {
      const { html } = await htmlWeight(url);
      const js = firstLoadJs(html);
      pageJs[url] = { gzipBytes: js.gzipBytes, editor: includesEditor(js.files) };
    }
    const lh = args["skip-lighthouse"] || (kind === "pglite" && kinds.includes("postgres")) ? null : await lighthouse(["/list", `/wholesaler/${ids.wholesaler}`, "/products", `/sellernote/${ids.note}`]);
    await stopServer(child);
    await target.cleanup();

    results[kind] = {
      http,
      listToReferenceRatio: Math.round((listAnon.reqPerSec / Math.max(1, reference.reqPerSec)) * 100) / 100,
      reference,
      search,
      htmlGzipBytes: {
        list: { small: smallWeights.list.gzipBytes, large: large.list.gzipBytes },
        products: { small: smallWeights.products.gzipBytes, large: large.products.gzipBytes },
      },
      firstLoadJsGzipBytes: pageJs,
      lighthouse: lh,
    };
    printTable(kind, results[kind] as Record<string, unknown>);
  }
  results.seconds = Math.round((Date.now() - started) / 1000);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/latest.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote bench/results/latest.json in ${results.seconds} s`);
  process.exit(0);
}

function printTable(kind: string, r: Record<string, unknown>) {
  console.log(`\n### ${kind}`);
  console.table(r.http);
  console.log(`/list ÷ reference (same run): ${r.listToReferenceRatio}`);
  console.table(r.search);
  console.log("HTML gzip bytes (small vs large catalogue):", JSON.stringify(r.htmlGzipBytes));
  console.table(r.firstLoadJsGzipBytes);
  if (r.lighthouse) console.table(r.lighthouse);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
