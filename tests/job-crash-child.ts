// A worker process for app/platform/jobs/job-crash.server.test.ts: opens the database named by
// DATABASE_URL or DATA_DIR, queues CRASH_JOBS jobs, runs `crash.work` jobs three at a time and prints `done N` after each
// completes, until the test kills it with SIGKILL.
import { openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { appMeta } from "#app/db/schema.ts";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { enqueueJob } from "#app/platform/jobs/job-store.server.ts";

const open = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR });
setCurrentDatabase(open);
// The jobs are queued here, so the embedded database is opened (and created) by one process less.
for (let n = 0; n < Number(process.env.CRASH_JOBS ?? 0); n++) await enqueueJob("crash.work", { n });
const runner = new JobRunner({ pollMs: 50, lockMarginMs: 500, workerId: `child-${process.pid}` });
runner.register<{ n: number }>({
  kind: "crash.work",
  concurrency: 3,
  timeoutMs: 1_000,
  run: async ({ n }, job) => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The result and the completion commit together; a second completion of n would add a second key.
    await job.complete(async (tx) => {
      await tx.insert(appMeta).values({ key: `crash-done:${n}:${job.job.attempts}`, value: "child" });
    });
    process.stdout.write(`done ${n}\n`);
  },
});
runner.start();
process.stdout.write("ready\n");
