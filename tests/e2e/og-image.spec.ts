import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, signUp, test } from "./fixtures.ts";

/**
 * GET /api/og-image on the built server. playwright.config.ts sets OUTBOUND_ALLOW_HOSTS=127.0.0.1, so a
 * page served here on 127.0.0.1 stands in for an outside shop; "localhost" and every other local name or
 * address stay refused.
 */

let shop: http.Server;
let shopOrigin = "";
let canary: http.Server;
let canaryPort = 0;
let canaryConnections = 0;
let shopRequests = 0;

test.beforeAll(async () => {
  shop = http.createServer((request, response) => {
    shopRequests += 1;
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "set-cookie": "shop=1" });
    response.end(`<html><head><meta property="og:image" content="/images/${request.url?.slice(1)}.jpg"></head><body></body></html>`);
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;

  canary = http.createServer((_request, response) => response.end("canary"));
  canary.on("connection", () => {
    canaryConnections += 1;
  });
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  canaryPort = (canary.address() as AddressInfo).port;
});

test.afterAll(async () => {
  shop.closeAllConnections();
  canary.closeAllConnections();
  await Promise.all([new Promise((resolve) => shop.close(resolve)), new Promise((resolve) => canary.close(resolve))]);
});

const endpoint = (pageUrl: string) => `/api/og-image?url=${encodeURIComponent(pageUrl)}`;

test("a signed-in user's browser gets the og:image of a page through the server, cached; anonymous callers get 401", async ({
  page,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const refused = await anonymous.get(endpoint(`${shopOrigin}/anonymous`));
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: "로그인이 필요합니다." });
  await anonymous.dispose();

  await signUp(page);
  const first = await page.request.get(endpoint(`${shopOrigin}/shoes`));
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe("private, no-store");
  expect(first.headers()["content-type"]).toContain("application/json");
  expect(first.headers()["set-cookie"] ?? "").not.toContain("shop=1");
  expect(await first.json()).toEqual({ imageUrl: `${shopOrigin}/images/shoes.jpg` });

  const again = await page.request.get(endpoint(`${shopOrigin}/shoes`));
  expect(await again.json()).toEqual({ imageUrl: `${shopOrigin}/images/shoes.jpg` });
  expect(shopRequests).toBe(1);
});

test("bad schemes and local addresses are refused with 400 and the canary never hears from the server", async ({ page }) => {
  await signUp(page);
  const scheme = await page.request.get(endpoint("javascript:alert(1)"));
  expect(scheme.status()).toBe(400);
  expect(await scheme.json()).toEqual({ error: "http:// 또는 https://로 시작하는 주소를 입력해 주세요." });

  for (const target of [
    `http://localhost:${canaryPort}/`,
    `http://[::ffff:7f00:1]:${canaryPort}/`,
    "http://169.254.169.254/latest/meta-data/",
  ]) {
    const answer = await page.request.get(endpoint(target));
    expect(answer.status(), target).toBe(400);
    expect(await answer.json()).toEqual({ error: "이 주소에서는 이미지를 가져올 수 없습니다." });
  }
  expect(canaryConnections).toBe(0);
});
