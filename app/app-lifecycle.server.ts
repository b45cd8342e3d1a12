import { sql } from "drizzle-orm";
import { currentDatabase, db, type OpenDatabase, openDatabase, type PoolSettings, setCurrentDatabase } from "#app/db/client.server.ts";
import { openReplicas, type ReplicaPool } from "#app/db/replicas.server.ts";
import { registerAlerts } from "#app/features/alerts/alert-jobs.server.ts";
import { seedDemoIfFirstStart } from "#app/features/demo/seed.server.ts";
import { checkProcessorsListed } from "#app/features/legal/legal.server.ts";
import { requestImagesOfAllNotes } from "#app/features/notes/notes.server.ts";
import { registerRecordsFollowUp } from "#app/features/official-records/official-record-follow-up.server.ts";
import { callsLeft, registerOfficialRecords } from "#app/features/official-records/official-record-jobs.server.ts";
import { syncVerifiedFlags } from "#app/features/official-records/official-records.server.ts";
import { registerSavedSearches } from "#app/features/saved-searches/saved-search-jobs.server.ts";
import { registerSiteChecks } from "#app/features/site-checks/site-check-jobs.server.ts";
import { registerImportJobs } from "#app/features/supplier-import/import-jobs.server.ts";
import { FOLD_VIEWS_INTERVAL_MS, FOLD_VIEWS_KIND, foldCountedViews } from "#app/features/wholesalers/wholesalers.server.ts";
import { env } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { metrics, onScrape } from "#app/lib/metrics.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { EVIDENCE_PURGE_INTERVAL_MS, evidencePurgeKind } from "#app/platform/evidence/evidence.server.ts";
import { registerImageJobs, requestImagesAtStart } from "#app/platform/images/image-jobs.server.ts";
import { pictureMemoryIsKept } from "#app/platform/images/image-processing.server.ts";
import { objectStore } from "#app/platform/images/image-store.server.ts";
import { IMAGE_FETCH_KIND, purgeUnnamedImages } from "#app/platform/images/images.server.ts";
import { PURGE_INTERVAL_MS, purgeExpired } from "#app/platform/jobs/housekeeping.server.ts";
import { type JobKind, JobRunner, purgeJobsKind } from "#app/platform/jobs/job-runner.server.ts";
import { readQueueMetrics } from "#app/platform/jobs/queue-metrics.server.ts";
import { backgroundSettled, runInBackground } from "#app/platform/mail/background.server.ts";
import { followSupplierChangesAtStart } from "./supplier-change-followers.server.ts";

/**
 * Opens (and migrates) the database, loads demo content on a first start, starts the jobs. Throws a
 * one-line error. The database is the process's (jobs use it) and the one server/entry.ts serves requests from.
 */
export async function startApp({ role = "web" }: { role?: ProcessRole } = {}): Promise<OpenDatabase> {
  const config = env();
  siteConfig();
  checkProcessorsListed();
  followSupplierChangesAtStart();
  const open = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    dataDir: config.DATA_DIR,
    migrate: config.MIGRATE_ON_START === "1",
    pool: poolSettings(config, role),
    // Under the start-up lock: of several servers starting at once on one database, one seeds.
    afterMigrate: async (opened) => {
      setCurrentDatabase(opened);
      if (config.SEED_DEMO === "1") await seedDemoIfFirstStart();
    },
  });
  setCurrentDatabase(open);
  try {
    // A bucket that cannot be reached (a dead S3_ENDPOINT, a wrong key) stops the start with one line, instead of
    // showing up at the first picture.
    await (await objectStore())?.check();
    runner = startJobs(config);
    if (role === "web" && config.replicaUrls.length > 0) {
      replicas = await openReplicas(config.replicaUrls, open.db, poolSettings(config, role));
      log.info("read replicas", { replicas: replicas.states() });
    }
  } catch (error) {
    await runner?.stop(1_000);
    runner = undefined;
    setCurrentDatabase(undefined);
    await open.close();
    throw error;
  }
  watchForMetrics(config);
  return open;
}

