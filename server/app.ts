/**
 * The Express app in front of React Router: per-request CSP nonce and security headers, the client
 * address and origin as the trusted proxies tell them, refusal of cross-site writes, request logs,
 * health checks, built assets, body limits, and finally the app itself, run inside the request's context
 * (its database, app/db/request-context.server.ts). server/entry.ts builds it inside the server build;
 * server/app.test.ts builds it around a stand-in handler.
 */
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { RouterContextProvider } from "react-router";
import type { OpenDatabase } from "../app/db/client.server.ts";
import {
  logRequestError,
  newRequestContext,
  type RequestContext,
  requestContextKey,
  runInRequestContext,
  unavailableCause,
} from "../app/db/request-context.server.ts";
import { log } from "../app/lib/log.server.ts";
import { metrics, metricsAccess, metricsText } from "../app/lib/metrics.server.ts";
import { noteUnavailable, sendUnavailable, unavailableCauseOf } from "./answers.ts";
import { type AdminCheck, limitBody } from "./body-limit.ts";
import { isWrite, mayReadReplica, type SessionCheck, wroteCookie } from "./read-routing.ts";

export type AppOptions = {
  /** Proxies in front whose X-Forwarded-* entries are trusted (TRUST_PROXY); 0 trusts none. */
  trustProxyHops: number;
  /** PUBLIC_URL: the origin browsers use. */
  publicUrl?: string;
  dev?: boolean;
  /** The production build's folder, for its static files (none in dev or in tests). */
  buildDir?: string;
  /** Vite's middleware in development: it serves the assets instead of buildDir. */
  devAssets?: RequestHandler;
  isDraining: () => boolean;
  checkReady: () => Promise<boolean>;
  /** The database each request is served from (none: the process's, for stand-in tests). */
  database?: () => OpenDatabase | undefined;
  /**
   * A read replica for a request that may read one (server/read-routing.ts), or undefined: the request reads
   * `database` (DATABASE_REPLICA_URLS, docs/decisions/0034).
   */
  replica?: () => OpenDatabase | undefined;
  /**
   * Whether a request carries a session the primary confirms, asked only when a replica could serve it and it
   * sends a session cookie (none: nobody counts as signed in, and every such request may read the replica).
   */
  isSignedIn?: SessionCheck;
  /** IMAGE_BASE_URL: the origin (a CDN) that serves our picture files, allowed in img-src. */
  imageOrigin?: string;
  /** Whether a request carries a signed-in admin's session, for the large body limits (none: nobody). */
  isAdminRequest?: AdminCheck;
  /** The pattern of the app's route a path is (`/wholesaler/:id`), the label of its requests in the metrics. */
  routeOf?: (path: string) => string | undefined;
  /** METRICS=1: /metrics answers, to this machine or to the bearer of `token` (METRICS_TOKEN). */
  metrics?: { token?: string };
};

/**
 * React Router's request handler: the Web Request built from Express's view of the request and its body
 * stream, and the router context carrying the request's context (app/db/request-context.server.ts).
 */
export type AppHandler = (request: globalThis.Request, context: RouterContextProvider) => Promise<globalThis.Response>;

/** The methods counted by name in the metrics; any other is `other` (a client may send any word). */
const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

/** The admin's seller-note editor pages (app/routes.ts), the only pages that may show pictures from other sites. */
const NOTE_EDITOR_PATH = /^\/admin\/sellernote-(add|edit\/\d+)\/?$/;

