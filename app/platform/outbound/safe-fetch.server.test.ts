import type http from "node:http";
import zlib from "node:zlib";
import { expect, test } from "vitest";
import { useCanaryAndShop } from "#tests/canary.ts";
import { blockedCorpus, corpusAvailable, fakeNetwork, setAllowHosts, startServer, stubResolver } from "#tests/network.ts";
import { findOgImage } from "../link-preview/og-meta.ts";
import { UnsafeUrlError } from "./address-policy.server.ts";
import { checkedLookup, fetchHtmlHead, fetchImageBytes, fetchPage, fetchText, type SafeFetchOptions } from "./safe-fetch.server.ts";

const endless = { closed: 0 };
/** Connections of the trickling senders that ended, by path: the fetcher hung up on them. */
const trickled: Record<string, number> = {};

/**
 * A sender that is never idle: one byte every 50 ms, forever. An idle timeout never fires on it; only
 * a budget for the whole fetch ends it. `head` trickles the status line and headers themselves.
 */
function trickle(request: http.IncomingMessage, response: http.ServerResponse, what: "head" | "body", type: string) {
  const socket = request.socket;
  const bytes =
    what === "head" ? Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: ${type}\r\nX-Padding: ${"x".repeat(10_000)}`, "latin1") : null;
  if (what === "body") {
    response.writeHead(200, { "content-type": type });
    response.flushHeaders();
    if (type === "text/html") response.write("<html><head>");
  }
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return;
    // The headers go straight onto the socket, a byte at a time; a body byte is one chunk of the answer.
    if (bytes) socket.write(bytes.subarray(sent, sent + 1));
    else response.write(Buffer.from([sent % 256]));
    sent += 1;
  }, 50);
  socket.once("close", () => {
    clearInterval(timer);
    const path = (request.url ?? "").split("?")[0] ?? "";
    trickled[path] = (trickled[path] ?? 0) + 1;
  });
}

const OG_PAGE = `<!doctype html><html><head><title>상품</title><meta content="/img/a.png" property="og:image"></head><body>본문</body></html>`;

// Every test ends with an untouched canary: no URL of any case reached it (useCanaryAndShop checks).
const { canary, shop } = useCanaryAndShop((request, response) => {
  const url = new URL(request.url ?? "/", "http://shop");
  const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
  if (hop) {
    const left = Number(hop[1]);
    response.writeHead(302, { location: left > 1 ? `/hop/${left - 1}` : "/page" });
    return response.end();
  }
  const slowHop = /^\/slow-hop\/(\d+)$/.exec(url.pathname);
  if (slowHop) {
    const left = Number(slowHop[1]);
    setTimeout(() => {
      response.writeHead(302, { location: left > 1 ? `/slow-hop/${left - 1}` : "/page" });
      response.end();
    }, 400);
    return;
  }
  switch (url.pathname) {
    case "/trickle-head":
      return trickle(request, response, "head", url.searchParams.get("type") ?? "");
    case "/trickle":
      return trickle(request, response, "body", url.searchParams.get("type") ?? "");
    case "/page":
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end(OG_PAGE);
    case "/to": // redirect to whatever ?location= says
      response.writeHead(302, { location: url.searchParams.get("location") ?? "/" });
      return response.end();
    case "/json":
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(`{"og:image":"/img/a.png"}`);
    case "/no-type":
      response.writeHead(200);
      return response.end(OG_PAGE);
    case "/missing":
      response.writeHead(404, { "content-type": "text/html" });
      return response.end(OG_PAGE);
    case "/big": {
      // 3 MB of <head> before the tag: the fetcher must give up at 2 MB.
      response.writeHead(200, { "content-type": "text/html" });
      response.write(`<html><head><script>${"x".repeat(3 * 1024 * 1024)}</script>`);
      return response.end(`<meta property="og:image" content="/late.png"></head></html>`);
    }
    case "/endless": {
      response.writeHead(200, { "content-type": "text/html" });
      response.write("<html><head>");
      const chunk = `<!-- ${"y".repeat(64 * 1024)} -->`;
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) {}
        if (!response.destroyed) response.once("drain", pump);
      };
      response.on("close", () => {
        endless.closed += 1;
      });
      return pump();
    }
    case "/slow":
      response.writeHead(200, { "content-type": "text/html" });
      response.write("<html><head>");
      return; // never finishes
    case "/gzip":
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      return response.end(zlib.gzipSync(OG_PAGE));
    case "/gzip-bomb":
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      return response.end(zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, " ")));
    case "/euc-kr": {
      // <meta property="og:image" content="https://cdn.example.com/상품.png"> in EUC-KR (상 = BBF3, 품 = C7B0)
      const before = Buffer.from(
        `<html><head><meta http-equiv="Content-Type" content="text/html; charset=euc-kr"><meta property="og:image" content="https://cdn.example.com/`,
        "latin1",
      );
      const after = Buffer.from(`.png"></head></html>`, "latin1");
      response.writeHead(200, { "content-type": "text/html" });
      return response.end(Buffer.concat([before, Buffer.from([0xbb, 0xf3, 0xc7, 0xb0]), after]));
    }
    default:
      response.writeHead(404);
      return response.end();
  }
});

