import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type StandInSites, startStandInSites } from "#tests/stand-in-sites.ts";
import { parkedSign, visibleText } from "./parked-page.ts";
import { checkSite, pageTitle } from "./site-check.server.ts";
import { endsOnAnotherSite } from "./site-status.ts";

let sites: StandInSites;

beforeAll(async () => {
  sites = await startStandInSites();
});

afterAll(async () => {
  await sites?.close();
});

const check = (name: string, options: { timeoutMs?: number } = {}) => checkSite(sites.url(name), { resolve: sites.resolve, ...options });

describe("what a stand-in site's answer means", () => {
  test("a site that answers its page is ok, with status, final address and title", async () => {
    expect(await check("ok.co.kr")).toEqual({
      outcome: "ok",
      statusCode: 200,
      finalUrl: sites.url("ok.co.kr"),
      errorKind: null,
      title: "ok.co.kr 도매",
      // Read, and the page shows no 사업자 정보 (features/official-records reads it).
      facts: { businessNumber: null, mailOrderNumber: null, tradeName: null },
    });
  });

  test("www. is the same site: a redirect to it is still ok", async () => {
    const result = await check("shop.co.kr");
    expect(result.outcome).toBe("ok");
    expect(result.finalUrl).toBe(sites.url("www.shop.co.kr"));
  });

  test("a site that now ends on another registrable domain has moved", async () => {
    const result = await check("old.co.kr");
    expect(result).toMatchObject({ outcome: "moved", statusCode: 200, finalUrl: sites.url("new.co.kr", "/welcome") });
  });

  test("for-sale and parked pages are recognised: by their words (English or Korean) and by a parking site", async () => {
    expect(await check("parked.co.kr")).toMatchObject({ outcome: "parked", errorKind: "parked", statusCode: 200 });
    expect(await check("forsale.co.kr")).toMatchObject({ outcome: "parked", errorKind: "parked" });
    // A redirect to a marketplace is parked, not moved.
    expect(await check("lapsed.co.kr")).toMatchObject({
      outcome: "parked",
      finalUrl: sites.url("sedo.com", "/search/details/?domain=lapsed.co.kr"),
    });
  });

  test("HTTP errors are failures with their status code", async () => {
    expect(await check("broken.co.kr")).toMatchObject({ outcome: "failed", errorKind: "http", statusCode: 500 });
    expect(await check("gone.co.kr")).toMatchObject({ outcome: "failed", errorKind: "http", statusCode: 404 });
  });
});

