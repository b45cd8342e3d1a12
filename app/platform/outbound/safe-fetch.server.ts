import { promises as dns, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net, { isIP } from "node:net";
import type { Duplex, Readable } from "node:stream";
import tls from "node:tls";
import zlib from "node:zlib";
import { allowedHosts, bareHost, checkUrlPolicy, isAllowListed, isPublicAddress, UnsafeUrlError } from "./address-policy.server.ts";

/**
 * Fetches an outside HTML page without letting a user aim the server at its own network
 * (security-checklist b). Node's global fetch is not used: it ignores http.Agent and custom lookups, so the
 * address check could not sit on the connection actually made. node:http(s) with our own `lookup` can.
 */

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;
/** Opens the socket for a request; receives node:http's options, including our checking `lookup`. */
export type Connector = (options: net.NetConnectOpts & tls.ConnectionOptions) => Duplex;

export type SafeFetchOptions = {
  /** DNS, injectable so tests never ask the real network. */
  resolve?: Resolver;
  /** Socket opener, injectable so tests can put a canary behind every address. */
  connect?: Connector;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Aborts the fetch early (e.g. a job runner stopping); counts as a timeout. */
  signal?: AbortSignal;
  /** Sent as User-Agent (each caller names itself). */
  userAgent?: string;
  /**
   * `head` (default): read the HTML up to </head> (or <body>); a page over the cap gives nothing.
   * `page`: read the body up to the cap and keep what arrived (a site check needs the title and text).
   */
  read?: "head" | "page";
  /** Sent as Accept (default: HTML). */
  accept?: string;
  /**
   * Follow a redirect only to the same host as the first address (a proof of control, features/suppliers): a
   * redirect elsewhere ends the fetch as `other-host`.
   */
  sameHostOnly?: boolean;
};

export type FetchedPage = { url: URL; html: string };

/**
 * Why a fetch gave no page: `refused` (the address policy: a private address, another port, …), `dns`,
 * `connect` (refused, unreachable, reset), `timeout`, `tls` (certificate or handshake), `redirects` (too
 * many, or a loop), `too-large` (the cap passed before the page's head ended), `protocol` (not valid
 * HTTP), `network` (anything else).
 */
export type FetchFailureKind =
  | "refused"
  | "dns"
  | "connect"
  | "timeout"
  | "tls"
  | "redirects"
  | "too-large"
  | "protocol"
  | "network"
  | "other-host";

/**
 * What one fetch found. `ok` means the site answered HTTP (any status; redirects followed): `body` is
 * the HTML read (empty for other content types), `complete` false when reading stopped at the cap or
 * the deadline after the page's head had arrived. `other-host`: a redirect left the first host while
 * `sameHostOnly` was asked for.
 */
export type PageOutcome =
  | { ok: true; url: URL; status: number; contentType: string; body: string; complete: boolean; redirects: number }
  | { ok: false; kind: FetchFailureKind; url: URL | null; hop: number; error?: unknown };

export const FETCH_TIMEOUT_MS = 5_000;
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
export const MAX_REDIRECTS = 3;
const USER_AGENT = "DomaeDirectory-OgImage/1.0";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, order: "verbatim" });

const defaultConnector =
  (protocol: string): Connector =>
  (options) =>
    protocol === "https:" ? tls.connect(options) : net.connect(options);

/**
 * Fetches the page's HTML up to the end of its <head>.
 * - Throws UnsafeUrlError when the URL itself is refused: by the static policy or because its name
 *   resolves to a non-public address. Nothing is sent in that case.
 * - Returns null for everything else that goes wrong (timeout, DNS failure, refused connection, HTTP
 *   error, not HTML, over the size cap, too many redirects, a redirect to a refused address).
 */
export async function fetchHtmlHead(pageUrl: string | URL, options: SafeFetchOptions = {}): Promise<FetchedPage | null> {
  const page = await fetchPage(pageUrl, { ...options, read: "head" });
  if (!page.ok) {
    // The first address is the user's: tell them it is refused. Later hops are the site's redirects.
    if (page.kind === "refused" && page.hop === 0 && page.error instanceof UnsafeUrlError) throw page.error;
    return null;
  }
  if (page.status < 200 || page.status > 299 || !HTML_TYPES.has(page.contentType) || !page.complete) return null;
  return { url: page.url, html: page.body };
}

