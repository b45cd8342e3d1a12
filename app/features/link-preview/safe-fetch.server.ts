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
};

export type FetchedPage = { url: URL; html: string };

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
  const allowList = allowedHosts();
  let url = checkUrlPolicy(pageUrl, allowList);
  const signal = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;

  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    let response: IncomingMessage;
    try {
      response = await requestOnce(url, allowList, signal, options);
    } catch (error) {
      // The first address is the user's: tell them it is refused. Later hops are the site's redirects.
      if (hop === 0 && error instanceof UnsafeUrlError) throw error;
      return null;
    }

    if (REDIRECT_STATUSES.has(response.statusCode ?? 0)) {
      const location = response.headers.location;
      response.destroy();
      if (!location || hop === maxRedirects) return null;
      try {
        url = checkUrlPolicy(new URL(location, url), allowList);
      } catch {
        return null;
      }
      continue;
    }

    const status = response.statusCode ?? 0;
    const mediaType = (response.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (status < 200 || status > 299 || !HTML_TYPES.has(mediaType)) {
      response.destroy();
      return null;
    }
    const body = await readHead(response, options.maxBytes ?? MAX_PAGE_BYTES, signal);
    if (!body) return null;
    return { url, html: decodeHtml(body, response.headers["content-type"] ?? "") };
  }
  return null;
}

/** One GET on a fresh socket. The `lookup` checks every address DNS returns; the socket check is a backstop. */
function requestOnce(url: URL, allowList: Set<string>, signal: AbortSignal, options: SafeFetchOptions): Promise<IncomingMessage> {
  const host = bareHost(url);
  const listed = isAllowListed(url, allowList);
  const secure = url.protocol === "https:";
  const lookup = checkedLookup(options.resolve ?? systemResolver, listed);
  const connect = options.connect ?? defaultConnector(url.protocol);

  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request({
      protocol: url.protocol,
      hostname: host,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      headers: {
        Accept: "text/html,application/xhtml+xml;q=0.9",
        "Accept-Encoding": "gzip, deflate, br",
        "Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5",
        "User-Agent": USER_AGENT,
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
    request.end();
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

/**
 * Reads the body until the head is complete (</head> or <body), the stream ends, or the cap is passed.
 * Past the cap the socket is destroyed and the page counts as having no image. Compressed bodies are
 * capped after decompression too.
 */
function readHead(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer | null> {
  return new Promise((resolve) => {
    let source: Readable = response;
    const encoding = String(response.headers["content-encoding"] ?? "identity").trim().toLowerCase();
    if (encoding === "gzip" || encoding === "x-gzip") source = response.pipe(zlib.createGunzip());
    else if (encoding === "deflate") source = response.pipe(zlib.createInflate());
    else if (encoding === "br") source = response.pipe(zlib.createBrotliDecompress());
    else if (encoding !== "identity" && encoding !== "") {
      response.destroy();
      resolve(null);
      return;
    }

    const chunks: Buffer[] = [];
    let total = 0;
    let tail = "";
    let settled = false;
    const finish = (result: Buffer | null) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      response.destroy();
      if (source !== response) source.destroy();
      resolve(result);
    };
    const onAbort = () => finish(null);
    signal.addEventListener("abort", onAbort);
    if (signal.aborted) return finish(null);

    source.on("data", (chunk: Buffer) => {
      if (settled) return;
      total += chunk.length;
      if (total > maxBytes) return finish(null);
      chunks.push(chunk);
      // Tag names are ASCII, so latin1 is enough to spot them whatever the page's charset.
      const text = tail + chunk.toString("latin1");
      if (/<\/head\s*>|<body[\s>]/i.test(text)) return finish(Buffer.concat(chunks));
      tail = text.slice(-16);
    });
    source.once("end", () => finish(Buffer.concat(chunks)));
    source.once("error", () => finish(null));
    response.once("error", () => finish(null));
    response.once("aborted", () => finish(null));
  });
}

/** The charset from Content-Type or a <meta charset>, else UTF-8 (EUC-KR shops are still common). */
function decodeHtml(body: Buffer, contentType: string) {
  const sniffed = body.subarray(0, 2048).toString("latin1");
  const label =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(sniffed)?.[1] ??
    "utf-8";
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
