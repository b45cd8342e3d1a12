// The `records` trial of npm run bench (or `npm run bench -- --only records`): 10,000 suppliers with a number and
// a site, checked by the production server's own schedule against stand-in registries and stand-in sites on
// 127.0.0.1 (tests/stand-in-registries.ts): the calls per service (at most 100 numbers a 국세청 call), the wall
// time until every number has both answers, the server's peak memory, and /list ÷ the no-database reference
// page while the jobs run (pages must stay responsive), on PGlite and PostgreSQL.
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import { count, isNotNull, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { officialRecords, recordIssues, wholesalers } from "#app/db/schema.ts";
import { startStandInRegistries } from "#tests/stand-in-registries.ts";
import { withDatabase } from "../scripts/with-database.ts";
import { generatedBusinessNumber } from "./catalogue-generator.ts";
import { load } from "./load.ts";
import { BENCH_AUTH_SECRET, createPostgresDatabase, startServer, stopServer, tempDataDir } from "./server-process.ts";

const SUPPLIERS = 10_000;
/** Bounded: a trial that has not finished by then reports how far it got. */
const TRIAL_LIMIT_MS = 25 * 60_000;

/** The server's peak resident memory (VmHWM), in MB. */
function peakRssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * One round of /list against the no-database reference page (as bench/load.ts listToReference, one after the
 * other so both meet the same background work): the throughput ratio and /list's latencies.
 */
async function listRound(server: Awaited<ReturnType<typeof startServer>>) {
  const options = { duration: 5, warmup: 1 };
  const list = await load(server, "/list", options);
  const reference = await load(server, "/bench/reference-list", options);
  return {
    ratio: Math.round((list.reqPerSec / Math.max(1, reference.reqPerSec)) * 100) / 100,
    listReqPerSec: list.reqPerSec,
    referenceReqPerSec: reference.reqPerSec,
    listP50Ms: list.p50,
    listP99Ms: list.p99,
    listErrors: list.errors + list.non2xx,
  };
}

async function prepare(kind: "pglite" | "postgres"): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (kind === "pglite") {
    const dir = tempDataDir("records");
    return { env: { DATA_DIR: dir, SEED_DEMO: "0" }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const created = await createPostgresDatabase("domae_records");
  return { env: { DATABASE_URL: created.url, AUTH_SECRET: BENCH_AUTH_SECRET, SEED_DEMO: "0" }, cleanup: created.drop };
}

export async function recordsTrial(kind: "pglite" | "postgres", port: number) {
  console.log(`\n== records, ${kind}: ${SUPPLIERS} suppliers`);
  // The stand-in sites: every supplier's home page shows its own number in the footer, after 10 ms.
  let pagesServed = 0;
  const sites = http.createServer((request, response) => {
    pagesServed += 1;
    const i = Number(/^\/s\/(\d+)/.exec(request.url ?? "")?.[1] ?? 0);
    const n = generatedBusinessNumber(i);
    setTimeout(() => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html><head><title>도매 ${i}</title></head><body><p>상품</p><footer>사업자등록번호 ${n.slice(0, 3)}-${n.slice(3, 5)}-${n.slice(5)} | 통신판매업신고 2020-서울강남-${i}</footer></body></html>`,
      );
    }, 10);
  });
  await new Promise<void>((resolve) => sites.listen(0, "127.0.0.1", resolve));
  const sitePort = (sites.address() as net.AddressInfo).port;
  const siteOf = (i: number) => `http://127.0.0.1:${sitePort}/s/${i}`;

  // The stand-in registries: 90 % 계속사업자 with a 정상영업 신고 of the site's host, 5 % 휴업, 5 % 폐업.
  const registries = await startStandInRegistries();
  for (let i = 0; i < SUPPLIERS; i++) {
    const n = generatedBusinessNumber(i);
    const state = i % 20 === 0 ? "03" : i % 20 === 1 ? "02" : "01";
    registries.setNts(n, { state });
    registries.setFtc(n, {
      found: true,
      mailOrderNumber: `2020-서울강남-${i}`,
      state: "정상영업",
      domains: `http://127.0.0.1:${sitePort}`,
    });
  }
  const expectedVerified = Math.floor(SUPPLIERS * 0.9);

  const target = await prepare(kind);
  try {
    await withDatabase(async () => {
      const rows = Array.from({ length: SUPPLIERS }, (_, i) => ({
        name: `기록 도매 ${i}`,
        siteUrl: siteOf(i),
        businessNumber: generatedBusinessNumber(i),
      }));
      for (let i = 0; i < rows.length; i += 500)
        await db()
          .insert(wholesalers)
          .values(rows.slice(i, i + 500));
    }, target.env);

    const serverEnv = {
      ...target.env,
      LINK_CHECK: "1",
      DATA_GO_KR_KEY: "bench-stand-in-key",
      NTS_API_URL: registries.ntsUrl,
      FTC_API_URL: registries.ftcUrl,
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${sitePort},${registries.allowHost}`,
    };
    const callsOf = (service: "nts" | "ftc") => registries.calls.filter((call) => call.service === service);
    const started = Date.now();
    const server = await startServer(port, serverEnv);
    // The server's warnings: job attempts that failed (a time limit passed, a transaction failed) and registry failures.
    const warnings = new Map<string, number>();
    let partial = "";
    server.child.stderr?.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as { msg?: string; kind?: string; cause?: string };
          const key = [entry.msg, entry.kind, entry.cause].filter(Boolean).join(" / ");
          warnings.set(key, (warnings.get(key) ?? 0) + 1);
        } catch {}
      }
    });
    const during: Awaited<ReturnType<typeof listRound>>[] = [];
    let after: Awaited<ReturnType<typeof listRound>> | null = null;
    let finishedAt = 0;
    let peak = 0;
    try {
      // /list against the reference while the checks run: rounds of 5 s each, as long as calls are still coming.
      const done = () => callsOf("ftc").length >= SUPPLIERS && callsOf("nts").length >= SUPPLIERS / 100 && pagesServed >= SUPPLIERS;
      while (!done() && during.length < 3 && Date.now() - started < TRIAL_LIMIT_MS) during.push(await listRound(server));
      while (!done() && Date.now() - started < TRIAL_LIMIT_MS) await new Promise((resolve) => setTimeout(resolve, 250));
      finishedAt = Date.now();
      // The answers' last transactions, then the same measurement with the server idle.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      after = await listRound(server);
      peak = peakRssMb(server.child.pid!);
    } finally {
      await stopServer(server);
    }

    const stored = await withDatabase(async () => {
      const [both] = await db()
        .select({ n: count() })
        .from(officialRecords)
        .where(sql`${officialRecords.ntsCheckedAt} is not null and ${officialRecords.ftcCheckedAt} is not null`);
      const [verified] = await db().select({ n: count() }).from(wholesalers).where(isNotNull(wholesalers.recordsVerifiedFor));
      const [pages] = await db().select({ n: count() }).from(officialRecords).where(isNotNull(officialRecords.pageNumber));
      const [issues] = await db().select({ n: count() }).from(recordIssues);
      return { answeredByBoth: both?.n ?? 0, verified: verified?.n ?? 0, pageNumbersRead: pages?.n ?? 0, adminItems: issues?.n ?? 0 };
    }, target.env);

    const nts = callsOf("nts");
    const result = {
      kind,
      suppliers: SUPPLIERS,
      calls: {
        nts: nts.length,
        ntsMaxNumbersPerCall: Math.max(0, ...nts.map((call) => call.numbers.length)),
        ntsNumbersAsked: new Set(nts.flatMap((call) => call.numbers)).size,
        ftc: callsOf("ftc").length,
        ftcNumbersAsked: new Set(callsOf("ftc").flatMap((call) => call.numbers)).size,
        sitePages: pagesServed,
      },
      wallSeconds: Math.round((finishedAt - started) / 1000),
      serverWarnings: Object.fromEntries(warnings),
      peakRssMb: peak,
      ...stored,
      expectedVerified,
      listToReferenceDuringRun: during.map((round) => round.ratio),
      listToReferenceAfterRun: after?.ratio ?? null,
      roundsDuringRun: during,
      roundAfterRun: after,
    };
    console.log(JSON.stringify(result, null, 2));
    return result;
  } finally {
    await target.cleanup();
    await registries.close();
    sites.close();
  }
}