/**
 * One GET through every rule of this module (address policy on each hop, checked DNS, socket backstop,
 * one deadline for all redirects, a byte cap after decompression), reporting what happened instead of
 * hiding it: the site checks (features/site-checks) record the status code, final address and the kind
 * of failure. Never throws.
 */
export async function fetchPage(pageUrl: string | URL, options: SafeFetchOptions = {}): Promise<PageOutcome> {
  const mode = options.read ?? "head";
  const got = await getFollowingRedirects(pageUrl, options);
  if (!got.ok) return got;
  const { response, url, hop, status, contentType, signal } = got;
  const answer = { ok: true as const, url, status, contentType, redirects: hop };
  // Only HTML is read, and only when it can matter: a successful page, or any page in `page` mode.
  if (!HTML_TYPES.has(contentType) || (mode === "head" && (status < 200 || status > 299))) {
    response.destroy();
    return { ...answer, body: "", complete: true };
  }
  const read = await readBody(response, options.maxBytes ?? MAX_PAGE_BYTES, signal, mode);
  const headSeen = read.headEnded || /<\/head\s*>|<body[\s>]/i.test(read.body.toString("latin1"));
  if (read.ended === "end" || read.ended === "head") {
    return { ...answer, body: decodeHtml(read.body, response.headers["content-type"] ?? ""), complete: true };
  }
  // Cut short: a page whose head arrived is still a page (big or slow); anything else is a failure.
  if (mode === "page" && headSeen) {
    return { ...answer, body: decodeHtml(read.body, response.headers["content-type"] ?? ""), complete: false };
  }
  return { ok: false, kind: cutShortKind(read.ended), url, hop };
}

/** What one image fetch found: the bytes of a 2xx `image/*` answer within the cap, or why not. */
export type BytesOutcome =
  | { ok: true; url: URL; contentType: string; body: Buffer }
  | {
      ok: false;
      kind: FetchFailureKind | "status" | "content-type";
      url: URL | null;
      status?: number;
      contentType?: string;
      error?: unknown;
    };

/**
 * One GET for a picture (platform/images), through the same rules as a page: the address policy on every
 * hop, the checked DNS, the socket backstop, one deadline for all redirects and the body, and the byte cap
 * after decompression (the socket is cut when the cap passes). Only a 2xx answer whose Content-Type is
 * `image/*` is read at all. Never throws.
 */
export async function fetchImageBytes(imageUrl: string | URL, options: SafeFetchOptions & { maxBytes: number }): Promise<BytesOutcome> {
  const got = await getFollowingRedirects(imageUrl, {
    ...options,
    accept: options.accept ?? "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9",
  });
  if (!got.ok) return { ok: false, kind: got.kind, url: got.url, error: got.error };
  const { response, url, status, contentType, signal } = got;
  if (status < 200 || status > 299) {
    response.destroy();
    return { ok: false, kind: "status", url, status, contentType };
  }
  if (!contentType.startsWith("image/")) {
    response.destroy();
    return { ok: false, kind: "content-type", url, status, contentType };
  }
  // A declared length over the cap is refused before a byte of the body is read.
  const declared = Number(response.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    return { ok: false, kind: "too-large", url, status, contentType };
  }
  const read = await readBody(response, options.maxBytes, signal, "bytes");
  if (read.ended === "end") return { ok: true, url, contentType, body: read.body };
  return { ok: false, kind: cutShortKind(read.ended), url, status, contentType };
}

/**
 * The answer that ended the redirects, not yet read: its body must be read with `signal`, the same
 * deadline that ran from the first hop, so a sender that trickles its headers, its redirects or its body
 * is cut when the whole fetch's time is up, however steadily it sends.
 */
type FinalAnswer = { ok: true; response: IncomingMessage; url: URL; hop: number; status: number; contentType: string; signal: AbortSignal };
type FetchFailure = { ok: false; kind: FetchFailureKind; url: URL | null; hop: number; error?: unknown };