/** Runs one fetch; the answer is "refused" (UnsafeUrlError), null, or the og:image found. */
async function outcome(url: string, options: SafeFetchOptions) {
  try {
    const page = await fetchHtmlHead(url, options);
    return page ? (findOgImage(page.html, page.url) ?? "page without image") : null;
  } catch (error) {
    if (error instanceof UnsafeUrlError) return "refused";
    throw error;
  }
}

const PRIVATE_ANSWERS = [
  ["127.0.0.1"],
  ["::ffff:127.0.0.1"],
  ["169.254.169.254"],
  ["fd00:ec2::254"],
  ["10.0.0.1"],
  ["::1"],
  ["93.184.216.34", "127.0.0.1"],
];

const PROJECT_CASES = [
  "http://017700000001/",
  "http://0/",
  "http://127.1/",
  "http://0x7f.1/",
  "http://[::ffff:7f00:1]/",
  "http://[::7f00:1]/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[fd00:ec2::254]/",
  "http://user:pass@example.com/",
  "http://example.com:8080/",
  "file:///etc/passwd",
  "gopher://example.com/",
  "javascript:alert(1)",
  "http://localhost/",
  "http://[64:ff9b::7f00:1]/",
  "http://[2002:7f00:1::]/",
  "not a url",
];

test("every URL of the SSRF corpora (or our own cases) is refused and the canary gets no connection", async () => {
  // Whatever name a URL holds, DNS answers with an internal address (in turn), as an attacker's DNS would.
  const dns = stubResolver((_host, call) => PRIVATE_ANSWERS[call % PRIVATE_ANSWERS.length] ?? []);
  const network = fakeNetwork(canary);
  const withCorpus = corpusAvailable();
  const corpus = withCorpus
    ? blockedCorpus()
    : [...PROJECT_CASES, "http://internal.example.com/", "http://localtest.me/"].map((url) => ({ source: "own", url }));
  expect(corpus.length).toBeGreaterThan(withCorpus ? 400 : 15);

  const results = await Promise.all(
    corpus.map(async (row) => ({ ...row, result: await outcome(row.url, { resolve: dns.resolve, connect: network.connect }) })),
  );
  const accepted = results.filter((row) => row.result !== "refused" && row.result !== null);
  expect(accepted).toEqual([]);
  expect(network.attempts.every((attempt) => attempt.host === attempt.address && attempt.address !== "127.0.0.1")).toBe(true);
  if (!withCorpus) {
    expect(network.attempts).toEqual([]);
    return;
  }
  // The only connections tried were to public addresses that the URL itself spelled out (e.g. "1.1.1.1"
  // in the SecLists file), which the fake network leaves unreachable: nothing that DNS said, nothing private.
  expect(new Set(network.attempts.map((attempt) => attempt.address))).toEqual(new Set(["1.1.1.1", "2.2.2.2", "3.3.3.3"]));
  // Names that look public were asked of DNS and refused on its (private) answer, not fetched.
  expect(dns.calls).toEqual(
    expect.arrayContaining(["localtest.me", "127.0.0.1.nip.io", "mail.ebc.apple.com", "spoofed.burpcollaborator.net"]),
  );
  expect(results.filter((row) => row.result === null).map((row) => row.url)).toEqual([
    "http://1.1.1.1",
    "http://2.2.2.2",
    "http://3.3.3.3",
  ]);
});

