import { expect, test } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./fixtures.ts";

/** What the built server answers at the HTTP level: caching, limits, bodies that are not forms. */

const form = (baseURL: string | undefined) => ({ origin: baseURL ?? "", "content-type": "application/x-www-form-urlencoded" });

test("an anonymous page may be stored but must be revalidated; a signed-in person's page is never stored", async ({ request, baseURL }) => {
  const anonymous = await request.get("/list");
  expect(anonymous.headers()["cache-control"]).toBe("no-cache");

  const email = uniqueEmail("cache");
  const signup = await request.post("/signup", {
    headers: form(baseURL),
    form: { email, password: PASSWORD, agreeTerms: "yes", agreePrivacy: "yes", agreeAge: "yes" },
    maxRedirects: 0,
  });
  expect(signup.status()).toBe(302);
  for (const path of ["/list", "/products", "/wholesaler/1", "/sellernote", "/add"]) {
    const page = await request.get(path);
    expect(page.headers()["cache-control"], path).toBe("private, no-store");
  }
});

test("a refused login (429) tells the browser when to try again", async ({ playwright, baseURL }) => {
  const client = await playwright.request.newContext({ baseURL });
  const email = uniqueEmail("retry");
  let last = 0;
  let retryAfter: string | undefined;
  for (let i = 0; i < 11; i++) {
    const res = await client.post("/login", { headers: form(baseURL), form: { email, password: `wrong-${i}` }, maxRedirects: 0 });
    last = res.status();
    retryAfter = res.headers()["retry-after"];
  }
  expect(last).toBe(429);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  await client.dispose();
});

test("a write that is not a form gets 415, an oversized one 413, each with a Korean page and no stack", async ({ request, baseURL }) => {
  const json = await request.post("/login", {
    headers: { origin: baseURL ?? "", "content-type": "application/json" },
    data: { email: "a@b.c" },
  });
  expect(json.status()).toBe(415);
  expect(await json.text()).toContain("이 형식의 요청은 처리할 수 없습니다");
  const big = await request.post("/login", { headers: form(baseURL), data: `email=${"a".repeat(64 * 1024)}` });
  expect(big.status()).toBe(413);
  const text = await big.text();
  expect(text).toContain("보낸 내용이 너무 큽니다");
  expect(text).not.toMatch(/\n\s+at /);
  const broken = await request.post("/products", {
    headers: { origin: baseURL ?? "", "content-type": "multipart/form-data; boundary=xyz" },
    data: "not multipart",
  });
  expect(broken.status()).toBeGreaterThanOrEqual(400);
  expect(broken.status()).toBeLessThan(500);
});
