// npm run worker: a process that runs jobs and serves no pages (docs/decisions/0033). It opens the same
// database as the web servers (DATABASE_URL; migrating unless MIGRATE_ON_START=0) and runs the job kinds JOBS
// names (default: all): picture making, site checks, housekeeping, the folding of views. Web servers then run
// with JOBS=none. SIGTERM or SIGINT: the jobs in flight get 5 s to finish, else they go back to the queue.
// With METRICS=1 it listens on HOST:PORT for /metrics (its jobs and mails are counted here, not in a web server)
// and /healthz, and nothing else.
import http from "node:http";
import { runningJobKinds, startApp, stopApp } from "#app/app-lifecycle.server.ts";
import { env } from "#app/lib/env.server.ts";
import { exitOnUncaughtErrors, log, reasonOf } from "#app/lib/log.server.ts";
import { metricsAccess, metricsText } from "#app/lib/metrics.server.ts";

exitOnUncaughtErrors();

async function main() {
  const config = env();
  if (config.jobKinds === "none") throw new Error("JOBS=none: a worker with no job kinds would do nothing (작업 종류를 지정해 주세요)");
  const database = await startApp({ role: "worker" });
  const metricsServer = config.METRICS === "1" ? await serveMetrics(config) : undefined;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    metricsServer?.close();
    stopApp().then(
      () => {
        log.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        log.error("stopping failed", { error });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // Only now: whoever waits for this line may stop the worker at once, and a signal before its handler would kill it.
  log.info("worker started", { database: database.kind, jobs: runningJobKinds() });
}

/** /metrics and /healthz on HOST:PORT; any other address is a 404. */
async function serveMetrics(config: ReturnType<typeof env>) {
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://worker").pathname;
    if (req.method === "GET" && path === "/healthz")
      return res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
    const access =
      req.method === "GET" && path === "/metrics"
        ? metricsAccess(
            {
              remoteAddress: req.socket.remoteAddress,
              proxied: req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined,
              authorization: req.headers.authorization,
            },
            config.METRICS_TOKEN,
          )
        : 404;
    if (access !== 200) return res.writeHead(access, access === 401 ? { "www-authenticate": "Bearer" } : {}).end();
    try {
      const { contentType, body } = await metricsText();
      res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" }).end(body);
    } catch (error) {
      log.error("metrics failed", { error });
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) =>
      reject(new Error(`cannot listen on ${config.HOST}:${config.PORT} for /metrics: ${error.message} (포트를 사용할 수 없습니다)`)),
    );
    server.listen(config.PORT, config.HOST, resolve);
  });
  return server;
}

main().catch(async (error: unknown) => {
  console.error(`Start-up failed: ${reasonOf(error)}`);
  await stopApp().catch(() => {});
  process.exit(1);
});
