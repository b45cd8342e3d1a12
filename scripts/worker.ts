// npm run worker: a process that runs jobs and serves no pages (docs/decisions/0033). It opens the same
// database as the web servers (DATABASE_URL; migrating unless MIGRATE_ON_START=0) and runs the job kinds JOBS
// names (default: all): picture making, site checks, housekeeping, the folding of views. Web servers then run
// with JOBS=none. SIGTERM or SIGINT: the jobs in flight get 5 s to finish, else they go back to the queue.
import { runningJobKinds, startApp, stopApp } from "#app/app-lifecycle.server.ts";
import { env } from "#app/lib/env.server.ts";
import { exitOnUncaughtErrors, log, reasonOf } from "#app/lib/log.server.ts";

exitOnUncaughtErrors();

async function main() {
  const config = env();
  if (config.jobKinds === "none") throw new Error("JOBS=none: a worker with no job kinds would do nothing (작업 종류를 지정해 주세요)");
  const database = await startApp({ role: "worker" });
  log.info("worker started", { database: database.kind, jobs: runningJobKinds() });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
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
}

main().catch(async (error: unknown) => {
  console.error(`Start-up failed: ${reasonOf(error)}`);
  await stopApp().catch(() => {});
  process.exit(1);
});
