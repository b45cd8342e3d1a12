import http from "node:http";
import express from "express";
import { expect, test } from "vitest";
import { useLoopbackApps } from "#tests/loopback-app.ts";
import { refuseCrossSiteWrites } from "./same-site-writes.ts";

const serve = useLoopbackApps();

async function start(publicUrl?: string) {
  const app = express();
  app.use(refuseCrossSiteWrites(publicUrl ? new URL(publicUrl) : null));
  app.use((_req, res) => {
    res.send("reached the app");
  });
  return serve(app);
}

test("a write from another site gets 403 in Korean and never reaches the app; reads pass", async () => {
  const base = await start();
  const crossSite = await fetch(`${base}/api/anything`, { method: "POST", headers: { origin: "https://evil.example" }, body: "x=1" });
  expect(crossSite.status).toBe(403);
  expect(await crossSite.text()).toBe("다른 사이트에서 보낸 요청은 처리할 수 없습니다.");
  // No Origin header: the browser's Sec-Fetch-Site decides.
  const fetchSite = await fetch(`${base}/api/anything`, { method: "POST", headers: { "sec-fetch-site": "cross-site" }, body: "x=1" });
  expect(fetchSite.status).toBe(403);
  expect((await fetch(`${base}/api/anything`, { headers: { origin: "https://evil.example" } })).status).toBe(200);
});

test("a write from this site's own origin (or with neither header, as a script or curl sends it) reaches the app", async () => {
  const base = await start();
  expect((await fetch(`${base}/add`, { method: "POST", headers: { origin: base }, body: "x=1" })).status).toBe(200);
  expect((await fetch(`${base}/add`, { method: "POST", headers: { "sec-fetch-site": "same-origin" }, body: "x=1" })).status).toBe(200);
  expect((await fetch(`${base}/add`, { method: "POST", body: "x=1" })).status).toBe(200);
});

/** A POST with a Host header of our choosing (fetch sends the URL's own). */
function postWithHost(base: string, host: string, origin: string) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(`${base}/add`, { method: "POST", headers: { host, origin } }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    request.on("error", reject);
    request.end("x=1");
  });
}

test("behind a TLS proxy, the PUBLIC_URL origin is this site's when the Host is its host", async () => {
  const base = await start("https://domae.example");
  expect(await postWithHost(base, "domae.example", "https://domae.example")).toBe(200);
  expect(await postWithHost(base, "domae.example", "http://domae.example")).toBe(403);
  expect(await postWithHost(base, "domae.example", "https://evil.example")).toBe(403);
});
