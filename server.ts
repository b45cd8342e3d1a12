/**
 * The one process: security headers, health checks, built assets and the React Router app.
 * `node server.ts` serves the production build; `node server.ts --dev` serves through Vite.
 */
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";

type AppEntry = {
  startApp: () => Promise<{ kind: string }>;
  stopApp: () => Promise<void>;
  checkReady: () => Promise<boolean>;
};

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
const trustProxy = process.env.TRUST_PROXY === "1";
const httpsOrigin = (process.env.PUBLIC_URL || "").startsWith("https://");
const DRAIN_DEADLINE_MS = 10_000;
const publicOrigin = process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).origin : null;

function log(level: "info" | "warn" | "error", msg: string, extra: Record<string, unknown> = {}) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...extra });
  if (level === "error") console.error(line);
  else console.log(line);
}

process.on("uncaughtException", (error) => {
  log("error", "uncaught exception", { error: error.message, stack: error.stack });
  process.exit(1);
});
process.on("unhandledRejection", (reason) => {
  log("error", "unhandled rejection", { error: reason instanceof Error ? reason.message : String(reason) });
  process.exit(1);
});

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxy);

let draining = false;

function originMatches(origin: string, host: string | undefined) {
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false; // "null" and malformed origins
  }
}

app.use((req: Request, res: Response, next: NextFunction) => {
  const nonce = randomBytes(16).toString("base64");
  const requestId = randomUUID();
  // Our own headers for the app: whatever a client sent under these names is replaced.
  req.headers["x-csp-nonce"] = nonce;
  req.headers["x-request-id"] = requestId;
  req.headers["x-client-ip"] = trustProxy ? String(req.ip) : (req.socket.remoteAddress ?? "unknown");
  res.setHeader("X-Request-Id", requestId);
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' https: http: data:",
      "font-src 'self'",
      `connect-src 'self'${dev ? " ws:" : ""}`,
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
  const sameSite = origin ? originMatches(origin, req.headers.host) : req.headers["sec-fetch-site"] !== "cross-site";
  if (sameSite) return next();
  log("warn", "cross-site write refused", { requestId: req.headers["x-request-id"], path: req.path, origin });
  res.status(403).type("text/plain; charset=utf-8").send("다른 사이트에서 보낸 요청은 처리할 수 없습니다.");
});

app.use((req: Request, res: Response, next: NextFunction) => {
  if (req.path.startsWith("/assets/")) return next();
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    log(res.statusCode >= 500 ? "error" : "info", "request", {
      requestId: req.headers["x-request-id"],
      method: req.method,
      path: req.path,
      status: res.statusCode,
      ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
    });
  });
  next();
});

app.use(compression());

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

let entry: AppEntry | undefined;
app.get("/readyz", async (_req, res) => {
  const ready = !draining && entry ? await entry.checkReady() : false;
  res.set("Cache-Control", "no-store").status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable" });
});

async function main() {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    entry = (await build()).entry.module as unknown as AppEntry;
  } else {
    const buildDir = path.resolve(process.env.BUILD_DIR || "build");
    try {
      build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
    } catch {
      throw new Error(`No production build in ${buildDir}: run "npm run build" first (빌드가 없습니다).`);
    }
    entry = build.entry.module as unknown as AppEntry;
    // Hashed file names never change content: cache them for a year.
    app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  }

  const started = await entry.startApp();
  app.use(createRequestHandler({ build, mode: dev ? "development" : "production" }));

  const server = app.listen(port, host, () => {
    log("info", "listening", { url: `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`, database: started.kind });
  });
  server.on("error", (error) => {
    log("error", `cannot listen on ${host}:${port}: ${error.message} (포트를 사용할 수 없습니다)`);
    process.exit(1);
  });

  const shutdown = (signal: string) => {
    if (draining) return;
    draining = true;
    log("info", "shutting down", { signal });
    const force = setTimeout(() => {
      log("warn", "drain deadline passed; exiting");
      process.exit(1);
    }, DRAIN_DEADLINE_MS);
    force.unref();
    server.close(async () => {
      await entry?.stopApp().catch((error: Error) => log("error", "closing the database failed", { error: error.message }));
      log("info", "stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch(async (error: Error) => {
  // One line naming the setting; no stack for configuration mistakes.
  console.error(`Start-up failed: ${error.message}`);
  await entry?.stopApp().catch(() => {});
  process.exit(1);
});