test.each(PROJECT_CASES)("%s is refused before any connection", async (url) => {
  const network = fakeNetwork(canary);
  const dns = stubResolver(() => ["93.184.216.34"]);
  await expect(fetchHtmlHead(url, { resolve: dns.resolve, connect: network.connect })).rejects.toMatchObject({ name: "UnsafeUrlError" });
  expect(network.attempts).toEqual([]);
  expect(dns.calls).toEqual([]);
});

test.each(["127.0.0.1", "::ffff:127.0.0.1", "169.254.169.254", "fd00:ec2::254"])(
  "a name resolving to %s gets no connection",
  async (address) => {
    const network = fakeNetwork(canary);
    const dns = stubResolver({ "shop.example.com": [address] });
    await expect(fetchHtmlHead("http://shop.example.com/item", { resolve: dns.resolve, connect: network.connect })).rejects.toMatchObject({
      name: "UnsafeUrlError",
    });
    expect(dns.calls).toEqual(["shop.example.com"]);
    expect(network.attempts).toEqual([]);
  },
);

test("the check sits on node's real connection path: net.connect asks the checking lookup", async () => {
  // No injected connector: a refusal here (rather than a DNS failure, which would give null) shows that
  // the real socket resolved the name through the guard.
  const dns = stubResolver({ "internal.example.com": ["127.0.0.1"] });
  await expect(fetchHtmlHead("http://internal.example.com/", { resolve: dns.resolve })).rejects.toMatchObject({
    name: "UnsafeUrlError",
    reason: "address",
  });
  expect(dns.calls).toEqual(["internal.example.com"]);
});

test("DNS rebinding: a name that answers public first and 127.0.0.1 next is resolved once and never reaches the canary", async () => {
  const network = fakeNetwork(canary);
  const dns = stubResolver((_host, call) => (call === 1 ? ["93.184.216.34"] : ["127.0.0.1"]));
  expect(await fetchHtmlHead("http://rebind.example.com/", { resolve: dns.resolve, connect: network.connect })).toBeNull();
  expect(dns.calls).toEqual(["rebind.example.com"]);
  expect(network.attempts).toEqual([{ host: "rebind.example.com", address: "93.184.216.34", port: 80 }]);
});

test("a name with both a public and a private address is refused", async () => {
  const network = fakeNetwork(canary);
  const dns = stubResolver(() => ["93.184.216.34", "10.0.0.7"]);
  await expect(fetchHtmlHead("https://mixed.example.com/", { resolve: dns.resolve, connect: network.connect })).rejects.toMatchObject({
    name: "UnsafeUrlError",
  });
  expect(network.attempts).toEqual([]);
});

test("the checking lookup hands net only the addresses it checked, by family when asked", async () => {
  const dns = stubResolver(() => ["93.184.216.34", "2606:4700:4700::1111"]);
  const lookup = checkedLookup(dns.resolve, false);
  const call = (options: { all?: boolean; family?: number }) =>
    new Promise<unknown>((resolve, reject) =>
      lookup("shop.example.com", options, (error, address, family) => (error ? reject(error) : resolve({ address, family }))),
    );
  expect(await call({})).toEqual({ address: "93.184.216.34", family: 4 });
  expect(await call({ family: 6 })).toEqual({ address: "2606:4700:4700::1111", family: 6 });
  expect(await call({ all: true })).toEqual({
    address: [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:4700:4700::1111", family: 6 },
    ],
    family: undefined,
  });
});

test("if a connection lands on a private address anyway, the request is not sent", async () => {
  // A connector that ignores the lookup (as a misconfigured agent would) and connects to the canary.
  const raw = await startServer();
  const bypass = fakeNetwork(raw, []);
  const dns = stubResolver(() => ["93.184.216.34"]);
  const result = await outcome("http://shop.example.com/", {
    resolve: dns.resolve,
    connect: (options) => bypass.connect({ ...options, host: "10.0.0.1", lookup: undefined }),
  });
  expect(result).toBe("refused");
  expect(raw.connections()).toBe(1);
  expect(raw.requests).toEqual([]);
  await raw.close();
});

test("a real page on 127.0.0.1, allowed by OUTBOUND_ALLOW_HOSTS, gives its og:image as an absolute URL", async () => {
  setAllowHosts("127.0.0.1");
  expect(await outcome(`${shop.origin}/page`, {})).toBe(`${shop.origin}/img/a.png`);
  expect(await outcome(`${shop.origin}/gzip`, {})).toBe(`${shop.origin}/img/a.png`);
  expect(await outcome(`${shop.origin}/euc-kr`, {})).toBe("https://cdn.example.com/%EC%83%81%ED%92%88.png");
});

