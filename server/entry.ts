/**
 * The server build's entry (vite.config.ts makes it the SSR build's input, as react-router-templates'
 * node-postgres does): the Express app, the app's lifecycle and the routes are one bundle, so they share one
 * set of modules (one database, one job runner), and server.ts gets this module's exports typed, with no cast.
 * In development server.ts loads it through Vite instead.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RequestHandler } from "express";
import { createRequestHandler } from "react-router";
import { checkReady, hasReplicas, pickReplica, startApp, stopApp } from "../app/app-lifecycle.server.ts";
import { env } from "../app/lib/env.server.ts";
import { isSignedInSession, sessionRole } from "../app/platform/auth/auth.server.ts";
import { createApp, headersOf, serveApp } from "./app.ts";
import { routePatterns } from "./route-pattern.ts";

export type ServerAppOptions = {
  dev: boolean;
  /** True once shutdown began: /readyz answers 503 so a load balancer stops sending requests. */
  isDraining: () => boolean;
  /** Vite's middleware, in development. */
  devAssets?: RequestHandler;
};

/**
 * Opens the database (migrations, the demo seed on a first start), starts the jobs, and builds the Express
 * app that serves every request from that database. `stop` stops the jobs and closes the database.
 */
export async function startServerApp(options: ServerAppOptions) {
  const config = env();
  const database = await startApp();
  const build = await import("virtual:react-router/server-build");
  const app = createApp({
    trustProxyHops: config.TRUST_PROXY,
    publicUrl: config.PUBLIC_URL,
    dev: options.dev,
    // The bundle is build/server/index.js: its client files are beside it.
    buildDir: options.dev ? undefined : path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."),
    devAssets: options.devAssets,
    isDraining: options.isDraining,
    checkReady: () => checkReady(),
    database: () => database,
    replica: hasReplicas() ? pickReplica : undefined,
    isSignedIn: (req) => isSignedInSession(headersOf(req)),
    imageOrigin: config.IMAGE_BASE_URL,
    sessionOf: (req) => sessionRole(headersOf(req)),
    routeOf: routePatterns(build.routes),
    metrics: config.METRICS === "1" ? { token: config.METRICS_TOKEN } : undefined,
  });
  const handle = createRequestHandler(() => import("virtual:react-router/server-build"), options.dev ? "development" : "production");
  serveApp(app, handle, config.PUBLIC_URL);
  return { app, databaseKind: database.kind, stop: stopApp };
}

/** stopApp on its own, for a server that failed after start-up began (server.ts). */
export { stopApp };
