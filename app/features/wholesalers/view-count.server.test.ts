import { expect, test } from "vitest";
import { countsAsView, visitorKey } from "./view-count.server.ts";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const request = (headers: Record<string, string>, method = "GET") => new Request("http://localhost/wholesaler/1", { method, headers });

test("people count; prefetches, prerenders, crawlers and HEAD requests do not", () => {
  expect(countsAsView(request({ "user-agent": CHROME }))).toBe(true);
  expect(countsAsView(request({}))).toBe(true);
  expect(countsAsView(request({ "user-agent": CHROME, "sec-purpose": "prefetch" }))).toBe(false);
  expect(countsAsView(request({ "user-agent": CHROME, "sec-purpose": "prefetch;prerender" }))).toBe(false);
  expect(countsAsView(request({ "user-agent": CHROME, purpose: "prefetch" }))).toBe(false);
  expect(countsAsView(request({ "user-agent": CHROME }, "HEAD"))).toBe(false);
  for (const bot of [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)",
    "Mozilla/5.0 (compatible; Daum/4.1; +https://cs.daum.net/faq/15/4118.html?faqId=28966)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "curl/8.5.0",
  ]) {
    expect(countsAsView(request({ "user-agent": bot })), bot).toBe(false);
  }
});

test("the visitor key is a daily keyed hash of the signed-in account, else the address: no address is stored", () => {
  const secret = "secret-secret-secret-secret-secret-00";
  const visit = (ip: string, cookie = "") => new Request("http://localhost/wholesaler/1", { headers: { "x-client-ip": ip, cookie } });
  const key = visitorKey(visit("203.0.113.5"), null, secret, "2026-11-23");
  expect(key).not.toContain("203.0.113.5");
  expect(visitorKey(visit("203.0.113.5"), null, secret, "2026-11-23")).toBe(key);
  expect(visitorKey(visit("203.0.113.5"), null, secret, "2026-11-24")).not.toBe(key);
  expect(visitorKey(visit("203.0.113.6"), null, secret, "2026-11-23")).not.toBe(key);
  // A session cookie's value is not who someone is: without a confirmed account the address counts.
  expect(visitorKey(visit("203.0.113.5", "better-auth.session_token=abc.def"), null, secret, "2026-11-23")).toBe(key);
  // Signed in: the account counts, whichever address it comes from.
  const signedIn = visitorKey(visit("203.0.113.5"), "user-1", secret, "2026-11-23");
  expect(signedIn).not.toBe(key);
  expect(visitorKey(visit("198.51.100.1"), "user-1", secret, "2026-11-23")).toBe(signedIn);
});
