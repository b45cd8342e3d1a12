import express from "express";
import { expect, test } from "vitest";
import { useLoopbackApps } from "#tests/loopback-app.ts";
import { securityHeaders } from "./security-headers.ts";

const serve = useLoopbackApps();

/** The middleware alone, before a stand-in that says what the app would be told. */
async function start(options: Parameters<typeof securityHeaders>[0] = { httpsOrigin: false }) {
  const app = express();
  app.use(securityHeaders(options));
  app.use((req, res) => {
    res.json({ nonce: req.headers["x-csp-nonce"], requestId: req.headers["x-request-id"], ip: req.headers["x-client-ip"] });
  });
  return serve(app);
}

const imgSrc = (response: Response) => /img-src [^;]*/.exec(response.headers.get("content-security-policy") ?? "")?.[0];

test("each answer gets a fresh nonce in its CSP and a request id; what a client sent under those names is replaced", async () => {
  const base = await start();
  const forged = { "x-csp-nonce": "forged", "x-request-id": "forged", "x-client-ip": "6.6.6.6" };
  const [first, second] = await Promise.all([fetch(`${base}/list`, { headers: forged }), fetch(`${base}/list`)]);
  const seen = (await first!.json()) as { nonce: string; requestId: string; ip: string };
  expect(seen.nonce).not.toBe("forged");
  expect(seen.requestId).not.toBe("forged");
  expect(seen.ip).toBe("127.0.0.1");
  expect(first!.headers.get("content-security-policy")).toContain(`script-src 'nonce-${seen.nonce}' 'strict-dynamic'`);
  expect(first!.headers.get("x-request-id")).toBe(seen.requestId);
  expect(second!.headers.get("content-security-policy")).not.toContain(seen.nonce);
  for (const [name, value] of [
    ["x-content-type-options", "nosniff"],
    ["x-frame-options", "DENY"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ["cross-origin-opener-policy", "same-origin"],
  ] as const)
    expect(first!.headers.get(name), name).toBe(value);
  expect(first!.headers.get("strict-transport-security")).toBeNull();
});

test("an https site gets HSTS; development allows eval and the dev server's socket", async () => {
  const https = await start({ httpsOrigin: true });
  expect((await fetch(https)).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  const dev = (await fetch(await start({ httpsOrigin: false, dev: true }))).headers.get("content-security-policy") ?? "";
  expect(dev).toContain("'unsafe-eval'");
  expect(dev).toContain("connect-src 'self' ws:");
});

test("pictures come only from our own origin, except in the seller-note editor where an admin pastes addresses", async () => {
  const base = await start();
  for (const path of ["/list", "/wholesaler/1", "/products", "/sellernote/1", "/admin/sellernote-addx", "/admin/sellernote-edit/1/x"]) {
    expect(imgSrc(await fetch(`${base}${path}`)), path).toBe("img-src 'self' data:");
  }
  for (const path of ["/admin/sellernote-add", "/admin/sellernote-edit/12"])
    expect(imgSrc(await fetch(`${base}${path}`)), path).toBe("img-src 'self' data: https:");
});

test("with IMAGE_BASE_URL (a CDN for our picture files) pages allow that one origin for pictures, and no other", async () => {
  const base = await start({ httpsOrigin: false, imageOrigin: "https://images.example.com/some/path" });
  expect(imgSrc(await fetch(`${base}/list`))).toBe("img-src 'self' data: https://images.example.com");
});
