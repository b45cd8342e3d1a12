import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { db, type OpenDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import * as entryServer from "#app/entry.server.tsx";
import { sessionRole } from "#app/platform/auth/auth.server.ts";
import * as root from "#app/root.tsx";
import { signedUpCookie } from "#tests/factories.ts";
import { openFreshDatabase } from "#tests/test-database.ts";
import { createApp, headersOf, serveApp } from "./app.ts";

/**
 * A database outage through the real stack: Express (server/app.ts), React Router's request handler, the
 * app's root route (its loader looks the session up) and entry (handleError), and a page whose loader
 * queries the database. The database is a real one of the kind under test, made unreachable for real:
 * PostgreSQL's database is dropped under the open pool (its connections terminated), PGlite is closed.
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
const server = http.createServer();

beforeAll(async () => {
  const fresh = await openFreshDatabase();
  open = fresh.open;
  setCurrentDatabase(open);
  makeUnavailable = async () => {
    if (open.pglite) await open.pglite.close();
    else await fresh.drop();
  };
  cookie = await signedUpCookie("outage@example.com");

  const app = createApp({
    trustProxyHops: 0,
    isDraining: () => false,
    checkReady: async () => true,
    database: () => open,
    sessionOf: (req) => sessionRole(headersOf(req)),
  });
  serveApp(app, createRequestHandler(build, "production"));
  server.on("request", app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  setCurrentDatabase(undefined);
  await open.close().catch(() => {});
});

test("with the database up, the page and its data request answer 200", async () => {
  const page = await fetch(`${base}/probe`, { headers: { cookie } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("outage@example.com");
  expect((await fetch(`${base}/probe.data`, { headers: { cookie } })).status).toBe(200);
});

test("with the database gone, pages and data requests answer 503 with Retry-After, and no session token reaches the log", async () => {
  const token = decodeURIComponent(/better-auth\.session_token=([^;.]+)/.exec(cookie)?.[1] ?? "");
  expect(token.length).toBeGreaterThan(20);
  await makeUnavailable();

  const logged: string[] = [];
  const capture = (chunk: unknown) => {
    logged.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stderr, "write").mockImplementation(capture);
  vi.spyOn(process.stdout, "write").mockImplementation(capture);
  try {
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
  } finally {
    vi.restoreAllMocks();
  }
  const log = logged.join("");
  // The failures were logged (the session lookup's among them), without the token.
  expect(log).toContain('"level":"error"');
  expect(log).toContain('from \\"session\\"');
  expect(log).not.toContain(token);
  expect(log).not.toContain("params:");
});