describe("faults: each records a failure kind and moves on within its time limit", () => {
  test("a name that does not resolve, and a port where nothing listens", async () => {
    expect(await checkSite("http://no-such-shop.co.kr/", { resolve: sites.resolve })).toMatchObject({
      outcome: "failed",
      errorKind: "dns",
    });
    expect(await check("closed.co.kr")).toMatchObject({ outcome: "failed", errorKind: "connect" });
  });

  test("a site that never answers, and one that streams forever without a page, time out", async () => {
    const started = Date.now();
    expect(await check("slow.co.kr", { timeoutMs: 800 })).toMatchObject({ outcome: "failed", errorKind: "timeout" });
    expect(await check("endless.co.kr", { timeoutMs: 800 })).toMatchObject({ outcome: "failed", errorKind: "timeout" });
    // The deadline is the behaviour: two 0.8 s limits, loosely bounded for a busy machine.
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  test("10 MB without a page head is too large, and reading stops near the 256 KB cap", async () => {
    expect(await check("huge.co.kr")).toMatchObject({ outcome: "failed", errorKind: "too-large", statusCode: null });
    expect(sites.hugeBytesSent()).toBeLessThan(10 * 1024 * 1024);
  });

  test("a big page whose head arrives first is a page: its site is ok", async () => {
    expect(await check("bigpage.co.kr")).toMatchObject({ outcome: "ok", title: "큰 도매몰" });
  });

  test("a redirect loop stops after five hops", async () => {
    expect(await check("loop.co.kr")).toMatchObject({ outcome: "failed", errorKind: "redirects" });
  });

  test("a redirect to a private address is refused without connecting", async () => {
    const before = sites.forbidden.connections();
    expect(await check("sneaky.co.kr")).toMatchObject({ outcome: "failed", errorKind: "refused" });
    expect(sites.forbidden.connections()).toBe(before);
  });

  test("a TLS handshake that fails is a tls failure", async () => {
    expect(await check("tls.co.kr")).toMatchObject({ outcome: "failed", errorKind: "tls" });
  });

  test("an address the policy refuses outright is never fetched", async () => {
    expect(await checkSite("http://127.0.0.1:9/", { resolve: sites.resolve })).toMatchObject({ outcome: "failed", errorKind: "refused" });
    expect(await checkSite("ftp://ok.co.kr/", { resolve: sites.resolve })).toMatchObject({ outcome: "failed", errorKind: "refused" });
  });
});

describe("the rules without a network", () => {
  test("registrable domains decide 'another site', not www. or the scheme", () => {
    const to = (href: string) => new URL(href);
    expect(endsOnAnotherSite("http://domeggook.com", to("https://www.domeggook.com/main"))).toBe(false);
    expect(endsOnAnotherSite("https://shop.co.kr", to("https://m.shop.co.kr/"))).toBe(false);
    expect(endsOnAnotherSite("https://shop.co.kr", to("https://shop.com/"))).toBe(true);
    expect(endsOnAnotherSite("https://a.co.kr", to("https://b.co.kr/"))).toBe(true);
    // Private suffixes count: two github.io sites are two sites.
    expect(endsOnAnotherSite("https://shop-a.github.io", to("https://shop-b.github.io/"))).toBe(true);
  });

  test("parked signs: parking hosts, parking scripts and phrases; an ordinary shop is not parked", () => {
    const url = new URL("https://shop.co.kr/");
    expect(parkedSign(new URL("https://www.hugedomains.com/domain_profile.cfm?d=shop"), "", "")).toMatch(/hugedomains/);
    expect(parkedSign(new URL("https://www.godaddy.com/forsale/shop.co.kr"), "", "")).toMatch(/godaddy/);
    expect(parkedSign(url, "", `<script src="//img.sedoparking.com/js/px.js"></script>`)).toMatch(/sedoparking/);
    expect(parkedSign(url, "shop.co.kr is for sale", "")).not.toBeNull();
    expect(parkedSign(url, "", "<p>The domain shop.co.kr may be for sale.</p>")).not.toBeNull();
    expect(parkedSign(url, "", "<p>shop.co.kr is parked free, courtesy of GoDaddy.com.</p>")).not.toBeNull();
    expect(parkedSign(url, "", "<div>판매 중인 도메인입니다</div>")).not.toBeNull();
    expect(parkedSign(url, "", "<div>이 도메인은 만료되었습니다.</div>")).not.toBeNull();
    expect(parkedSign(url, "도매꾹", "<p>의류 도매, 판매 중인 상품 1,000개</p><a href='https://www.godaddy.com/'>호스팅</a>")).toBeNull();
    // Words inside scripts and comments are not what a person reads.
    expect(parkedSign(url, "", "<script>var msg = 'this domain is for sale';</script><!-- buy this domain -->")).toBeNull();
  });

  test("titles and visible text are read without regular expressions that hostile pages can stall", () => {
    expect(pageTitle("<html><head><TITLE>A &amp; B &#54620;</TITLE>")).toBe("A & B 한");
    expect(pageTitle("<title>unclosed")).toBe("");
    const hostile = "<".repeat(200_000);
    const started = Date.now();
    visibleText(hostile);
    pageTitle(`<title>${hostile}`);
    parkedSign(new URL("https://shop.co.kr/"), "a.".repeat(100_000), `<p>${"a.".repeat(100_000)}</p>`);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