export function createApp(options: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // A hop count, never `true`: with N proxies only the N right-most X-Forwarded-For entries (the ones our
  // proxies appended) are believed, so a forged prefix never becomes the address a limit counts.
  app.set("trust proxy", options.trustProxyHops > 0 ? options.trustProxyHops : false);
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl) : null;
  const httpsOrigin = publicOrigin?.protocol === "https:";
  // Our picture files may come from a CDN (IMAGE_BASE_URL, docs/decisions/0033): that one origin, no other.
  const imageOrigin = options.imageOrigin ? ` ${new URL(options.imageOrigin).origin}` : "";

  app.use((req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    const requestId = randomUUID();
    // Our own headers for the app: whatever a client sent under these names is replaced.
    req.headers["x-csp-nonce"] = nonce;
    req.headers["x-request-id"] = requestId;
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    // After a write this browser reads the primary for a few seconds: the page a save redirects to shows it.
    if (options.replica && isWrite(req.method)) res.append("Set-Cookie", wroteCookie(httpsOrigin));
    res.setHeader("X-Request-Id", requestId);
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
        "style-src 'self' 'unsafe-inline'",
        // Pictures of other sites are served as our own copies (docs/decisions/0023): a page never
        // makes the visitor's browser ask another site. The note editor is the exception: an admin pasting a
        // picture's address sees it while writing (the saved note shows our copy once it is made).
        NOTE_EDITOR_PATH.test(req.path) ? "img-src 'self' data: https:" : `img-src 'self' data:${imageOrigin}`,
        "font-src 'self'",
        `connect-src 'self'${options.dev ? " ws:" : ""}`,
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    if (httpsOrigin) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  // The request's databases: a replica only for a page it may serve to a browser that proved no recent write and
  // no session (server/read-routing.ts); the session is confirmed on the primary.
  const isSignedIn = options.isSignedIn ?? (async () => false);
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    const primary = options.database?.();
    let replica: OpenDatabase | undefined;
    try {
      const readsReplica =
        options.replica !== undefined &&
        (await mayReadReplica(req, (checked) => runInRequestContext(newRequestContext(primary), () => isSignedIn(checked))));
      replica = readsReplica ? options.replica?.() : undefined;
    } catch (error) {
      // The session could not be checked (the primary does not answer): the request reads the primary, whose
      // failure the page then answers as usual (a 503 when it is down).
      log.warn("read routing: session check failed", { requestId: req.headers["x-request-id"], error });
    }
    res.locals.requestContext = newRequestContext(primary, replica);
    next();
  });

  // Refuse writes that another site started (security-checklist 25). React Router checks UI actions;
  // this covers resource routes and requests without an Origin header too.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.headers.origin;
    const sameSite = origin ? origin === requestOrigin(req, publicOrigin) : req.headers["sec-fetch-site"] !== "cross-site";
    if (sameSite) return next();
    log.warn("cross-site write refused", { requestId: req.headers["x-request-id"], path: req.path, origin });
    res.status(403).type("text/plain; charset=utf-8").send("다른 사이트에서 보낸 요청은 처리할 수 없습니다.");
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const asset = req.path.startsWith("/assets/");
    res.on("finish", () => {
      const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      // A route's pattern, never the URL: the metrics keep one series per page, not one per address asked for.
      // The Express layer's own answers (health checks, /metrics, files) name their route themselves and read no database.
      const ownAnswer = res.locals.route as string | undefined;
      const route = asset ? "/assets/*" : (ownAnswer ?? options.routeOf?.(req.path) ?? "other");
      metrics.requests.inc({ route, method: METHODS.has(req.method) ? req.method : "other", status: String(res.statusCode) });
      metrics.requestSeconds.observe({ route }, ms / 1000);
      if (asset) return;
      const context = res.locals.requestContext as RequestContext | undefined;
      if (context?.fromReplica) metrics.reads.inc({ database: context.database?.name ?? "replica" });
      else if (options.replica && !ownAnswer) metrics.reads.inc({ database: "primary" });
      const fields = {
        requestId: req.headers["x-request-id"],
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms,
        ...(unavailableCauseOf(res) ? { unavailableCause: unavailableCauseOf(res) } : {}),
      };
      if (res.statusCode >= 500) log.error("request", fields);
      else log.info("request", fields);
    });
    next();
  });

  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.locals.route = "/healthz";
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.locals.route = "/readyz";
    const draining = options.isDraining();
    const ready = !draining && (await options.checkReady());
    res.set("Cache-Control", "no-store");
    if (!ready) noteUnavailable(res, draining ? "draining" : "database down");
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable" });
  });

  if (options.metrics) {
    const { token } = options.metrics;
    app.get("/metrics", async (req, res, next) => {
      res.locals.route = "/metrics";
      const access = metricsAccess(
        {
          remoteAddress: req.socket.remoteAddress,
          proxied: req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined,
          authorization: req.headers.authorization,
        },
        token,
      );
      // Anyone else gets the site's own 404 page, as for an address that does not exist.
      if (access === 404) return next();
      res.set("Cache-Control", "no-store");
      if (access === 401) return res.status(401).set("WWW-Authenticate", "Bearer").end();
      const { contentType, body } = await metricsText();
      res.type(contentType).send(body);
    });
  }

  if (options.buildDir) {
    // Hashed file names never change content: cache them for a year.
    app.use("/assets", express.static(path.join(options.buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
    // A file of client/ (the icons, robots.txt's neighbours) is counted as `static`; a miss goes on to the app.
    app.use((_req: Request, res: Response, next: NextFunction) => {
      res.locals.route = "static";
      next();
    });
    app.use(express.static(path.join(options.buildDir, "client"), { maxAge: "1h", index: false }));
    app.use((_req: Request, res: Response, next: NextFunction) => {
      res.locals.route = undefined;
      next();
    });
  }
  if (options.devAssets) app.use(options.devAssets);

  const isAdminRequest = options.isAdminRequest ?? (async () => false);
  app.use(limitBody({ isAdminRequest: (req) => runInRequestContext(contextOf(req.res), () => isAdminRequest(req)) }));
  return app;
}

/** The request context createApp made for this request (a fresh one without a database if there is none). */
function contextOf(res: Response | undefined): RequestContext {
  return (res?.locals.requestContext as RequestContext | undefined) ?? newRequestContext(undefined);
}

/** Express's request headers as Web Headers. */
export function headersOf(req: Pick<Request, "headers">) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * The origin this request was made to, as the browser saw it: PUBLIC_URL when the Host is its host (so
 * an https site behind a TLS-terminating proxy works without trusting any header), else the scheme and
 * host Express derives, which include X-Forwarded-Proto/-Host only from trusted proxies.
 */
export function requestOrigin(req: Request, publicOrigin: URL | null) {
  if (publicOrigin && req.headers.host === publicOrigin.host) return publicOrigin.origin;
  const host = (req.host || "localhost").split(/[\\/?#@\s]/)[0] || "localhost";
  return `${req.protocol}://${host}`;
}

/**
 * Serves every request that got this far with `handler` (React Router), inside the request's context. A
 * request that an unreachable database failed (noted by app/entry.server.tsx's handleError, or thrown up
 * to here) answers 503 with Retry-After instead of the app's 500.
 */
export function serveApp(app: express.Express, handler: AppHandler, publicUrl?: string) {
  const publicOrigin = publicUrl ? new URL(publicUrl) : null;
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const body = res.locals.body as ReadableStream<Uint8Array> | undefined;
      const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: headersOf(req), signal: controller.signal };
      if (body) {
        init.body = body;
        // A stream body must say that the request is sent before the answer is read (Fetch's rule).
        init.duplex = "half";
      }
      const request = new globalThis.Request(new URL(req.originalUrl, requestOrigin(req, publicOrigin)), init);
      const context = contextOf(res);
      const routerContext = new RouterContextProvider();
      routerContext.set(requestContextKey, context);
      const response = await runInRequestContext(context, () => handler(request, routerContext));
      if (context.unavailable && !res.headersSent) {
        await response.body?.cancel();
        return sendUnavailable(req, res, context.unavailable);
      }
      await sendResponse(res, response);
    } catch (error) {
      // The body limit answered already (the app's body stream failed when it refused the rest).
      if (res.writableEnded) return;
      next(error);
    }
  });
  // Last resort: the error goes to the log with its stack, the browser gets a Korean page without it.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const unavailable = unavailableCause(error);
    logRequestError(error, { requestId: req.headers["x-request-id"], path: req.path });
    if (res.headersSent) return res.destroy();
    if (unavailable) return sendUnavailable(req, res, unavailable);
    res.status(500).type("text/plain; charset=utf-8").send("오류가 발생했습니다. 잠시 후 다시 시도해 주세요.");
  });
}

async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") continue;
    res.append(key, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((resolve) => res.once("drain", resolve));
      // compression() buffers; a streamed page is flushed as it renders.
      (res as Response & { flush?: () => void }).flush?.();
    }
    res.end();
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