/**
 * The one loop every outside fetch goes through (fetchPage, fetchImageBytes): the address policy on the
 * first address and on every Location, one GET per hop on a fresh checked socket, at most `maxRedirects`
 * hops, and one deadline (`timeoutMs`, default 5 s) for the whole fetch, body included. Never throws.
 */
async function getFollowingRedirects(target: string | URL, options: SafeFetchOptions): Promise<FinalAnswer | FetchFailure> {
  const allowList = allowedHosts();
  let url: URL;
  try {
    url = checkUrlPolicy(target, allowList);
  } catch (error) {
    return { ok: false, kind: "refused", url: null, hop: 0, error };
  }
  const deadline = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;

  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    let response: IncomingMessage;
    try {
      response = await requestOnce(url, allowList, signal, options);
    } catch (error) {
      return { ok: false, kind: signal.aborted ? "timeout" : failureKindOf(error), url, hop, error };
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(status) && location) {
      response.destroy();
      if (hop === maxRedirects) return { ok: false, kind: "redirects", url, hop };
      let next: URL;
      try {
        next = checkUrlPolicy(new URL(location, url), allowList);
      } catch (error) {
        return { ok: false, kind: "refused", url, hop: hop + 1, error };
      }
      if (options.sameHostOnly && next.host.toLowerCase() !== url.host.toLowerCase()) {
        return { ok: false, kind: "other-host", url: next, hop: hop + 1 };
      }
      url = next;
      continue;
    }
    const contentType = (response.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    return { ok: true, response, url, hop, status, contentType, signal };
  }
  return { ok: false, kind: "redirects", url, hop: maxRedirects };
}

/** Why a body read stopped before its end. */
function cutShortKind(ended: BodyRead["ended"]): FetchFailureKind {
  return ended === "cap" ? "too-large" : ended === "timeout" ? "timeout" : "network";
}

const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME", "EAI_NODATA", "ENODATA", "ESERVFAIL"]);
const CONNECT_CODES = new Set([
  "ECONNREFUSED",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EADDRNOTAVAIL",
  "ENETDOWN",
  "EHOSTDOWN",
]);

/** Sorts a socket-level error into a failure kind (Node's error codes; TLS ones vary by OpenSSL). */
export function failureKindOf(error: unknown): FetchFailureKind {
  if (error instanceof UnsafeUrlError) return "refused";
  const { code = "", name = "" } = (error ?? {}) as { code?: string; name?: string };
  if (name === "AbortError" || name === "TimeoutError" || code === "ABORT_ERR") return "timeout";
  if (DNS_CODES.has(code)) return "dns";
  if (CONNECT_CODES.has(code)) return "connect";
  if (
    /^(ERR_SSL|ERR_TLS|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO$|ERR_OSSL)/.test(code) ||
    /ssl|tls|certificate/i.test(String((error as Error)?.message))
  ) {
    return "tls";
  }
  if (code.startsWith("HPE_") || code === "ERR_HTTP_HEADERS_SENT") return "protocol";
  return "network";
}

/** What a small text file read answered: the final address, the status and the text (UTF-8), or why not. */
export type PlainTextOutcome =
  | { ok: true; url: URL; status: number; contentType: string; text: string }
  | { ok: false; kind: FetchFailureKind; url: URL | null };

/**
 * A GET of a small text file (a proof of control at a fixed path, features/suppliers) through every rule of
 * this module, redirects included (`sameHostOnly` keeps them on the first host): any content type is read,
 * at most `maxBytes` (a bigger or endless answer is `too-large` and costs at most the cap). Never throws.
 */
export async function fetchPlainText(target: string | URL, options: SafeFetchOptions & { maxBytes: number }): Promise<PlainTextOutcome> {
  const got = await getFollowingRedirects(target, { ...options, accept: options.accept ?? "text/plain,*/*;q=0.5" });
  if (!got.ok) return { ok: false, kind: got.kind, url: got.url };
  const { response, url, status, contentType, signal } = got;
  const declared = Number(response.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    return { ok: false, kind: "too-large", url };
  }
  const read = await readBody(response, options.maxBytes, signal, "bytes");
  if (read.ended !== "end") return { ok: false, kind: cutShortKind(read.ended), url };
  return { ok: true, url, status, contentType, text: new TextDecoder("utf-8").decode(read.body) };
}

