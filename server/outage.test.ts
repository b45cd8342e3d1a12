import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { db, type OpenDatabase, openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import * as entryServer from "#app/entry.server.tsx";
import { sessionRole } from "#app/platform/auth/auth.server.ts";
import * as root from "#app/root.tsx";
import { signedUpCookie } from "#tests/factories.ts";
import { openFreshDatabase, testDatabaseKind } from "#tests/test-database.ts";
import { createApp, headersOf, serveApp } from "./app.ts";

/**
 * A database outage through the real stack: Express (server/app.ts), React Router's request handler, the
 * app's root route (its loader looks the session up) and entry (handleError), and a page whose loader
 * queries the database. The database is a real one of the kind under test, made unreachable for real:
 * PostgreSQL's database is dropped under the open pool (its connections terminated), PGlite is closed. On
 * PostgreSQL a pool of one connection held busy is the other cause of a 503.
 */

const probe = {
  loader: async () => ({ rows: (await db().execute(sql`select 1 as one`)).rows.length }),
  default: () => createElement("p", null, "ok"),
};

function manifestEntry(id: string, parentId: string | undefined, path: string, hasErrorBoundary: boolean) {
  return {
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    hasAction: false,
    hasLoader: true,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasDefaultExport: true,
    hasErrorBoundary,
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
  };
}

/** A server build of two routes: the app's root, and /probe. */
const build = {
  entry: { module: entryServer },
  routes: {
    root: { id: "root", parentId: undefined, path: "", index: undefined, caseSensitive: undefined, module: root },
    probe: { id: "probe", parentId: "root", path: "probe", index: undefined, caseSensitive: undefined, module: probe },
  },
  assets: {
    entry: { module: "/assets/entry.client.js", imports: [], css: [] },
    routes: { root: manifestEntry("root", undefined, "", true), probe: manifestEntry("probe", "root", "probe", false) },
    url: "/assets/manifest.js",
    version: "1",
  },
  basename: "/",
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

let open: OpenDatabase;
let makeUnavailable: () => Promise<void>;
let cookie = "";
let base = "";
const servers: http.Server[] = [];

/** The stack above, serving every request from `database`, on a port of its own. */
async function serve(database: OpenDatabase) {
  const app = createApp({
    trustProxyHops: 0,
    isDraining: () => false,
    checkReady: async () => true,
    database: () => database,
    sessionOf: (req) => sessionRole(headersOf(req)),
  });
  serveApp(app, createRequestHandler(build, "production"));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The log lines `work` wrote, as objects. */
async function logLinesOf(work: () => Promise<void>) {
  const logged: string[] = [];
  const capture = (chunk: unknown) => {
    logged.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stderr, "write").mockImplementation(capture);
  vi.spyOn(process.stdout, "write").mockImplementation(capture);
  try {
    await work();
  } finally {
    vi.restoreAllMocks();
  }
  return logged
    .join("")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeAll(async () => {
  const fresh = await openFreshDatabase();
  open = fresh.open;
  setCurrentDatabase(open);
  makeUnavailable = async () => {
    if (open.pglite) await open.pglite.close();
    else await fresh.drop();
  };
  cookie = await signedUpCookie("outage@example.com");
  base = await serve(open);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  setCurrentDatabase(undefined);
  await open.close().catch(() => {});
});

test("with the database up, the page and its data request answer 200", async () => {
  const page = await fetch(`${base}/probe`, { headers: { cookie } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("outage@example.com");
  expect((await fetch(`${base}/probe.data`, { headers: { cookie } })).status).toBe(200);
});

test.skipIf(testDatabaseKind() !== "postgres")(
  "a pool with no free connection answers 503 with Retry-After, logged as `pool exhausted`, not as the database down",
  async () => {
    const fresh = await openFreshDatabase();
    const onePool = await openDatabase({ databaseUrl: fresh.url, migrate: false, pool: { max: 1 } });
    const poolBase = await serve(onePool);
    // The pool's one connection, held busy: every request waits the pool's 5 s for it, then gives up.
    const held = await onePool.pool!.connect();
    try {
      const lines = await logLinesOf(async () => {
        const page = await fetch(`${poolBase}/probe`);
        expect(page.status).toBe(503);
        expect(page.headers.get("retry-after")).toBe("10");
        expect(await page.text()).toContain("지금은 서비스를 이용할 수 없습니다");
        const data = await fetch(`${poolBase}/probe.data`);
        expect(data.status).toBe(503);
        expect(data.headers.get("retry-after")).toBe("10");
      });
      const requests = lines.filter((line) => line.msg === "request");
      expect(requests.map((line) => [line.status, line.unavailableCause])).toEqual([
        [503, "pool exhausted"],
        [503, "pool exhausted"],
      ]);
      expect(lines.filter((line) => line.msg === "pool exhausted").length).toBeGreaterThan(0);
      expect(lines.filter((line) => line.msg === "pool exhausted").every((line) => line.unavailableCause === "pool exhausted")).toBe(true);
      expect(lines.filter((line) => line.msg === "database unavailable" || line.msg === "request failed")).toEqual([]);
    } finally {
      held.release();
    }
    // Free again: the page answers.
    expect((await fetch(`${poolBase}/probe`)).status).toBe(200);
    await onePool.close();
    await fresh.open.close();
    await fresh.drop();
  },
);

test("with the database gone, pages and data requests answer 503 with Retry-After, and no session token reaches the log", async () => {
  const token = decodeURIComponent(/better-auth\.session_token=([^;.]+)/.exec(cookie)?.[1] ?? "");
  expect(token.length).toBeGreaterThan(20);
  await makeUnavailable();

  const lines = await logLinesOf(async () => {
    for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
      const page = await fetch(`${base}/probe`, { headers });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("10");
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain("지금은 서비스를 이용할 수 없습니다");

      const data = await fetch(`${base}/probe.data`, { headers });
      expect(data.status).toBe(503);
      expect(data.headers.get("retry-after")).toBe("10");
      expect(await data.text()).toBe("지금은 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.");
    }
    // An upload's session is looked up before its body is read: that lookup failing is a 503 too.
    const upload = await fetch(`${base}/admin/import`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(upload.status).toBe(503);
    expect(upload.headers.get("retry-after")).toBe("10");
  });
  // Each 503 says why, and the failures were logged as the database out of reach (the session lookup's among
  // them), without the token.
  const requests = lines.filter((line) => line.msg === "request" && line.status !== 200);
  expect(requests).toHaveLength(5);
  expect(requests.every((line) => line.status === 503 && line.unavailableCause === "database down")).toBe(true);
  expect(lines.filter((line) => line.msg === "pool exhausted")).toEqual([]);
  const failures = lines.filter((line) => line.msg === "database unavailable");
  expect(failures.length).toBeGreaterThan(0);
  expect(failures.every((line) => line.level === "error" && line.unavailableCause === "database down")).toBe(true);
  const log = JSON.stringify(lines);
  expect(log).toContain('from \\"session\\"');
  expect(log).not.toContain(token);
  expect(log).not.toContain("params:");
});
