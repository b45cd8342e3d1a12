import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { currentDatabase } from "#app/db/client.server.ts";
import { promoteToAdmin } from "#app/features/users/users.server.ts";
import { BODY_LIMITS } from "#app/lib/body-limits.ts";
import { sessionRole } from "#app/platform/auth/auth.server.ts";
import { signedUpCookie } from "#tests/factories.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { createApp, headersOf, serveApp } from "./app.ts";

withTestDatabase();

/** Resolves when the stand-in app has read the first bytes of an upload, with whether the client had finished sending. */
let firstBytesRead: ((clientDone: boolean) => void) | undefined;
let clientDone = false;

/**
 * The real Express stack with the real admin check against the test database, around a stand-in for React
 * Router that reads the body as a stream and says how many bytes it got.
 */
let base = "";
const server = http.createServer();
beforeAll(async () => {
  const app = createApp({
    trustProxyHops: 0,
    isDraining: () => false,
    checkReady: async () => true,
    database: () => currentDatabase(),
    sessionOf: (req) => sessionRole(headersOf(req)),
  });
  serveApp(app, async (request) => {
    // A page that answers without reading its body.
    if (request.headers.get("x-stand-in") === "unread") return Response.json({ bytes: null });
    let bytes = 0;
    const reader = request.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      if (bytes === 0) firstBytesRead?.(clientDone);
      bytes += chunk.value.byteLength;
    }
    return Response.json({ bytes });
  });
  server.on("request", app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let adminCookie = "";
let userCookie = "";
beforeAll(async () => {
  adminCookie = await signedUpCookie("boss@example.com");
  await promoteToAdmin("boss@example.com");
  userCookie = await signedUpCookie("seller@example.com");
});

const FORM = "application/x-www-form-urlencoded";
/** About 1 MiB: past the ordinary form limit, well within the upload limit. */
const UPLOAD = "x".repeat(1024 * 1024);

type Answer = { status: number; body: string };

/** A POST whose body `send` writes; resolves with the answer (the request may still be unsent). */
function post(path: string, headers: Record<string, string>, send: (req: http.ClientRequest) => void) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: "POST", headers: { "content-type": FORM, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    send(req);
  });
}

test("the upload limit needs a verified admin session: no cookie, a forged one, a signed-in seller's and a stale one get the form limit", async () => {
  const upload = (cookie?: string) =>
    fetch(`${base}/admin/import`, { method: "POST", headers: { "content-type": FORM, ...(cookie ? { cookie } : {}) }, body: UPLOAD });
  expect((await upload()).status).toBe(413);
  for (const forged of [
    "better-auth.session_token=x",
    "__Secure-better-auth.session_token=abc.def",
    `better-auth.session_token=${"A".repeat(32)}.${"B".repeat(44)}`,
  ]) {
    const answer = await upload(forged);
    expect(answer.status, forged).toBe(413);
    expect(await answer.text()).toContain("보낸 내용이 너무 큽니다");
  }
  expect((await upload(userCookie)).status).toBe(413);
  // The admin's own cookie with one character of its signature changed is no session at all.
  expect(
    (
      await upload(
        adminCookie.replace(
          /session_token=([^;]*?)(.)(;|$)/,
          (_, head, last, end) => `session_token=${head}${last === "A" ? "B" : "A"}${end}`,
        ),
      )
    ).status,
  ).toBe(413);

  const admin = await upload(adminCookie);
  expect(admin.status).toBe(200);
  expect(await admin.json()).toEqual({ bytes: UPLOAD.length });
  // Seller notes take the same check.
  const note = await fetch(`${base}/admin/sellernote-add`, {
    method: "POST",
    headers: { "content-type": FORM, cookie: adminCookie },
    body: UPLOAD,
  });
  expect(note.status).toBe(200);
  expect(
    (await fetch(`${base}/admin/sellernote-add`, { method: "POST", headers: { "content-type": FORM, cookie: userCookie }, body: UPLOAD }))
      .status,
  ).toBe(413);
});

