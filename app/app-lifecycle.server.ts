import { sql } from "drizzle-orm";
import { currentDatabase, db, type OpenDatabase, openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { seedDemoIfFirstStart } from "#app/features/demo/seed.server.ts";
import { checkProcessorsListed } from "#app/features/legal/legal.server.ts";
import { requestImagesOfAllNotes } from "#app/features/notes/notes.server.ts";
import { registerOfficialRecords } from "#app/features/official-records/official-record-jobs.server.ts";
import { syncVerifiedFlags } from "#app/features/official-records/official-records.server.ts";
import { registerSiteChecks } from "#app/features/site-checks/site-check-jobs.server.ts";
import { env } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { registerImageJobs, requestImagesAtStart } from "#app/platform/images/image-jobs.server.ts";
import { purgeUnnamedImages } from "#app/platform/images/images.server.ts";
import { PURGE_INTERVAL_MS, purgeExpired } from "#app/platform/jobs/housekeeping.server.ts";
import { type JobKind, JobRunner, purgeJobsKind } from "#app/platform/jobs/job-runner.server.ts";
import { backgroundSettled, runInBackground } from "#app/platform/mail/background.server.ts";

/**
 * Opens (and migrates) the database, loads demo content on a first start, starts the jobs. Throws a
 * one-line error. The database is the process's (jobs use it) and the one server/entry.ts serves requests from.
 */
export async function startApp(): Promise<OpenDatabase> {
  const config = env();
  siteConfig();
  checkProcessorsListed();
  const open = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    // Under the start-up lock: of several servers starting at once on one database, one seeds.
    afterMigrate: async (opened) => {
      setCurrentDatabase(opened);
      if (config.SEED_DEMO === "1") await seedDemoIfFirstStart();
    },
  });
  setCurrentDatabase(open);
  startJobs(config);
  return open;
}

let runner: JobRunner | undefined;

/**
 * Expired sessions, limits, one-time links, cached answers and old visitor rows (platform/jobs/housekeeping.server.ts),
 * and pictures nothing names any more (platform/images, docs/decisions/0026), every hour.
 */
const purgeExpiredKind: JobKind<unknown> = {
  kind: "housekeeping.purge-expired",
  timeoutMs: 120_000,
  run: async () => {
    const counts = await purgeExpired();
    if (Object.values(counts).some((n) => n > 0)) log.info("expired rows purged", counts);
    const pictures = await purgeUnnamedImages();
    if (pictures.images > 0 || pictures.files > 0) log.info("unnamed pictures purged", pictures);
  },
};

/**
 * The job runner of this process (docs/decisions/0019): housekeeping and our copies of outside
 * pictures (docs/decisions/0023) always, the site checks unless LINK_CHECK=0, the registry checks of the
 * official records (docs/decisions/0029) when DATA_GO_KR_KEY is set.
 */
function startJobs(config: ReturnType<typeof env>) {
  runner = new JobRunner();
  runner.register(purgeJobsKind).schedule({ name: "jobs.purge", kind: purgeJobsKind.kind, every: "day" });
  runner.register(purgeExpiredKind).schedule({ name: "housekeeping.purge-expired", kind: purgeExpiredKind.kind, every: PURGE_INTERVAL_MS });
  registerImageJobs(runner);
  if (config.LINK_CHECK === "1") registerSiteChecks(runner, { days: config.LINK_CHECK_DAYS });
  if (config.DATA_GO_KR_KEY) {
    registerOfficialRecords(runner, {
      key: config.DATA_GO_KR_KEY,
      ntsUrl: config.NTS_API_URL,
      ftcUrl: config.FTC_API_URL,
      days: config.LINK_CHECK_DAYS,
      ntsDailyLimit: config.NTS_DAILY_LIMIT,
      ftcDailyLimit: config.FTC_DAILY_LIMIT,
    });
  }
  runner.start();
  // The 사업자 확인 filter follows whether the key is there (nothing shows as checked without it).
  runInBackground("official records' verified flags", () => syncVerifiedFlags(Boolean(config.DATA_GO_KR_KEY)));
  // Rows saved before the image pipeline (or just before a crash) get their pictures requested once.
  runInBackground("images requested at start", async () => {
    await requestImagesAtStart();
    await requestImagesOfAllNotes();
  });
}

/**
 * Stops the jobs first (a job in flight gets 5 s to finish, then is handed back to the queue: server.ts
 * allows 10 s for the whole drain), lets mails still leaving finish, then closes the database.
 */
export async function stopApp() {
  await runner?.stop(5_000);
  runner = undefined;
  // Mails still leaving (a reset link just asked for) may need the database for a moment.
  await backgroundSettled(5_000);
  const open = currentDatabase();
  setCurrentDatabase(undefined);
  await open?.close();
}

/** /readyz: the database answers a trivial query within the timeout. */
export async function checkReady(timeoutMs = 2000): Promise<boolean> {
  if (!currentDatabase()) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      db().execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
