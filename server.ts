/**
 * The one process: security headers, health checks, built assets and the React Router app
 * (server/app.ts). `node server.ts` serves the production build; `node server.ts --dev` serves through Vite.
 */
import http from "node:http";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "react-router";
import { log, reasonOf } from "./app/lib/log.server.ts";
import { createApp, serveApp } from "./server/app.ts";

type AppEntry = {
  startApp: () => Promise<{ kind: string }>;
  stopApp: () => Promise<void>;
  checkReady: () => Promise<boolean>;
};

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
const DRAIN_DEADLINE_MS = 10_000;

process.on("uncaughtException", (error) => {
  log.error("uncaught exception", { error });
  process.exit(1);
});
process.on("unhandledRejection", (reason) => {
  log.error("unhandled rejection", { error: reason });
  process.exit(1);
});

/** TRUST_PROXY: how many proxies stand in front (0: none). Anything else is a start-up error. */
function trustProxyHops() {
  const raw = (process.env.TRUST_PROXY ?? "0").trim() || "0";
  if (!/^\d{1,2}$/.test(raw))
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server, e.g. 1 (프록시 개수를 숫자로 적어 주세요): "${raw}"`,
    );
  return Number(raw);
}

let draining = false;
let entry: AppEntry | undefined;

async function main() {
  const buildDir = path.resolve(process.env.BUILD_DIR || "build");
  const app = createApp({
    trustProxyHops: trustProxyHops(),
    publicUrl: process.env.PUBLIC_URL || undefined,
    dev,
    buildDir: dev ? undefined : buildDir,
    isDraining: () => draining,
    checkReady: () => entry?.checkReady() ?? Promise.resolve(false),
  });

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    entry = (await build()).entry.module as unknown as AppEntry;
  } else {
    try {
      build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
    } catch {
      throw new Error(`No production build in ${buildDir}: run "npm run build" first (빌드가 없습니다).`);
    }
    entry = build.entry.module as unknown as AppEntry;
  }

  const started = await entry.startApp();
  const handle = createRequestHandler(build, dev ? "development" : "production");
  serveApp(app, (request) => handle(request), process.env.PUBLIC_URL || undefined);

  const server = http.createServer(app);
  server.on("error", (error) => {
    console.error(`Start-up failed: cannot listen on ${host}:${port}: ${error.message} (포트를 사용할 수 없습니다)`);
    void entry?.stopApp().finally(() => process.exit(1));
  });
  server.listen(port, host, () => {
    log.info("listening", { url: `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`, database: started.kind });
  });
  // Requests Node refuses before the app sees them (a request line or headers past its 16 KB limit,
  // e.g. /compare?ids= with thousands of ids, or a malformed request) get a Korean answer, not an empty one.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
    const body = tooLarge ? "요청 주소나 헤더가 너무 깁니다. 주소를 줄여서 다시 시도해주세요." : "잘못된 요청입니다.";
    const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request";
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  const shutdown = (signal: string) => {
    if (draining) return;
    draining = true;
    log.info("shutting down", { signal });
    const force = setTimeout(() => {
      log.warn("drain deadline passed; exiting");
      process.exit(1);
    }, DRAIN_DEADLINE_MS);
    force.unref();
    server.close(async () => {
      await entry?.stopApp().catch((error: unknown) => log.error("closing the database failed", { error }));
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch(async (error: unknown) => {
  // One line naming the setting and, for a database failure, PostgreSQL's own reason; no stack.
  console.error(`Start-up failed: ${reasonOf(error)}`);
  await entry?.stopApp().catch(() => {});
  process.exit(1);
});