test("a review's or term report's picture needs a signed-in session: nobody else may send more than the form limit", async () => {
  const send = (path: string, cookie?: string, body: string = UPLOAD) =>
    fetch(`${base}${path}`, { method: "POST", headers: { "content-type": FORM, ...(cookie ? { cookie } : {}) }, body });
  for (const path of ["/wholesaler/7/review", "/wholesaler/7/terms-report"]) {
    expect((await send(path)).status, path).toBe(413);
    expect((await send(path, "better-auth.session_token=x")).status, path).toBe(413);
    const seller = await send(path, userCookie);
    expect(seller.status, path).toBe(200);
    expect(await seller.json()).toEqual({ bytes: UPLOAD.length });
  }
  // Within the evidence limit (5 MB and the form), never past it, whoever sends it.
  expect((await send("/wholesaler/7/review", adminCookie, "x".repeat(BODY_LIMITS.evidence + 1))).status).toBe(413);
  // Every other public page keeps the form limit for a signed-in account too.
  expect((await send("/wholesaler/7/report", userCookie)).status).toBe(413);
});

test("a forged session cookie declaring 8 MiB is refused before a byte of the body is sent", async () => {
  // The client sends the headers only and waits: the answer must come without the body.
  const answer = await post(
    "/admin/import",
    { cookie: "better-auth.session_token=x", "content-length": String(BODY_LIMITS.upload) },
    (req) => req.flushHeaders(),
  );
  expect(answer.status).toBe(413);
});

test("an admin's upload reaches the app as a stream, before the client has finished sending, and is cut off past the upload limit", async () => {
  clientDone = false;
  const seen = new Promise<boolean>((resolve) => {
    firstBytesRead = resolve;
  });
  const answer = post("/admin/import", { cookie: adminCookie, "transfer-encoding": "chunked" }, async (req) => {
    req.write(Buffer.alloc(256 * 1024, 120));
    // Waits for the app to see the first bytes (or 5 s, after which the test fails below), then sends the rest.
    await Promise.race([seen, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    clientDone = true;
    req.end(Buffer.alloc(256 * 1024, 120));
  });
  expect(await seen).toBe(false);
  expect(JSON.parse((await answer).body)).toEqual({ bytes: 512 * 1024 });
  firstBytesRead = undefined;

  // Chunked past 8 MiB (9 MiB, then the end): the 413 page, whatever the app was doing with the stream. The client
  // stops at 9 MiB rather than sending until it sees the answer: on a busy machine that could outlast the server's
  // few seconds of reading on, and a connection closed under a client still writing loses the answer to a reset.
  const tooLarge = await post("/admin/import", { cookie: adminCookie }, (req) => {
    const chunk = Buffer.alloc(256 * 1024, 120);
    let left = 36;
    const pump = () => {
      if (req.destroyed) return;
      if (--left === 0) return req.end(chunk);
      if (req.write(chunk)) setImmediate(pump);
      else req.once("drain", pump);
    };
    pump();
  });
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.body).toContain("보낸 내용이 너무 큽니다");
});

test("a body refused past the upload limit is read on after the 413: a client still sending gets no reset", async () => {
  const chunk = Buffer.alloc(256 * 1024, 120);
  const outcome = await new Promise<{ status: number; error?: string }>((resolve) => {
    let status = 0;
    const req = http.request(`${base}/admin/import`, { method: "POST", headers: { "content-type": FORM, cookie: adminCookie } });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ status, error: error.code ?? error.message }));
    req.on("response", (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      // The client goes on sending for a moment after the answer, as a browser mid-upload does.
      let left = 8;
      const more = () => {
        if (--left === 0) {
          req.end(chunk, () => setTimeout(() => resolve({ status }), 100));
          return;
        }
        req.write(chunk);
        setTimeout(more, 20);
      };
      more();
    });
    let sent = 0;
    const pump = () => {
      if (status !== 0 || req.destroyed) return;
      sent += chunk.length;
      if (sent > BODY_LIMITS.upload + 4 * chunk.length) return;
      if (req.write(chunk)) setImmediate(pump);
      else req.once("drain", pump);
    };
    pump();
  });
  expect(outcome).toEqual({ status: 413 });
});

test("a body the app never reads is dropped and the connection serves the next request", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let connections = 0;
  const count = () => connections++;
  server.on("connection", count);
  try {
    for (let i = 0; i < 3; i++) {
      const answer = await new Promise<number>((resolve, reject) => {
        const headers = { "content-type": FORM, cookie: adminCookie, "x-stand-in": "unread" };
        const req = http.request(`${base}/admin/import`, { method: "POST", agent, headers }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        // Far more than the streams' buffers hold, within the upload limit.
        req.end(Buffer.alloc(4 * 1024 * 1024, 120));
      });
      expect(answer).toBe(200);
    }
    expect(connections).toBe(1);
  } finally {
    server.off("connection", count);
    agent.destroy();
  }
});