/** The values /metrics reads at each scrape (lib/metrics.server.ts): the job queue, the registries' calls, replicas. */
function watchForMetrics(config: ReturnType<typeof env>) {
  onScrape("jobs", () => readQueueMetrics(IMAGE_FETCH_KIND));
  onScrape("registries", async () => {
    metrics.registryCallsLeft.reset();
    if (!config.DATA_GO_KR_KEY) return;
    const now = new Date();
    metrics.registryCallsLeft.set({ registry: "nts" }, await callsLeft("nts", config.NTS_DAILY_LIMIT, now));
    metrics.registryCallsLeft.set({ registry: "ftc" }, await callsLeft("ftc", config.FTC_DAILY_LIMIT, now));
  });
  onScrape("replicas", async () => {
    metrics.replicaLagSeconds.reset();
    metrics.replicaInUse.reset();
    for (const state of replicas?.states() ?? []) {
      if (state.lagSeconds !== null) metrics.replicaLagSeconds.set({ replica: state.name }, state.lagSeconds);
      metrics.replicaInUse.set({ replica: state.name }, state.healthy ? 1 : 0);
    }
  });
}

let replicas: ReplicaPool | undefined;

/** A read replica fit for a request that may read one, or undefined (none configured or fit: the primary serves). */
export function pickReplica(): OpenDatabase | undefined {
  return replicas?.pick();
}

/** Whether DATABASE_REPLICA_URLS named replicas (server/entry.ts routes reads only then). */
export function hasReplicas() {
  return replicas !== undefined;
}

/** A web server serves pages (and runs the jobs JOBS names); a worker (`npm run worker`) only runs jobs. */
export type ProcessRole = "web" | "worker";

/** The pool settings of this process: DATABASE_POOL_SIZE, STATEMENT_TIMEOUT_SECONDS and its name in pg_stat_activity. */
export function poolSettings(config: ReturnType<typeof env>, role: ProcessRole): PoolSettings {
  return {
    max: config.DATABASE_POOL_SIZE,
    statementTimeoutMs: config.STATEMENT_TIMEOUT_SECONDS * 1000,
    applicationName: `domae-${role}`,
  };
}

let runner: JobRunner | undefined;

/**
 * Expired sessions, limits, one-time links, cached answers and old visitor rows (platform/jobs/housekeeping.server.ts),
 * and pictures nothing names any more (platform/images, docs/decisions/0026), every hour.
 */
/** Views counted since the last fold are added to the suppliers' `views`, every few minutes (docs/decisions/0005). */
const foldViewsKind: JobKind<unknown> = {
  kind: FOLD_VIEWS_KIND,
  timeoutMs: 120_000,
  run: async () => {
    const folded = await foldCountedViews();
    if (folded > 0) log.info("views folded", { views: folded });
  },
};

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
 * Every job kind of the app (docs/decisions/0019) with its schedule: housekeeping, the folding of counted
 * views into the suppliers, the purge of evidence files, our copies of outside pictures (docs/decisions/0023), the site checks unless
 * LINK_CHECK=0, the 찜 alerts' digests and their mails, and the registry checks of the official records (docs/decisions/0029) when DATA_GO_KR_KEY is
 * set. Nothing runs until `start()`.
 */
