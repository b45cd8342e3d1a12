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
  isDatabaseUnavailable,
  newRequestContext,
  type RequestContext,
  requestContextKey,
  runInRequestContext,
} from "../app/db/request-context.server.ts";
import { log } from "../app/lib/log.server.ts";
import { sendUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./answers.ts";
import { limitBody, type SessionCheck } from "./body-limit.ts";
import { isWrite, mayReadReplica, wroteCookie } from "./read-routing.ts";

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
  /** IMAGE_BASE_URL: the origin (a CDN) that serves our picture files, allowed in img-src. */
  imageOrigin?: string;
  /** The signed-in session a request carries, for the large body limits (none: nobody is signed in). */
  sessionOf?: SessionCheck;
};

/**
 * React Router's request handler: the Web Request built from Express's view of the request and its body
 * stream, and the router context carrying the request's context (app/db/request-context.server.ts).
 */
export type AppHandler = (request: globalThis.Request, context: RouterContextProvider) => Promise<globalThis.Response>;

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
    const replica = options.replica && mayReadReplica(req) ? options.replica() : undefined;
    res.locals.requestContext = newRequestContext(options.database?.(), replica);
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
    if (req.path.startsWith("/assets/")) return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const fields = {
        requestId: req.headers["x-request-id"],
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      };
      if (res.statusCode >= 500) log.error("request", fields);
      else log.info("request", fields);
    });
    next();
  });

  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const ready = !options.isDraining() && (await options.checkReady());
    res.set("Cache-Control", "no-store");
    if (!ready) res.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable" });
  });

  if (options.buildDir) {
    // Hashed file names never change content: cache them for a year.
    app.use("/assets", express.static(path.join(options.buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(path.join(options.buildDir, "client"), { maxAge: "1h", index: false }));
  }
  if (options.devAssets) app.use(options.devAssets);

  const sessionOf = options.sessionOf ?? (async () => null);
  app.use(limitBody({ sessionOf: (req) => runInRequestContext(contextOf(req.res), () => sessionOf(req)) }));
  return app;
}

/** The request context createApp made for this request (a fresh one without a database if there is none). */
function contextOf(res: Response | undefined): RequestContext {
  return (res?.locals.requestContext as RequestContext | undefined) ?? newRequestContext(undefined);
}

/** Express's request headers as Web Headers. */
export function headersOf(req: Request) {
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
      if (context.databaseUnavailable && !res.headersSent) {
        await response.body?.cancel();
        return sendUnavailable(req, res);
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
    const unavailable = isDatabaseUnavailable(error);
    log.error(unavailable ? "database unavailable" : "request failed", { requestId: req.headers["x-request-id"], path: req.path, error });
    if (res.headersSent) return res.destroy();
    if (unavailable) return sendUnavailable(req, res);
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