/**
 * What a call to an outside service sends: a GET, or a POST with a JSON body (`json`) or a form (`form`, an OAuth
 * token request); `headers` adds to ours (an `Authorization` line). Neither is ever logged.
 */
type RequestBody = { method?: "GET" | "POST"; json?: unknown; form?: URLSearchParams; headers?: Record<string, string> };

/** What a registry call answered: the status, the content type and the body as text (UTF-8), or why not. */
export type TextOutcome =
  | { ok: true; status: number; contentType: string; text: string }
  | { ok: false; kind: FetchFailureKind; status?: number; error?: unknown };

/**
 * One request to an outside service (the official registries, features/official-records; 카카오 and 네이버
 * sign-in, platform/auth) through every rule of this module: the address policy, the checked DNS, the socket backstop, one deadline, and the byte
 * cap after decompression (a 10 MB or endless answer costs at most the cap and is `too-large`). A GET or a
 * POST with a JSON or form body; any content type is read (an error page says what went wrong), redirects are not
 * followed (a service that redirects answers with its 3xx status). Never throws. The URL may carry a key:
 * nothing here logs it or puts it in the outcome.
 */
export async function fetchText(
  target: string | URL,
  options: SafeFetchOptions & RequestBody & { maxBytes: number },
): Promise<TextOutcome> {
  const allowList = allowedHosts();
  let url: URL;
  try {
    url = checkUrlPolicy(target, allowList);
  } catch (error) {
    return { ok: false, kind: "refused", error };
  }
  const deadline = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let response: IncomingMessage;
  try {
    response = await requestOnce(url, allowList, signal, { ...options, accept: options.accept ?? "application/json" });
  } catch (error) {
    return { ok: false, kind: signal.aborted ? "timeout" : failureKindOf(error), error };
  }
  const status = response.statusCode ?? 0;
  const contentType = (response.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const declared = Number(response.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    return { ok: false, kind: "too-large", status };
  }
  const read = await readBody(response, options.maxBytes, signal, "bytes");
  if (read.ended === "end") return { ok: true, status, contentType, text: new TextDecoder("utf-8").decode(read.body) };
  const kind: FetchFailureKind = read.ended === "cap" ? "too-large" : read.ended === "timeout" ? "timeout" : "network";
  return { ok: false, kind, status };
}

/**
 * One request on a fresh socket (a GET unless `method` says otherwise; `json` is sent as the body). The
 * `lookup` checks every address DNS returns; the socket check is a backstop.
 */
function requestOnce(
  url: URL,
  allowList: Set<string>,
  signal: AbortSignal,
  options: SafeFetchOptions & RequestBody,
): Promise<IncomingMessage> {
  const host = bareHost(url);
  const listed = isAllowListed(url, allowList);
  const secure = url.protocol === "https:";
  const lookup = checkedLookup(options.resolve ?? systemResolver, listed);
  const connect = options.connect ?? defaultConnector(url.protocol);

  const body =
    options.json !== undefined
      ? Buffer.from(JSON.stringify(options.json))
      : options.form
        ? Buffer.from(options.form.toString())
        : undefined;
  const bodyType = options.json !== undefined ? "application/json" : "application/x-www-form-urlencoded;charset=utf-8";
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request({
      protocol: url.protocol,
      hostname: host,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: options.method ?? "GET",
      headers: {
        Accept: options.accept ?? "text/html,application/xhtml+xml;q=0.9",
        "Accept-Encoding": "gzip, deflate, br",
        "Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5",
        "User-Agent": options.userAgent ?? USER_AGENT,
        ...(body ? { "Content-Type": bodyType, "Content-Length": String(body.length) } : {}),
        ...options.headers,
      },
      lookup: lookup as net.LookupFunction,
      ...(isIP(host) ? {} : { servername: host.replace(/\.$/, "") }),
      createConnection: (connectOptions: net.NetConnectOpts & tls.ConnectionOptions) => connect(connectOptions),
      signal,
      maxHeaderSize: 32 * 1024,
    } as https.RequestOptions);

    request.on("socket", (socket) => {
      // Prepended so it runs before node:http flushes the request onto the new connection.
      socket.prependOnceListener("connect", () => {
        const remote = (socket as net.Socket).remoteAddress;
        if (!listed && (!remote || !isPublicAddress(remote))) request.destroy(new UnsafeUrlError("address"));
      });
    });
    request.once("response", resolve);
    // Stays attached: a late socket error after the response must not become an unhandled 'error' event.
    request.on("error", reject);
    request.end(body);
  });
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net.connect: resolves once, refuses the connection if ANY returned address is not public
 * (a name that answers both a public and a private address is a rebinding trick), and hands net only the
 * addresses it just checked, so the connection cannot go anywhere else.
 */