export function allJobs(config: ReturnType<typeof env>) {
  const jobs = new JobRunner();
  jobs.register(purgeJobsKind).schedule({ name: "jobs.purge", kind: purgeJobsKind.kind, every: "day" });
  jobs.register(purgeExpiredKind).schedule({ name: "housekeeping.purge-expired", kind: purgeExpiredKind.kind, every: PURGE_INTERVAL_MS });
  jobs.register(foldViewsKind).schedule({ name: FOLD_VIEWS_KIND, kind: FOLD_VIEWS_KIND, every: FOLD_VIEWS_INTERVAL_MS });
  // Evidence files 30 days after their decision, or once their uploader's account is gone (docs/decisions/0049).
  jobs
    .register(evidencePurgeKind)
    .schedule({ name: evidencePurgeKind.kind, kind: evidencePurgeKind.kind, every: EVIDENCE_PURGE_INTERVAL_MS });
  registerImageJobs(jobs);
  // Imports of more than 200 rows, part by part (docs/decisions/0054).
  registerImportJobs(jobs);
  // 찜 alerts (docs/decisions/0036): mailed through SMTP_URL, or written to the log without it.
  registerAlerts(jobs);
  // Saved searches' weekly mail (docs/decisions/0053), the same way.
  registerSavedSearches(jobs);
  // The official records follow every supplier change, with or without a registry key (docs/decisions/0051).
  registerRecordsFollowUp(jobs);
  if (config.LINK_CHECK === "1") registerSiteChecks(jobs, { days: config.LINK_CHECK_DAYS });
  if (config.DATA_GO_KR_KEY) {
    registerOfficialRecords(jobs, {
      key: config.DATA_GO_KR_KEY,
      ntsUrl: config.NTS_API_URL,
      ftcUrl: config.FTC_API_URL,
      days: config.LINK_CHECK_DAYS,
      ntsDailyLimit: config.NTS_DAILY_LIMIT,
      ftcDailyLimit: config.FTC_DAILY_LIMIT,
    });
  }
  return jobs;
}

/**
 * The job runner of this process with the kinds JOBS names (docs/decisions/0033): `all`, `none` (no runner:
 * a web server that never encodes a picture or checks a site; its saves still queue jobs for the workers),
 * or a list. The picture catch-up runs where pictures are made.
 */
export function startJobs(config: ReturnType<typeof env>): JobRunner | undefined {
  // The 사업자 확인 filter follows whether the key is there (nothing shows as checked without it), in every process.
  runInBackground("official records' verified flags", () => syncVerifiedFlags(Boolean(config.DATA_GO_KR_KEY)));
  if (config.jobKinds === "none") return undefined;
  const jobs = allJobs(config);
  if (config.jobKinds !== "all") jobs.keepOnly(config.jobKinds);
  jobs.start();
  if (jobs.registeredKinds().includes(IMAGE_FETCH_KIND)) {
    if (pictureMemoryIsKept()) log.warn("MALLOC_MMAP_THRESHOLD_ is not set: glibc keeps the memory pictures took", { set: "131072" });
    // Rows saved before the image pipeline (or just before a crash) get their pictures requested once.
    runInBackground("images requested at start", async () => {
      await requestImagesAtStart();
      await requestImagesOfAllNotes();
    });
  }
  return jobs;
}

/** The kinds this process runs (none without a runner). */
export function runningJobKinds(): string[] {
  return runner?.registeredKinds() ?? [];
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
  await replicas?.close();
  replicas = undefined;
  const open = currentDatabase();
  setCurrentDatabase(undefined);
  await open?.close();
}

/**
 * /readyz: the database answers a trivial query within the timeout, and with IMAGE_STORE=s3 the bucket answered
 * its last check (made at most every 10 s, so a balancer's probes do not become a stream of bucket requests).
 */
export async function checkReady(timeoutMs = 2000): Promise<boolean> {
  const [database, bucket] = await Promise.all([databaseReady(timeoutMs), bucketReady()]);
  return database && bucket;
}

const BUCKET_RECHECK_MS = 10_000;
let bucketCheck: { store: Promise<unknown>; at: number; ready: Promise<boolean> } | undefined;

function bucketReady(): Promise<boolean> {
  const store = objectStore();
  if (!store) return Promise.resolve(true);
  if (!bucketCheck || bucketCheck.store !== store || Date.now() - bucketCheck.at >= BUCKET_RECHECK_MS) {
    const wasReady = bucketCheck?.ready;
    const ready = store
      .then((opened) => opened.check())
      .then(
        () => true,
        async (error: unknown) => {
          if ((await wasReady) !== false) log.warn("readyz: the picture bucket does not answer", { error });
          return false;
        },
      );
    bucketCheck = { store, at: Date.now(), ready };
  }
  return bucketCheck.ready;
}

async function databaseReady(timeoutMs: number): Promise<boolean> {
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
