import express from "express";
import { afterEach, expect, test, vi } from "vitest";
import { captureLog } from "#tests/log-capture.ts";
import { useLoopbackApps } from "#tests/loopback-app.ts";
import { metrics } from "../../app/lib/metrics.server.ts";
import { sendUnavailable } from "../answers.ts";
import { logRequests } from "./request-log.ts";

const serve = useLoopbackApps();
afterEach(() => {
  vi.restoreAllMocks();
});

async function start() {
  const app = express();
  app.use(logRequests({ routeOf: (path) => (/^\/wholesaler\/\d+$/.test(path) ? "/wholesaler/:id" : undefined), replicaConfigured: false }));
  app.get("/down", (req, res) => sendUnavailable(req, res, "pool exhausted"));
  app.use((_req, res) => {
    res.send("page");
  });
  return serve(app);
}

const countOf = async (labels: { route: string; method: string; status: string }) =>
  (await metrics.requests.get()).values.find((value) =>
    Object.entries(labels).every(([k, v]) => value.labels[k as keyof typeof labels] === v),
  )?.value ?? 0;

test("one log line per answered request with its status and time; a 503 carries its cause; assets are only counted", async () => {
  const base = await start();
  const lines = captureLog();
  await (await fetch(`${base}/wholesaler/7?from=list`)).text();
  await (await fetch(`${base}/down`)).text();
  await (await fetch(`${base}/assets/app-123.js`)).text();
  vi.restoreAllMocks();
  const requests = lines.filter((line) => line.msg === "request");
  expect(requests.map(({ path, status, level }) => ({ path, status, level }))).toEqual([
    { path: "/wholesaler/7", status: 200, level: "info" },
    { path: "/down", status: 503, level: "error" },
  ]);
  expect(typeof requests[0]!.ms).toBe("number");
  expect(requests[1]!.unavailableCause).toBe("pool exhausted");
  expect(requests[0]).not.toHaveProperty("unavailableCause");
});

test("requests are counted by their route's pattern, never by the address asked for", async () => {
  const base = await start();
  const before = await countOf({ route: "/wholesaler/:id", method: "GET", status: "200" });
  for (const id of [1, 2, 3]) await (await fetch(`${base}/wholesaler/${id}`)).text();
  await (await fetch(`${base}/made-up-${Date.now()}`)).text();
  expect(await countOf({ route: "/wholesaler/:id", method: "GET", status: "200" })).toBe(before + 3);
  const routes = new Set((await metrics.requests.get()).values.map((value) => String(value.labels.route)));
  expect([...routes].some((route) => route.startsWith("/made-up"))).toBe(false);
  expect(routes.has("other")).toBe(true);
});
