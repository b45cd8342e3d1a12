import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { BODY_LIMITS } from "../app/lib/body-limits.ts";
import { type AppOptions, createApp, serveApp } from "./app.ts";

/** The real Express stack around a stand-in for React Router that says what it was given. */
async function start(options: Partial<AppOptions> = {}) {
  const app = createApp({ trustProxyHops: 0, isDraining: () => false, checkReady: async () => true, ...options });
  serveApp(
    app,
    async (request) =>
      Response.json({ ip: request.headers.get("x-client-ip"), url: request.url, bodyBytes: (await request.arrayBuffer()).byteLength }),
    options.publicUrl,
  );
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

type Seen = { ip: string; url: string; bodyBytes: number };
const seen = async (response: globalThis.Response) => (await response.json()) as Seen;

test("TRUST_PROXY=0: X-Forwarded-For and -Proto are ignored; the socket's address counts", async () => {
  const base = await start({ trustProxyHops: 0 });
  const answer = await seen(await fetch(`${base}/list`, { headers: { "x-forwarded-for": "6.6.6.6", "x-forwarded-proto": "https" } }));
  expect(answer.ip).toBe("127.0.0.1");
  expect(answer.url.startsWith("http://127.0.0.1:")).toBe(true);
});

test("TRUST_PROXY=1: only the entry our proxy appended counts; a forged prefix, or 1,000 of them, changes nothing", async () => {
  const base = await start({ trustProxyHops: 1 });
  const appended = await seen(await fetch(`${base}/list`, { headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.7" } }));
  expect(appended.ip).toBe("203.0.113.7");
  const forged = Array.from({ length: 1000 }, (_, i) => `10.0.${i % 250}.${i % 200}`).join(", ");
  expect((await seen(await fetch(`${base}/list`, { headers: { "x-forwarded-for": `${forged}, 203.0.113.8` } }))).ip).toBe("203.0.113.8");
  // No header at all (a request that bypassed the proxy): the socket's own address.
  expect((await seen(await fetch(`${base}/list`))).ip).toBe("127.0.0.1");
  // The scheme the proxy saw: an https site behind a TLS-terminating proxy.
  const https = await seen(await fetch(`${base}/list`, { headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" } }));
  expect(https.url.startsWith("https://")).toBe(true);
});

test("TRUST_PROXY=2: the two right-most entries belong to our proxies; the third from the right is the client", async () => {
  const base = await start({ trustProxyHops: 2 });
  const answer = await seen(await fetch(`${base}/list`, { headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2" } }));
  expect(answer.ip).toBe("198.51.100.4");
  expect((await seen(await fetch(`${base}/list`, { headers: { "x-forwarded-for": "10.0.0.2" } }))).ip).toBe("10.0.0.2");
});

function rawPost(base: string, path: string, headers: Record<string, string>, send: (req: http.ClientRequest) => void) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    send(req);
  });
}

test("an https PUBLIC_URL behind a proxy with TRUST_PROXY=0: a same-site form post is accepted and the app sees the https origin", async () => {
  const base = await start({ trustProxyHops: 0, publicUrl: "https://domae.example" });
  const form = (origin: string) => ({ host: "domae.example", origin, "content-type": "application/x-www-form-urlencoded" });
  const sameSite = await rawPost(base, "/login", form("https://domae.example"), (req) => req.end("email=a%40b.c&password=x"));
  expect(sameSite.status).toBe(200);
  expect((JSON.parse(sameSite.body) as Seen).url).toBe("https://domae.example/login");
  const crossSite = await rawPost(base, "/login", form("https://evil.example"), (req) => req.end("a=1"));
  expect(crossSite.status).toBe(403);
});

test("a body over the page's limit gets the Korean 413 page, by declared length and while counting a chunked body", async () => {
  const base = await start();
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const declared = await rawPost(base, "/login", { ...form, "content-length": String(600 * 1024 * 1024) }, (req) => req.write("email="));
  expect(declared.status).toBe(413);
  expect(declared.body).toContain("보낸 내용이 너무 큽니다");

  const chunked = await rawPost(base, "/login", form, (req) => {
    // Keeps sending until the answer arrives: a client that never stops.
    const chunk = Buffer.alloc(16 * 1024, 97);
    const pump = () => {
      if (req.destroyed) return;
      if (req.write(chunk)) setImmediate(pump);
      else req.once("drain", pump);
    };
    req.on("response", () => req.destroy());
    pump();
  });
  expect(chunked.status).toBe(413);

  const fits = await fetch(`${base}/add`, { method: "POST", headers: form, body: `summary=${"가".repeat(1000)}` });
  expect((await seen(fits)).bodyBytes).toBeGreaterThan(1000);
  expect((await fetch(`${base}/add`, { method: "POST", headers: form, body: "x".repeat(BODY_LIMITS.form + 1) })).status).toBe(413);

  // The app's own data request gets the sentence as text, which the page shows as its message.
  const data = await fetch(`${base}/add.data`, { method: "POST", headers: form, body: "x".repeat(BODY_LIMITS.form + 1) });
  expect(data.status).toBe(413);
  expect(data.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(await data.text()).toBe("보낸 내용이 너무 큽니다. 내용을 줄여 다시 시도해 주세요.");
});

test("a write that is not a form gets 415; an anonymous upload gets the form limit (body-limit.test.ts has the admin's)", async () => {
  const base = await start();
  for (const type of ["application/json", "text/plain", "multipart/form-data"]) {
    const response = await fetch(`${base}/products`, { method: "POST", headers: { "content-type": type }, body: "{}" });
    expect(response.status, type).toBe(415);
    expect(await response.text()).toContain("이 형식의 요청은 처리할 수 없습니다");
  }
  const upload = "x".repeat(BODY_LIMITS.form + 10);
  const anonymous = await fetch(`${base}/admin/import`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: upload,
  });
  expect(anonymous.status).toBe(413);
});