test("without the allowance the same local page is refused and never requested", async () => {
  const before = shop.requests.length;
  expect(await outcome(`${shop.origin}/page`, {})).toBe("refused");
  expect(shop.requests.length).toBe(before);
});

test("an allow-listed name is reached through the checking lookup", async () => {
  setAllowHosts("shop.test");
  const dns = stubResolver({ "shop.test": ["127.0.0.1"] });
  expect(await outcome(`http://shop.test:${shop.port}/page`, { resolve: dns.resolve })).toBe(`http://shop.test:${shop.port}/img/a.png`);
});

test("up to 3 redirects are followed; a 4th is not", async () => {
  setAllowHosts("127.0.0.1");
  expect(await outcome(`${shop.origin}/hop/3`, {})).toBe(`${shop.origin}/img/a.png`);
  const before = shop.requests.length;
  expect(await outcome(`${shop.origin}/hop/4`, {})).toBeNull();
  expect(shop.requests.slice(before)).toEqual(["/hop/4", "/hop/3", "/hop/2", "/hop/1"]);
});

test("every redirect target is checked again: private addresses, other ports, credentials, schemes", async () => {
  setAllowHosts("127.0.0.1");
  const network = fakeNetwork(canary, [shop]);
  const dns = stubResolver({ "internal.example.com": ["127.0.0.1"], "meta.example.com": ["169.254.169.254"] });
  const targets = [
    "http://10.0.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "https://[::ffff:127.0.0.1]/",
    "http://internal.example.com/",
    `http://internal.example.com:${canary.port}/`,
    "https://meta.example.com/",
    "http://user:pass@example.com/",
    "file:///etc/passwd",
    "gopher://example.com/",
    "http://[::7f00:1]/",
  ];
  for (const target of targets) {
    const result = await outcome(`${shop.origin}/to?location=${encodeURIComponent(target)}`, {
      resolve: dns.resolve,
      connect: network.connect,
    });
    expect(result, target).toBeNull();
  }
  // Only the allow-listed shop was connected to; the two names were refused on their DNS answers.
  expect(network.attempts.every((attempt) => attempt.port === shop.port)).toBe(true);
  expect(dns.calls).toEqual(["internal.example.com", "meta.example.com"]);
});

test("one 5 s deadline covers all redirects together", async () => {
  setAllowHosts("127.0.0.1");
  // Three hops of 400 ms each fit in no 1 s budget, although each hop alone would.
  const started = Date.now();
  expect(await outcome(`${shop.origin}/slow-hop/3`, { timeoutMs: 1_000 })).toBeNull();
  // Well below the 5 s default: it was the 1 s budget that ended it (loose, for noisy machines).
  expect(Date.now() - started).toBeLessThan(4_000);
  expect(await outcome(`${shop.origin}/slow-hop/1`, { timeoutMs: 1_000 })).toBe(`${shop.origin}/img/a.png`);
});

test.each(["/trickle", "/trickle-head"])(
  "a sender of one byte every 50 ms (%s) is cut when the fetch's whole budget is spent, and its connection closed",
  async (path) => {
    setAllowHosts("127.0.0.1");
    const image = await fetchImageBytes(`${shop.origin}${path}?type=image/png`, { timeoutMs: 800, maxBytes: 1024 * 1024 });
    expect(image).toMatchObject({ ok: false, kind: "timeout" });
    const page = await fetchPage(`${shop.origin}${path}?type=text/html`, { timeoutMs: 800, read: "page" });
    expect(page).toMatchObject({ ok: false, kind: "timeout" });
    // Both connections were closed by the fetcher (the senders would go on for ever).
    await expect.poll(() => trickled[path]).toBe(2);
  },
);

test("a page that never finishes gives null after about 5 s", async () => {
  setAllowHosts("127.0.0.1");
  const started = Date.now();
  expect(await outcome(`${shop.origin}/slow`, {})).toBeNull();
  const elapsed = Date.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(4_900);
  expect(elapsed).toBeLessThan(20_000);
});

