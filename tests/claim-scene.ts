import type http from "node:http";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { db } from "#app/db/client.server.ts";
import { user, wholesalers } from "#app/db/schema.ts";
import { checkClaim } from "#app/features/suppliers/claims.server.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { signedUpCookie } from "#tests/factories.ts";
import { type LocalServer, setAllowHosts, startServer, stubResolver } from "#tests/network.ts";

export type SiteHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const NAMES = ["supplier.co.kr", "www.supplier.co.kr", "elsewhere.co.kr"];

/**
 * The claim's scene, for the claim's own tests and its page's: stand-in supplier sites on 127.0.0.1, one server
 * playing every site by its Host header (each test says what a host answers on a path with `answer`; a stub DNS
 * sends the names to 127.0.0.1 and OUTBOUND_ALLOW_HOSTS allows them); two signed-up accounts, the owner and a
 * second one; and before each test a fresh listing `공급사몰` at supplier.co.kr, with no rate-limit rows.
 */
export function useClaimScene() {
  const answers = new Map<string, SiteHandler>();
  let server: LocalServer;
  const { resolve } = stubResolver((hostname) => (NAMES.includes(hostname) ? ["127.0.0.1"] : []));
  const held: http.ServerResponse[] = [];
  const url = (host: string, path = "/") => `http://${host}:${server.port}${path}`;
  const scene = {
    resolve,
    /** Responses a test keeps open (a page that never ends): closed after the file. */
    held,
    ownerId: "",
    ownerCookie: "",
    otherId: "",
    otherCookie: "",
    listing: 0,
    url,
    answer: (host: string, path: string, handler: SiteHandler) => {
      answers.set(`${host}${path}`, handler);
    },
    /** The stand-in's port on 127.0.0.1. */
    port: () => server.port,
    /** Allows the stand-in sites' names again (after a test allowed something else). */
    allowSites: () => setAllowHosts(NAMES.map((name) => `${name}:${server.port}`).join(",")),
    /** The server's requests so far (to show that a refusal fetched nothing). */
    requests: (): string[] => server.requests,
    /** A claim check with the scene's stub DNS, by the listing's owner unless told otherwise. */
    check: (method: "meta" | "file", userId?: string, options: { timeoutMs?: number; shownCode?: string } = {}, id?: number) =>
      checkClaim(userId ?? scene.ownerId, id ?? scene.listing, method, { resolve, ...options }),
  };

  beforeAll(async () => {
    server = await startServer((request, response) => {
      const host = (request.headers.host ?? "").replace(/:\d+$/, "");
      const handler = answers.get(`${host}${request.url ?? "/"}`);
      if (handler) return handler(request, response);
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
    });
    scene.allowSites();
    scene.ownerCookie = await signedUpCookie("owner@supplier.test");
    scene.otherCookie = await signedUpCookie("second@supplier.test");
    const ids = await db().select({ id: user.id, email: user.email }).from(user);
    scene.ownerId = ids.find((row) => row.email === "owner@supplier.test")!.id;
    scene.otherId = ids.find((row) => row.email === "second@supplier.test")!.id;
  });

  afterAll(async () => {
    for (const response of held) response.destroy();
    setAllowHosts("");
    await server?.close();
  });

  beforeEach(async () => {
    answers.clear();
    await db().delete(wholesalers);
    await db().execute("DELETE FROM rate_limits");
    scene.listing = await createWholesaler({
      name: "공급사몰",
      category: "패션",
      siteUrl: url("supplier.co.kr"),
      contact: "",
      logoUrl: "",
      summary: "",
    });
  });

  return scene;
}

/** A site's answer: an HTML page. */
export const html =
  (body: string, status = 200): SiteHandler =>
  (_request, response) => {
    response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    response.end(body);
  };

/** A site's answer: plain text (the proof file). */
export const text =
  (body: string): SiteHandler =>
  (_request, response) => {
    response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    response.end(body);
  };
