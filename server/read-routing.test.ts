import http from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { currentDatabase, db, type OpenDatabase, openDatabase } from "#app/db/client.server.ts";
import { wholesalers, wholesalerViewCounts } from "#app/db/schema.ts";
import { promoteToAdmin } from "#app/features/users/users.server.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { sessionRole } from "#app/platform/auth/auth.server.ts";
import { signedUpCookie } from "#tests/factories.ts";
import { callRoute } from "#tests/routes.ts";
import { openFreshDatabase, withTestDatabase } from "#tests/test-database.ts";
import { createApp, headersOf, serveApp } from "./app.ts";
import { mayReadReplica, WROTE_COOKIE } from "./read-routing.ts";

/**
 * Read routing through the real Express app and the real pages (docs/decisions/0034). The "replica" is a second
 * database of the kind under test holding a copy of the first supplier only, and read-only: a replica that
 * stays behind forever, so a page read from it is told apart by what it lacks, and any write a replica-served
 * page tried would fail.
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

test("which requests may read a replica: anonymous GETs of the list, search and detail pages, never a write, a signed-in browser or one that just wrote", () => {
  const request = (method: string, path: string, cookie = "") => ({ method, path, headers: { cookie } });
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
    "/sellernote",
    "/sellernote/3",
    "/sitemap.xml",
  ]) {
    expect(mayReadReplica(request("GET", path)), path).toBe(true);
  }
  expect(mayReadReplica(request("HEAD", "/list"))).toBe(true);
  for (const path of [
    "/account",
    "/favorites",
    "/compare",
    "/admin",
    "/add",
    "/edit/3",
    "/wholesaler/12/report",
    "/login",
    "/images/abc-card.webp",
  ]) {
    expect(mayReadReplica(request("GET", path)), path).toBe(false);
  }
  expect(mayReadReplica(request("POST", "/list"))).toBe(false);
  expect(mayReadReplica(request("GET", "/list", "better-auth.session_token=abc.def"))).toBe(false);
  expect(mayReadReplica(request("GET", "/list", "theme=1; __Secure-better-auth.session_token=abc.def"))).toBe(false);
  expect(mayReadReplica(request("GET", "/list", `${WROTE_COOKIE}=1`))).toBe(false);
  expect(mayReadReplica(request("GET", "/list", "compare=1,2"))).toBe(true);
});

test("read your own write: a save answers with the cookie, and that browser reads the primary until it expires; anonymous browsers read the replica", async () => {
  // Anonymous: the replica (the one supplier it holds).
  expect(await listed()).toEqual(["복제 도매"]);

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
  expect(wrote).toMatch(/^domae-wrote=1; Max-Age=10; Path=\/; HttpOnly; SameSite=Lax$/);

  // The saver, signed in: the primary, with the save.
  expect(await listed(adminCookie)).toEqual(["방금 저장한 도매", "복제 도매"]);
  // The same browser after signing out (a write too), carrying only the cookie: still the primary.
  expect(await listed(wrote!.split(";")[0])).toEqual(["방금 저장한 도매", "복제 도매"]);
  // Anyone else: the replica, which has not caught up.
  expect(await listed()).toEqual(["복제 도매"]);
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
