/**
 * The Express app in front of React Router, in the order a request meets it (each piece a named middleware in
 * server/middleware/, with its test beside it): security headers and the request's own id and address, the
 * request's databases, refusal of cross-site writes, the request log and metrics, compression, health checks,
 * /metrics, the build's files, the body limit, and finally the app itself, run inside the request's context (its
 * database, app/db/request-context.server.ts). server/entry.ts builds it inside the server build; server/app.test.ts
 * builds it around a stand-in handler.
 */
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
import { sendUnavailable } from "./answers.ts";
import { limitBody, type SessionRoleCheck } from "./body-limit.ts";
import { buildFiles } from "./middleware/build-files.ts";
import { chooseDatabases } from "./middleware/database-choice.ts";
import { healthChecks } from "./middleware/health-checks.ts";
import { metricsEndpoint } from "./middleware/metrics-endpoint.ts";
import { logRequests } from "./middleware/request-log.ts";
import { refuseCrossSiteWrites, requestOrigin } from "./middleware/same-site-writes.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import type { SessionCheck } from "./read-routing.ts";

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
  /** The signed-in session a request carries, for the large body limits (none: nobody is signed in). */
  sessionOf?: SessionRoleCheck;
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

export function createApp(options: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // A hop count, never `true`: with N proxies only the N right-most X-Forwarded-For entries (the ones our
  // proxies appended) are believed, so a forged prefix never becomes the address a limit counts.
  app.set("trust proxy", options.trustProxyHops > 0 ? options.trustProxyHops : false);
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl) : null;
  const httpsOrigin = publicOrigin?.protocol === "https:";

  app.use(securityHeaders({ dev: options.dev, httpsOrigin, imageOrigin: options.imageOrigin }));
  app.use(chooseDatabases({ database: options.database, replica: options.replica, isSignedIn: options.isSignedIn, httpsOrigin }));
  app.use(refuseCrossSiteWrites(publicOrigin));
  app.use(logRequests({ routeOf: options.routeOf, replicaConfigured: options.replica !== undefined }));
  app.use(compression());
  app.use(healthChecks({ isDraining: options.isDraining, checkReady: options.checkReady }));
  if (options.metrics) app.use(metricsEndpoint(options.metrics.token));
  if (options.buildDir) app.use(buildFiles(options.buildDir));
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
export function headersOf(req: Pick<Request, "headers">) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
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
