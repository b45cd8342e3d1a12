import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { ogImageCache } from "#app/db/schema.ts";
import { signUpAction } from "#app/features/users/auth-actions.server.ts";
import { loader } from "#app/routes/api/og-image.ts";
import { useCanaryAndShop } from "#tests/canary.ts";
import { setAllowHosts } from "#tests/network.ts";
import { asResponse, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const { canary, shop } = useCanaryAndShop((request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  if (request.url?.startsWith("/plain")) return response.end("<html><head><title>이미지 없음</title></head><body></body></html>");
  setTimeout(() => response.end(`<html><head><meta property="og:image" content="/img/a.png?v=1&amp;s=2"></head></html>`), 20);
});
/** The shop as the allowance names it: "localhost" resolves through the system's hosts file, no network. */
let shopOrigin: string;
beforeAll(() => {
  shopOrigin = `http://localhost:${shop.port}`;
});

async function signedIn(email: string) {
  const created = asResponse(
    await signUpAction(
      formRequest("/signup", { email, password: "correct-horse-9", agreeTerms: "yes", agreePrivacy: "yes", agreeAge: "yes" }),
    ),
  );
  return cookiesFrom(new Response(null, { headers: created.headers }));
}

async function callEndpoint(pageUrl: string | null, cookie?: string) {
  const query = pageUrl === null ? "" : `?url=${encodeURIComponent(pageUrl)}`;
  const response = (await loader({
    request: getRequest(`/api/og-image${query}`, { cookie }),
    params: {},
    context: {},
  } as never)) as Response;
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { imageUrl?: string | null; error?: string },
  };
}

function requestsTo(path: string) {
  return shop.requests.filter((requested) => requested === path).length;
}

test("anonymous callers get 401 with a Korean message, and nothing is fetched", async () => {
  setAllowHosts("localhost");
  const answer = await callEndpoint(`${shopOrigin}/anonymous`);
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ error: "로그인이 필요합니다." });
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  expect(requestsTo("/anonymous")).toBe(0);
});

test("a signed-in user gets the page's og:image; the second ask is answered from the cache", async () => {
  setAllowHosts("localhost");
  const cookie = await signedIn("og-user@example.com");
  const first = await callEndpoint(`${shopOrigin}/item#reviews`, cookie);
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ imageUrl: `${shopOrigin}/img/a.png?v=1&s=2` });
  expect(first.headers.get("cache-control")).toBe("private, no-store");

  const second = await callEndpoint(`${shopOrigin}/item`, cookie);
  expect(second.body).toEqual(first.body);
  expect(requestsTo("/item")).toBe(1);

  const [row] = await db()
    .select()
    .from(ogImageCache)
    .where(eq(ogImageCache.url, `${shopOrigin}/item`));
  const hoursLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
  expect(hoursLeft).toBeGreaterThan(23);
  expect(hoursLeft).toBeLessThanOrEqual(24);
});

test("a page without og:image answers null, cached for an hour; an expired answer is fetched again", async () => {
  setAllowHosts("localhost");
  const cookie = await signedIn("og-plain@example.com");
  expect((await callEndpoint(`${shopOrigin}/plain`, cookie)).body).toEqual({ imageUrl: null });
  expect((await callEndpoint(`${shopOrigin}/plain`, cookie)).body).toEqual({ imageUrl: null });
  expect(requestsTo("/plain")).toBe(1);
  const [row] = await db()
    .select()
    .from(ogImageCache)
    .where(eq(ogImageCache.url, `${shopOrigin}/plain`));
  const minutesLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
  expect(minutesLeft).toBeGreaterThan(55);
  expect(minutesLeft).toBeLessThanOrEqual(60);

  await db()
    .update(ogImageCache)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(ogImageCache.url, `${shopOrigin}/plain`));
  await callEndpoint(`${shopOrigin}/plain`, cookie);
  expect(requestsTo("/plain")).toBe(2);
});

test("bad schemes and private addresses get 400 and are never fetched; the canary on 127.0.0.1 stays untouched", async () => {
  setAllowHosts("localhost");
  const cookie = await signedIn("og-bad@example.com");
  for (const pageUrl of ["javascript:alert(1)", "file:///etc/passwd", "ftp://example.com/", "not a url", "", null]) {
    const answer = await callEndpoint(pageUrl, cookie);
    expect(answer.status, String(pageUrl)).toBe(400);
    expect(answer.body).toEqual({ error: "http:// 또는 https://로 시작하는 주소를 입력해 주세요." });
  }
  for (const pageUrl of [
    `${canary.origin}/`,
    `http://127.1:${canary.port}/`,
    "http://169.254.169.254/latest/meta-data/",
    "http://[::ffff:7f00:1]/",
    "http://10.0.0.1/",
    "http://user:pass@example.com/",
    "http://example.com:8080/",
  ]) {
    const answer = await callEndpoint(pageUrl, cookie);
    expect(answer.status, pageUrl).toBe(400);
    expect(answer.body).toEqual({ error: "이 주소에서는 이미지를 가져올 수 없습니다." });
  }
  expect(
    await db()
      .select()
      .from(ogImageCache)
      .where(eq(ogImageCache.url, `${canary.origin}/`)),
  ).toEqual([]);
});

test("each user may ask 30 times a minute; the 31st gets 429 with a Korean message", async () => {
  const cookie = await signedIn("og-busy@example.com");
  for (let i = 0; i < 30; i += 1) expect((await callEndpoint("javascript:void(0)", cookie)).status).toBe(400);
  const limited = await callEndpoint("javascript:void(0)", cookie);
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요." });
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  // Another user is not affected.
  expect((await callEndpoint("javascript:void(0)", await signedIn("og-other@example.com"))).status).toBe(400);
});