export function checkedLookup(resolve: Resolver, allowListed: boolean) {
  return (hostname: string, lookupOptions: { all?: boolean; family?: number | string }, callback: LookupCallback) => {
    resolve(hostname)
      .then((found) => {
        if (found.length === 0) throw Object.assign(new Error("no address"), { code: "ENOTFOUND" });
        if (!allowListed && found.some((entry) => !isPublicAddress(entry.address))) throw new UnsafeUrlError("address");
        const family = Number(String(lookupOptions.family ?? 0).replace(/^IPv/, "")) || 0;
        const usable = family ? found.filter((entry) => entry.family === family) : found;
        const first = usable[0];
        if (!first) throw Object.assign(new Error("no address of that family"), { code: "ENOTFOUND" });
        if (lookupOptions.all) callback(null, usable);
        else callback(null, first.address, first.family);
      })
      .catch((error: Error) => callback(error, ""));
  };
}

type BodyRead = { body: Buffer; ended: "end" | "head" | "cap" | "timeout" | "error"; headEnded: boolean };

/**
 * Reads the body until the stream ends, the cap is passed (the socket is destroyed, so a 10 MB or endless
 * answer costs at most the cap), the deadline passes, or (in `head` mode) the head is complete
 * (</head> or <body>). Compressed bodies are capped after decompression too.
 */
function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal, mode: "head" | "page" | "bytes"): Promise<BodyRead> {
  return new Promise((resolve) => {
    let source: Readable = response;
    const encoding = String(response.headers["content-encoding"] ?? "identity")
      .trim()
      .toLowerCase();
    if (encoding === "gzip" || encoding === "x-gzip") source = response.pipe(zlib.createGunzip());
    else if (encoding === "deflate") source = response.pipe(zlib.createInflate());
    else if (encoding === "br") source = response.pipe(zlib.createBrotliDecompress());
    else if (encoding !== "identity" && encoding !== "") {
      response.destroy();
      resolve({ body: Buffer.alloc(0), ended: "error", headEnded: false });
      return;
    }

    const chunks: Buffer[] = [];
    let total = 0;
    let tail = "";
    let headEnded = false;
    let settled = false;
    const finish = (ended: BodyRead["ended"]) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      response.destroy();
      if (source !== response) source.destroy();
      resolve({ body: Buffer.concat(chunks), ended, headEnded });
    };
    const onAbort = () => finish("timeout");
    signal.addEventListener("abort", onAbort);
    if (signal.aborted) return finish("timeout");

    source.on("data", (chunk: Buffer) => {
      if (settled) return;
      const room = maxBytes - total;
      total += chunk.length;
      if (total > maxBytes) {
        // In page mode the part up to the cap is kept (its head may be all a check needs).
        if (mode === "page" && room > 0) chunks.push(chunk.subarray(0, room));
        return finish("cap");
      }
      chunks.push(chunk);
      if (headEnded || mode === "bytes") return;
      // Tag names are ASCII, so latin1 is enough to spot them whatever the page's charset.
      const text = tail + chunk.toString("latin1");
      if (/<\/head\s*>|<body[\s>]/i.test(text)) {
        headEnded = true;
        if (mode === "head") return finish("head");
      }
      tail = text.slice(-16);
    });
    source.once("end", () => finish("end"));
    source.once("error", () => finish("error"));
    response.once("error", () => finish("error"));
    response.once("aborted", () => finish("error"));
  });
}

/** The charset from Content-Type or a <meta charset>, else UTF-8 (EUC-KR shops are still common). */
function decodeHtml(body: Buffer, contentType: string) {
  const sniffed = body.subarray(0, 2048).toString("latin1");
  const label =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(sniffed)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
