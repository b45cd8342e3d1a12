/**
 * Which requests may read from a replica (docs/decisions/0034), and the cookie that carries "this browser just
 * wrote" across the redirect that follows a write. A read replica is a little behind the primary: a page that
 * may be a second old is fine for an anonymous visitor browsing the list, a search or a detail page, and
 * wrong for someone who has just saved something and is sent to the page that shows it. So:
 * - only GET and HEAD requests of the pages below, from a browser with no session cookie, read a replica;
 * - every write (any other method) answers with `domae-wrote`, a cookie that lives `WROTE_SECONDS`; a request
 *   that carries it reads the primary, so the redirect after a save (and the next few pages) show the save;
 * - a replica further behind than `REPLICA_MAX_LAG_SECONDS` (less than the cookie's life) is not used at all
 *   (app/db/replicas.server.ts), so the cookie outlives any lag a reader can meet.
 */
import type { Request } from "express";
import { WROTE_SECONDS } from "../app/db/replicas.server.ts";

/** The cookie a write answers with; a request carrying it reads the primary. */
export const WROTE_COOKIE = "domae-wrote";

/**
 * The anonymous list, search and detail pages, and their data requests (`/list.data`; the home page's is
 * `/_root.data`): home, 도매처 목록, 상품 목록과 검색, 외부 상품, 셀러 노트, a supplier, a note, the sitemap.
 */
const REPLICA_PAGES =
  /^\/(?:_root\.data|sitemap\.xml|(?:list|products|search|external-products|sellernote(?:\/\d+)?|wholesaler\/\d+)(?:\.data)?)?\/?$/;

/** Cookie names of a signed-in browser (Better Auth's session and its cache, with or without `__Secure-`). */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_/;
const WROTE = new RegExp(`(?:^|;)\\s*${WROTE_COOKIE}=`);

/** Whether this request may be served from a replica. */
export function mayReadReplica(req: Pick<Request, "method" | "path" | "headers">) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (!REPLICA_PAGES.test(req.path)) return false;
  const cookie = req.headers.cookie ?? "";
  return !SESSION_COOKIE.test(cookie) && !WROTE.test(cookie);
}

/** Whether this request writes (its answer carries the cookie). */
export function isWrite(method: string) {
  return method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
}

/** The `domae-wrote` cookie: HttpOnly, for the whole site, `Secure` on an https site. */
export function wroteCookie(secure: boolean) {
  return `${WROTE_COOKIE}=1; Max-Age=${WROTE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
