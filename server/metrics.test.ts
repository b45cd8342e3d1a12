import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { enqueueJob } from "#app/platform/jobs/job-store.server.ts";
import { readQueueMetrics } from "#app/platform/jobs/queue-metrics.server.ts";
import { currentDatabase, db } from "../app/db/client.server.ts";
import { metricsAccess, onScrape } from "../app/lib/metrics.server.ts";
import { withTestDatabase } from "../tests/test-database.ts";
import { createApp, serveApp } from "./app.ts";
import { routePatterns } from "./route-pattern.ts";

/**
 * /metrics (METRICS=1, issue 38): the Prometheus text to this machine and to the bearer of METRICS_TOKEN, a 404 to
 * anyone else; requests counted by their route's pattern; the job queue and the pools read at the scrape.
 */
const database = withTestDatabase();
const TOKEN = "metrics-token-0123456789";

// The shape of the server build's route manifest, for a few of app/routes.ts's routes.
const manifest = {
  root: { id: "root", path: "" },
  "routes/public/list": { id: "routes/public/list", parentId: "root", path: "list" },
  "routes/public/wholesaler-detail": { id: "routes/public/wholesaler-detail", parentId: "root", path: "wholesaler/:id" },
  "routes/public/home": { id: "routes/public/home", parentId: "root", index: true },
  "routes/public/not-found": { id: "routes/public/not-found", parentId: "root", path: "*" },
};

let base = "";
let server: http.Server;
beforeAll(async () => {
  const app = createApp({
    trustProxyHops: 1,
    isDraining: () => false,
    checkReady: async () => true,
    database: () => currentDatabase(),
    routeOf: routePatterns(manifest),
    metrics: { token: TOKEN },
  });
  serveApp(app, async (request) => {
    if (new URL(request.url).pathname === "/list") {
      // What the database says goes to the page: a pool's wait is timed on PostgreSQL.
      await db().execute("select 1");
      return new Response("list");
    }
    if (new URL(request.url).pathname === "/down")
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    return new Response("not found", { status: 404 });
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  onScrape("jobs", () => readQueueMetrics("images.fetch"));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The value of one series in a scrape, or undefined. */
function seriesValue(text: string, series: string) {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test("from 127.0.0.1 /metrics is the Prometheus text: requests by route pattern and status, 503s by cause, the queue, the process", async () => {
  await (await fetch(`${base}/wholesaler/7`)).arrayBuffer();
  await (await fetch(`${base}/wholesaler/8.data`)).arrayBuffer();
  await (await fetch(`${base}/list`)).arrayBuffer();
  await (await fetch(`${base}/down`)).arrayBuffer();
  await (await fetch(`${base}/healthz`)).arrayBuffer();
  await enqueueJob("images.fetch", { url: "https://shop.example/a.jpg" });
  await enqueueJob("images.fetch", { url: "https://shop.example/b.jpg" });
  await enqueueJob("site-checks.sweep", {}, { runAfter: new Date(Date.now() + 3600_000) });

  const answer = await fetch(`${base}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  const text = await answer.text();
  // One series per route, not per address: /wholesaler/7 and /wholesaler/8.data are the same page.
  expect(seriesValue(text, 'domae_http_requests_total{route="/wholesaler/:id",method="GET",status="404"}')).toBe(2);
  expect(text).not.toContain("/wholesaler/7");
  expect(seriesValue(text, 'domae_http_requests_total{route="/list",method="GET",status="200"}')).toBe(1);
  expect(seriesValue(text, 'domae_http_requests_total{route="/*",method="GET",status="503"}')).toBe(1);
  expect(seriesValue(text, 'domae_http_requests_total{route="/healthz",method="GET",status="200"}')).toBe(1);
  expect(seriesValue(text, 'domae_unavailable_answers_total{cause="database-down"}')).toBe(1);
  expect(seriesValue(text, 'domae_jobs{kind="images.fetch",state="queued"}')).toBe(2);
  expect(seriesValue(text, 'domae_jobs{kind="site-checks.sweep",state="queued"}')).toBe(1);
  expect(seriesValue(text, "domae_picture_backlog")).toBe(2);
  expect(seriesValue(text, "domae_jobs_oldest_due_seconds")).toBeGreaterThanOrEqual(0);
  expect(text).toContain('domae_http_request_duration_seconds_bucket{le="0.1",route="/list"}');
  for (const name of [
    "domae_db_pool_wait_seconds",
    "domae_db_pool_acquire_timeouts_total",
    "domae_db_pool_connections",
    "domae_jobs_run_total",
    "domae_replica_lag_seconds",
    "domae_replica_in_use",
    "domae_replica_routed_reads_total",
    "domae_registry_calls_left",
    "domae_mails_total",
    "process_cpu_seconds_total",
    "nodejs_eventloop_lag_seconds",
  ]) {
    expect(text).toContain(`# TYPE ${name} `);
  }
  if (database.kind === "postgres") {
    // The page's query waited for a connection of the primary's pool.
    expect(seriesValue(text, 'domae_db_pool_wait_seconds_count{pool="primary"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'domae_db_pool_connections{pool="primary",state="open"}')).toBeGreaterThan(0);
  }
});

test("from another address (a request a proxy passed on) /metrics is a 404 without the token, the text with it, 401 with a wrong one", async () => {
  const proxied = { "x-forwarded-for": "203.0.113.9" };
  const refused = await fetch(`${base}/metrics`, { headers: proxied });
  expect(refused.status).toBe(404);
  expect(await refused.text()).not.toContain("domae_");
  const wrong = await fetch(`${base}/metrics`, { headers: { ...proxied, authorization: "Bearer metrics-token-0123456780" } });
  expect(wrong.status).toBe(401);
  expect(await wrong.text()).toBe("");
  const accepted = await fetch(`${base}/metrics`, { headers: { ...proxied, authorization: `Bearer ${TOKEN}` } });
  expect(accepted.status).toBe(200);
  expect(await accepted.text()).toContain("domae_http_requests_total");
});

test("who may read /metrics: loopback without a proxy, or the token's bearer; never another address, never a token when none is set", () => {
  const asked = (remoteAddress: string, authorization?: string, proxied = false) => ({ remoteAddress, authorization, proxied });
  expect(metricsAccess(asked("127.0.0.1"), undefined)).toBe(200);
  expect(metricsAccess(asked("::1"), undefined)).toBe(200);
  expect(metricsAccess(asked("::ffff:127.0.0.1"), undefined)).toBe(200);
  expect(metricsAccess(asked("10.0.0.5"), undefined)).toBe(404);
  expect(metricsAccess(asked("198.51.100.4"), TOKEN)).toBe(404);
  expect(metricsAccess(asked("198.51.100.4", `Bearer ${TOKEN}`), TOKEN)).toBe(200);
  expect(metricsAccess(asked("198.51.100.4", `Bearer ${TOKEN}x`), TOKEN)).toBe(401);
  expect(metricsAccess(asked("198.51.100.4", "Bearer anything"), undefined)).toBe(401);
  // nginx on this machine passing a visitor on: not the machine's own scraper.
  expect(metricsAccess(asked("127.0.0.1", undefined, true), TOKEN)).toBe(404);
});

test("without METRICS=1 there is no /metrics: the address is the app's like any other", async () => {
  const app = createApp({ trustProxyHops: 0, isDraining: () => false, checkReady: async () => true });
  serveApp(app, async () => new Response("the app's 404", { status: 404 }));
  const plain = http.createServer(app);
  await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/metrics`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe("the app's 404");
  } finally {
    plain.closeAllConnections();
    await new Promise((resolve) => plain.close(resolve));
  }
});
