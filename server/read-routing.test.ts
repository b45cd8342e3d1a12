import http from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { currentDatabase, db, type OpenDatabase, openDatabase } from "#app/db/client.server.ts";
import { session, wholesalers, wholesalerViewCounts } from "#app/db/schema.ts";
import { promoteToAdmin } from "#app/features/users/users.server.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { isSignedInSession, sessionRole } from "#app/platform/auth/auth.server.ts";
import { signedUpAccount, signedUpCookie } from "#tests/factories.ts";
import { callRoute } from "#tests/routes.ts";
import { openFreshDatabase, withTestDatabase } from "#tests/test-database.ts";
import { createApp, headersOf, serveApp } from "./app.ts";
import { mayReadReplica, WROTE_COOKIE, wroteCookieValue } from "./read-routing.ts";

/**
 * Read routing through the real Express app and the real pages (docs/decisions/0034, 0042). The "replica" is a
 * second database of the kind under test holding a copy of the first supplier only, and read-only: a replica that
 * stays behind forever, so a page read from it is told apart by what it lacks (the primary has a second supplier,
 * and every session), and any write a replica-served page tried would fail.
 */
withTestDatabase();

let replica: { open: OpenDatabase; drop: () => Promise<void>; url?: string };
let base = "";
let adminCookie = "";
let firstId = 0;
const server = http.createServer();
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/** The page's loader through app/routes.ts (its layouts' checks first); a GET answers with its data as JSON. */
async function pages(request: Request) {
  try {
    const result = await callRoute(request.method === "GET" ? "loader" : "action", request);
    if (result instanceof Response) return result;
    // React Router's data(value, { status }).
    const withInit = result as { type?: string; data?: unknown; init?: ResponseInit };
    return withInit?.type === "DataWithResponseInit" ? Response.json(withInit.data, withInit.init ?? {}) : Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeAll(async () => {
  firstId = await createWholesaler({ name: "복제 도매", category: "생활", siteUrl: "", contact: "", logoUrl: "", summary: "" });
  replica = await openFreshDatabase();
  const [first] = await db().select().from(wholesalers).where(eq(wholesalers.id, firstId));
  await replica.open.db.insert(wholesalers).overridingSystemValue().values(first!);
  await createWholesaler({ name: "주 서버의 도매", category: "생활", siteUrl: "", contact: "", logoUrl: "", summary: "" });
  // A standby refuses every write; so does this one from now on (PGlite: its one session; PostgreSQL: every
  // new connection, so the pool is opened afresh, without migrating).
  if (replica.url) {
    const { rows } = await replica.open.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
    await replica.open.db.execute(sql.raw(`ALTER DATABASE "${rows[0]!.name}" SET default_transaction_read_only = on`));
    await replica.open.close();
    replica.open = await openDatabase({ databaseUrl: replica.url, migrate: false });
  } else {
    await replica.open.db.execute(sql`SET default_transaction_read_only = on`);
  }

  adminCookie = await signedUpCookie("replica-admin@example.com");
  await promoteToAdmin("replica-admin@example.com");
  const app = createApp({
    trustProxyHops: 0,
    isDraining: () => false,
    checkReady: async () => true,
    database: () => currentDatabase(),
    replica: () => replica.open,
    isSignedIn: (req) => isSignedInSession(headersOf(req)),
    sessionOf: (req) => sessionRole(headersOf(req)),
  });
  serveApp(app, (request) => pages(request));
  server.on("request", app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await replica?.open.close();
  await replica?.drop();
});

const listed = async (cookie?: string) => {
  const answer = await fetch(`${base}/list`, { headers: { "user-agent": CHROME, ...(cookie ? { cookie } : {}) } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { items: { name: string }[] }).items.map((item) => item.name).sort();
};

const ON_REPLICA = ["복제 도매"];
const ON_PRIMARY = ["복제 도매", "주 서버의 도매"];

test("which requests may read a replica: anonymous GETs of the list, search and detail pages, never a write, a signed-in browser or one that just wrote", async () => {
  const request = (method: string, path: string, cookie = "") => ({ method, path, headers: { cookie } });
  const nobodySignedIn = async () => false;
  for (const path of [
    "/",
    "/_root.data",
    "/list",
    "/list.data",
    "/products",
    "/products.data",
    "/search",
    "/external-products",
    "/wholesaler/12",
    "/wholesaler/12.data",
    "/product/5",
    "/product/5.data",
    "/sellernote",
    "/sellernote/3",
    "/sitemap.xml",
  ]) {
    expect(await mayReadReplica(request("GET", path), nobodySignedIn), path).toBe(true);
  }
  expect(await mayReadReplica(request("HEAD", "/list"), nobodySignedIn)).toBe(true);
  for (const path of [
    "/account",
    "/favorites",
    "/compare",
    "/admin",
    "/add",
    "/edit/3",
    "/product/5/edit",
    "/wholesaler/12/report",
    "/login",
    "/images/abc-card.webp",
  ]) {
    expect(await mayReadReplica(request("GET", path), nobodySignedIn), path).toBe(false);
  }
  expect(await mayReadReplica(request("POST", "/list"), nobodySignedIn)).toBe(false);
  expect(await mayReadReplica(request("GET", "/list", "compare=1,2"), nobodySignedIn)).toBe(true);
  // The session is asked about only when a session cookie is sent.
  const asked: string[] = [];
  const signedIn = async (req: { headers: { cookie?: string } }) => {
    asked.push(req.headers.cookie ?? "");
    return true;
  };
  expect(await mayReadReplica(request("GET", "/list", "theme=1; compare=1,2"), signedIn)).toBe(true);
  expect(await mayReadReplica(request("GET", "/list", "theme=1; __Secure-better-auth.session_token=abc.def"), signedIn)).toBe(false);
  expect(asked).toEqual(["theme=1; __Secure-better-auth.session_token=abc.def"]);
});

test("`domae-wrote` counts only as this site made it, within its 10 seconds: made-up, tampered, expired or future ones read the replica", async () => {
  const listRequest = (value: string) => ({ method: "GET", path: "/list", headers: { cookie: `theme=1; ${WROTE_COOKIE}=${value}` } });
  const readsReplica = (value: string, now?: number) => mayReadReplica(listRequest(value), async () => false, now);
  const now = Date.now();
  const real = wroteCookieValue(now);
  expect(await readsReplica(real, now)).toBe(false);
  expect(await readsReplica(real, now + 9_999)).toBe(false);
  const [issuedAt, mac] = real.split(".") as [string, string];
  const tampered = `${issuedAt}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
  const laterTime = `${Number(issuedAt) + 60_000}.${mac}`;
  for (const forged of ["1", "", tampered, laterTime, `${real}.1`, `${issuedAt}.`, mac, `${issuedAt}.${mac.slice(0, 20)}`]) {
    expect(await readsReplica(forged, now), forged).toBe(true);
  }
  expect(await readsReplica(real, now + 10_000), "expired").toBe(true);
  expect(await readsReplica(wroteCookieValue(now + 60_000), now), "from the future").toBe(true);
});

test("a forged proof reads the replica through the server: `domae-wrote=1`, a bad signature, an expired one, a made-up or ended session", async () => {
  const ended = await signedUpAccount("replica-ended@example.com");
  await db().delete(session).where(eq(session.userId, ended.id));
  const stale = await signedUpAccount("replica-stale@example.com");
  await db()
    .update(session)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(session.userId, stale.id));
  const real = wroteCookieValue();
  const random = "Q".repeat(32);
  for (const cookie of [
    `${WROTE_COOKIE}=1`,
    `${WROTE_COOKIE}=${real.slice(0, -2)}xx`,
    `${WROTE_COOKIE}=${wroteCookieValue(Date.now() - 11_000)}`,
    `${WROTE_COOKIE}=${wroteCookieValue(Date.now() + 60_000)}`,
    `better-auth.session_token=${random}`,
    `better-auth.session_token=${random}.${"A".repeat(43)}%3D`,
    `__Secure-better-auth.session_token=${random}; better-auth.session_data=${random}`,
    ended.cookie,
    stale.cookie,
  ]) {
    expect(await listed(cookie), cookie).toEqual(ON_REPLICA);
  }
  // The real ones: a write's cookie, and a session the primary knows.
  expect(await listed(`${WROTE_COOKIE}=${real}`)).toEqual(ON_PRIMARY);
  expect(await listed(adminCookie)).toEqual(ON_PRIMARY);
  expect(await listed()).toEqual(ON_REPLICA);
});

test("read your own write: a save answers with the cookie, and that browser reads the primary until it expires; anonymous browsers read the replica", async () => {
  // Anonymous: the replica (the one supplier it holds).
  expect(await listed()).toEqual(ON_REPLICA);

  const saved = await fetch(`${base}/admin/add`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: adminCookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: "방금 저장한 도매",
      category: "생활",
      delivery: "택배",
      purchase: "사입 가능",
      international: "불가",
      contact: "02",
      website: "just-saved.example.com",
      image: "https://just-saved.example.com/a.png",
    }),
  });
  expect(saved.status).toBe(302);
  const wrote = saved.headers.getSetCookie().find((cookie) => cookie.startsWith(`${WROTE_COOKIE}=`));
  expect(wrote).toMatch(/^domae-wrote=\d+\.[\w-]{43}; Max-Age=10; Path=\/; HttpOnly; SameSite=Lax$/);

  // The saver, signed in: the primary, with the save.
  expect(await listed(adminCookie)).toEqual([...ON_PRIMARY, "방금 저장한 도매"].sort());
  // The same browser after signing out (a write too), carrying only the cookie: still the primary.
  expect(await listed(wrote!.split(";")[0])).toEqual([...ON_PRIMARY, "방금 저장한 도매"].sort());
  // Anyone else: the replica, which has not caught up.
  expect(await listed()).toEqual(ON_REPLICA);
});

test("a supplier's page read from the replica counts its view on the primary (the replica refuses writes)", async () => {
  const before = await db().select({ n: count() }).from(wholesalerViewCounts);
  const answer = await fetch(`${base}/wholesaler/${firstId}`, { headers: { "user-agent": CHROME } });
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { wholesaler: { name: string } }).wholesaler.name).toBe("복제 도매");
  const after = await db().select({ n: count() }).from(wholesalerViewCounts);
  expect(after[0]!.n).toBe(before[0]!.n + 1);
});

test("every page a replica may serve works on a read-only database (none of them writes there)", async () => {
  for (const path of [
    "/",
    "/list?q=도매&sort=views",
    "/search?q=양말",
    "/products?q=양말",
    "/external-products",
    "/sellernote",
    `/wholesaler/${firstId}`,
    "/sitemap.xml",
  ]) {
    const answer = await fetch(`${base}${path}`, { headers: { "user-agent": CHROME } });
    expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(200);
  }
});
