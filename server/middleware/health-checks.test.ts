import express from "express";
import { expect, test } from "vitest";
import { useLoopbackApps } from "#tests/loopback-app.ts";
import { healthChecks } from "./health-checks.ts";

const serve = useLoopbackApps();

async function start(state: { draining: boolean; ready: boolean }) {
  const app = express();
  app.use(healthChecks({ isDraining: () => state.draining, checkReady: async () => state.ready }));
  app.use((_req, res) => {
    res.status(404).send("not a health check");
  });
  return serve(app);
}

test("/healthz answers while the process runs; /readyz only while it should get traffic", async () => {
  const state = { draining: false, ready: true };
  const base = await start(state);
  expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "ok" });
  const ready = await fetch(`${base}/readyz`);
  expect([ready.status, ready.headers.get("cache-control"), await ready.json()]).toEqual([200, "no-store", { status: "ready" }]);

  state.ready = false;
  const down = await fetch(`${base}/readyz`);
  expect([down.status, down.headers.get("retry-after"), await down.json()]).toEqual([503, "10", { status: "unavailable" }]);
  expect((await fetch(`${base}/healthz`)).status).toBe(200);

  // Draining (a stop was asked): not ready, whatever the database says, so the balancer moves traffic away.
  Object.assign(state, { draining: true, ready: true });
  expect((await fetch(`${base}/readyz`)).status).toBe(503);
  expect((await fetch(`${base}/anything-else`)).status).toBe(404);
});
