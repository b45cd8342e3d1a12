// The `site-checks` trial of npm run bench:faults: 1,000 suppliers whose sites are a stand-in server on
// 127.0.0.1, the production server's own schedule checking them, /healthz probed every 100 ms, and a kill -9
// in the middle of the run. Afterwards every supplier has exactly one recorded check (none lost, none twice).
import http from "node:http";
import type net from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { jobs, siteCheckRuns, siteChecks, siteStatus, wholesalers } from "#app/db/schema.ts";
import { withDatabase } from "../scripts/with-database.ts";
import { startServer, stopServer } from "./server-process.ts";

const SUPPLIERS = 1_000;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function siteCheckTrial(kind: string, env: Record<string, string>, port: number) {
  // The stand-in sites: a small page after 20 ms, every request counted by path.
  const requests = new Map<string, number>();
  const sites = http.createServer((request, response) => {
    requests.set(request.url ?? "", (requests.get(request.url ?? "") ?? 0) + 1);
    setTimeout(() => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end("<!doctype html><html><head><title>도매</title></head><body>상품</body></html>");
    }, 20);
  });
  await new Promise<void>((resolve) => sites.listen(0, "127.0.0.1", resolve));
  const sitePort = (sites.address() as net.AddressInfo).port;
  const fetched = () => [...requests.values()].reduce((sum, n) => sum + n, 0);

  const ids = await withDatabase(async () => {
    const rows = Array.from({ length: SUPPLIERS }, (_, i) => ({ name: `점검 도매 ${i}`, siteUrl: `http://127.0.0.1:${sitePort}/s/${i}` }));
    const inserted: number[] = [];
    for (let i = 0; i < rows.length; i += 250) {
      inserted.push(
        ...(
          await db()
            .insert(wholesalers)
            .values(rows.slice(i, i + 250))
            .returning({ id: wholesalers.id })
        ).map((row) => row.id),
      );
    }
    return inserted;
  }, env);

  const serverEnv = { ...env, LINK_CHECK: "1", OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${sitePort}` };
  const latencies: number[] = [];
  /** Probes of 500 ms or more: when (seconds from the start) and in which phase, to see what held the server. */
  const slow: { at: number; ms: number; phase: string }[] = [];
  let phase = "checks before the kill";
  let probeErrors = 0;
  let probing = true;
  let base = "";
  const begun = Date.now();
  const probe = (async () => {
    while (probing) {
      if (base) {
        const started = performance.now();
        try {
          await (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) })).text();
          const ms = performance.now() - started;
          latencies.push(ms);
          if (ms >= 500) slow.push({ at: Math.round((Date.now() - begun) / 1000), ms: Math.round(ms), phase });
        } catch {
          probeErrors += 1; // the server is down between the kill and the restart
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  const started = Date.now();
  let server = await startServer(port, serverEnv);
  base = server.base;
  while (fetched() < SUPPLIERS * 0.3 && Date.now() - started < 300_000) await new Promise((resolve) => setTimeout(resolve, 50));
  const fetchedAtKill = fetched();
  base = "";
  server.child.kill("SIGKILL");
  await server.exited;
  server = await startServer(port, serverEnv);
  phase = "checks after the restart";
  base = server.base;
  // The dead server's claims run out (time limit + 30 s), then the rest of the run finishes.
  while (requests.size < SUPPLIERS && Date.now() - started < 600_000) await new Promise((resolve) => setTimeout(resolve, 250));
  // Then the run is judged and the statuses written: each supplier's public page says 정상.
  phase = "judging the run";
  const waiting = new Set(ids);
  while (waiting.size > 0 && Date.now() - started < 900_000) {
    for (const id of [...waiting].slice(0, 50)) {
      const page = await (await fetch(`${server.base}/wholesaler/${id}`)).text();
      if (/사이트 상태<\/dt><dd[^>]*>정상</.test(page)) waiting.delete(id);
    }
    if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  probing = false;
  await probe;
  await stopServer(server);
  sites.close();

  const verdict = await withDatabase(async () => {
    const checks = await db()
      .select({ wholesalerId: siteChecks.wholesalerId, n: sql<number>`count(*)::int` })
      .from(siteChecks)
      .groupBy(siteChecks.wholesalerId);
    const runs = await db()
      .select({ outcome: siteCheckRuns.outcome, total: siteCheckRuns.total, done: siteCheckRuns.done })
      .from(siteCheckRuns);
    const [{ ok } = { ok: 0 }] = await db().select({ ok: sql<number>`count(*)::int` }).from(siteStatus).where(eq(siteStatus.status, "ok"));
    const [{ left } = { left: 0 }] = await db()
      .select({ left: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(sql`${jobs.kind} like 'site-checks.%'`, inArray(jobs.state, ["queued", "running", "failed"])));
    return {
      suppliersChecked: checks.length,
      recordedTwice: checks.filter((c) => c.n > 1).length,
      runs,
      statusOk: ok,
      jobsNotDone: left,
    };
  }, env);

  return {
    kind,
    suppliers: SUPPLIERS,
    fetchedAtKill,
    fetchesTotal: fetched(),
    refetchedAfterKill: fetched() - requests.size,
    ...verdict,
    seconds: Math.round((Date.now() - started) / 1000),
    healthz: {
      probes: latencies.length,
      p50ms: Math.round(percentile(latencies, 50)),
      p99ms: Math.round(percentile(latencies, 99)),
      maxMs: Math.round(Math.max(0, ...latencies)),
      over1s: latencies.filter((ms) => ms >= 1_000).length,
      refusedWhileDown: probeErrors,
      slow,
    },
    statusNotShown: waiting.size,
  };
}
