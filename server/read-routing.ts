/**
 * Which requests may read from a replica (docs/decisions/0034, 0042), and the cookie that carries "this browser
 * just wrote" across the redirect that follows a write. A read replica is a little behind the primary: a page that
 * may be a second old is fine for an anonymous visitor browsing the list, a search or a detail page, and
 * wrong for someone who has just saved something and is sent to the page that shows it. So:
 * - only GET and HEAD requests of the pages below read a replica, unless the browser proves one of two things;
 * - it wrote within `WROTE_SECONDS`: every write (any other method) answers with `domae-wrote`, a cookie holding
 *   the time of the write and a keyed hash of it (AUTH_SECRET), checked in constant time and refused when older
 *   than `WROTE_SECONDS` or from the future, so the redirect after a save (and the next few pages) show the save;
 * - it is signed in: a session cookie whose signature holds (Better Auth's, checked without a query) and whose
 *   session the primary knows and has not expired. One query, only for a browser that sends such a cookie.
 * A cookie merely named like these (a forged `domae-wrote=1`, a made-up session token) reads a replica: the
 * primary is never a stranger's for the asking (issue #41).
 * A replica further behind than `REPLICA_MAX_LAG_SECONDS` (less than the cookie's life) is not used at all
 * (app/db/replicas.server.ts), so the cookie outlives any lag a reader can meet.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Request } from "express";
import { WROTE_SECONDS } from "../app/db/replicas.server.ts";
import { env } from "../app/lib/env.server.ts";

/** The cookie a write answers with; a request carrying a valid one reads the primary. */
export const WROTE_COOKIE = "domae-wrote";

/**
 * Seconds a `domae-wrote` time may lie ahead of this server's clock: the servers behind one balancer tell the time
 * a little apart. Anything further ahead was not made by us.
 */
const CLOCK_SKEW_SECONDS = 1;

/**
 * The anonymous list, search and detail pages, and their data requests (`/list.data`; the home page's is
 * `/_root.data`): home, 도매처 목록, 상품 목록과 검색, 외부 상품, 셀러 노트, a supplier, a product, a note, the sitemap.
 */
const REPLICA_PAGES =
  /^\/(?:_root\.data|sitemap\.xml|(?:list|products|search|external-products|sellernote(?:\/\d+)?|wholesaler\/\d+|product\/\d+)(?:\.data)?)?\/?$/;

/** Better Auth's session cookie, with or without `__Secure-`: only then is the session looked up. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=/;
const WROTE = new RegExp(`(?:^|;)\\s*${WROTE_COOKIE}=([^;]*)`);

const wroteMac = (issuedAt: string) => createHmac("sha256", env().authSecret).update(`${WROTE_COOKIE}:${issuedAt}`).digest("base64url");

/** The value of `domae-wrote` for a write at `now`: its time (ms), then the time's keyed hash. */
export function wroteCookieValue(now = Date.now()) {
  const issuedAt = String(Math.floor(now));
  return `${issuedAt}.${wroteMac(issuedAt)}`;
}

/** Whether `value` is a `domae-wrote` this site made at most `WROTE_SECONDS` before `now` (and not after it). */
export function wroteRecently(value: string | undefined, now = Date.now()) {
  const [issuedAt, mac, extra] = (value ?? "").split(".");
  if (!issuedAt || !mac || extra !== undefined || !/^\d{1,15}$/.test(issuedAt)) return false;
  const expected = Buffer.from(wroteMac(issuedAt));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const ageSeconds = (now - Number(issuedAt)) / 1000;
  return ageSeconds >= -CLOCK_SKEW_SECONDS && ageSeconds < WROTE_SECONDS;
}

/** Whether a request carries a session the primary knows and has not expired. */
export type SessionCheck = (req: Pick<Request, "headers">) => Promise<boolean>;

/** Whether this request asks for a page a replica may serve (method and path; the browser is checked apart). */
function isReplicaPage(req: Pick<Request, "method" | "path">) {
  return (req.method === "GET" || req.method === "HEAD") && REPLICA_PAGES.test(req.path);
}

/**
 * Whether this request may be served from a replica. `isSignedIn` confirms a session with the primary; it is asked
 * only for a replica page whose request carries a session cookie (and answers without a query when the cookie's
 * signature does not hold).
 */
export async function mayReadReplica(req: Pick<Request, "method" | "path" | "headers">, isSignedIn: SessionCheck, now = Date.now()) {
  if (!isReplicaPage(req)) return false;
  const cookie = req.headers.cookie ?? "";
  if (wroteRecently(WROTE.exec(cookie)?.[1], now)) return false;
  return !(SESSION_COOKIE.test(cookie) && (await isSignedIn(req)));
}

/** Whether this request writes (its answer carries the cookie). */
export function isWrite(method: string) {
  return method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
}

/** The `domae-wrote` cookie of a write at `now`: HttpOnly, for the whole site, `Secure` on an https site. */
export function wroteCookie(secure: boolean, now = Date.now()) {
  return `${WROTE_COOKIE}=${wroteCookieValue(now)}; Max-Age=${WROTE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