test("pages over 2 MB give null, and reading stops at the cap", async () => {
  setAllowHosts("127.0.0.1");
  expect(await outcome(`${shop.origin}/big`, {})).toBeNull();
  expect(await outcome(`${shop.origin}/gzip-bomb`, {})).toBeNull();
  // An endless page: the fetcher hangs up at the size cap, before the 5 s deadline.
  const started = Date.now();
  expect(await outcome(`${shop.origin}/endless`, {})).toBeNull();
  expect(Date.now() - started).toBeLessThan(4_900);
  await expect.poll(() => endless.closed).toBe(1);
});

test("non-HTML, a missing Content-Type and HTTP errors give null", async () => {
  setAllowHosts("127.0.0.1");
  expect(await outcome(`${shop.origin}/json`, {})).toBeNull();
  expect(await outcome(`${shop.origin}/no-type`, {})).toBeNull();
  expect(await outcome(`${shop.origin}/missing`, {})).toBeNull();
});

test("network failures give null, never an exception", async () => {
  const network = fakeNetwork(canary);
  const nowhere = stubResolver({});
  expect(await fetchHtmlHead("http://does-not-exist.example.com/", { resolve: nowhere.resolve, connect: network.connect })).toBeNull();
  const unreachable = stubResolver(() => ["93.184.216.34"]);
  expect(await fetchHtmlHead("https://shop.example.com/", { resolve: unreachable.resolve, connect: network.connect })).toBeNull();
  // A port nothing listens on: connection refused.
  setAllowHosts("127.0.0.1");
  const closed = await startServer();
  await closed.close();
  expect(await fetchHtmlHead(`${closed.origin}/`, {})).toBeNull();
});

test("requests are plain GETs: no cookies or credentials, a fixed User-Agent, HTML wanted", async () => {
  setAllowHosts("127.0.0.1");
  const seen: Record<string, unknown>[] = [];
  const echo = await startServer((request, response) => {
    seen.push({ method: request.method, ...request.headers });
    response.writeHead(200, { "content-type": "text/html" });
    response.end(OG_PAGE);
  });
  await fetchHtmlHead(`${echo.origin}/`, {});
  await echo.close();
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({
    method: "GET",
    accept: expect.stringContaining("text/html"),
    "user-agent": "DomaeDirectory-OgImage/1.0",
  });
  expect(seen[0]).not.toHaveProperty("cookie");
  expect(seen[0]).not.toHaveProperty("authorization");
});

test("fetchText (the registries' calls) keeps every rule: private addresses refused before DNS answers are used, no redirect followed, the cap", async () => {
  const network = fakeNetwork(canary);
  const dns = stubResolver({ "registry.example.com": ["10.0.0.8"] });
  expect(
    await fetchText("http://registry.example.com/status", { resolve: dns.resolve, connect: network.connect, maxBytes: 1024 }),
  ).toMatchObject({
    ok: false,
    kind: "refused",
  });
  expect(await fetchText("http://169.254.169.254/latest", { connect: network.connect, maxBytes: 1024 })).toMatchObject({
    ok: false,
    kind: "refused",
  });
  expect(network.attempts).toEqual([]);

  setAllowHosts(`127.0.0.1:${shop.port}`);
  // A redirect is an answer with its status, never followed (here: to the canary).
  const moved = await fetchText(`${shop.origin}/to?location=${encodeURIComponent(`${canary.origin}/`)}`, { maxBytes: 1024 });
  expect(moved).toMatchObject({ ok: true, status: 302 });
  expect(await fetchText(`${shop.origin}/big`, { maxBytes: 64 * 1024 })).toMatchObject({ ok: false, kind: "too-large" });
});

test("fetchText posts JSON with its length and reads the answer as text", async () => {
  setAllowHosts("127.0.0.1");
  const seen: { method?: string; type?: string; body: string }[] = [];
  const echo = await startServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      seen.push({ method: request.method, type: request.headers["content-type"], body });
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"status_code":"OK","data":[]}');
    });
  });
  const answer = await fetchText(`${echo.origin}/status?serviceKey=abc`, {
    method: "POST",
    json: { b_no: ["2208112341"] },
    maxBytes: 4096,
  });
  await echo.close();
  expect(answer).toEqual({ ok: true, status: 200, contentType: "application/json", text: '{"status_code":"OK","data":[]}' });
  expect(seen).toEqual([{ method: "POST", type: "application/json", body: '{"b_no":["2208112341"]}' }]);
});
