// The job claim at a small and at a large backlog (docs/decisions/0045), part of `npm run bench:scale`: p95 of one
// claim and the jobs one worker completes a second, with 1,000 and with 1,000,000 queued picture jobs (100,000 with
// --quick), each beside twice as many finished ones, as a catalogue import leaves the table.
import { sql } from "drizzle-orm";
import { db, type OpenDatabase, openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { ALERT_DIGEST_KIND, ALERT_SEND_KIND } from "#app/features/alerts/alert-kinds.ts";
import { IMAGE_FETCH_KIND } from "#app/platform/images/images.server.ts";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { claimJob, claimStatement, completeJob } from "#app/platform/jobs/job-store.server.ts";
import { middle } from "./load.ts";
import { percentile } from "./search-timing.ts";
import { createPostgresDatabase } from "./server-process.ts";

/** What a process with JOBS=all claims (without the registry checks): the picture kind with the backlog, and kinds with nothing queued. */
const KINDS = [
  IMAGE_FETCH_KIND,
  "jobs.purge",
  "housekeeping.purge-expired",
  "wholesalers.fold-views",
  ALERT_DIGEST_KIND,
  ALERT_SEND_KIND,
  "site-checks.sweep",
  "site-checks.check",
  "site-checks.finish",
];
/** Owners of the backlog: the queue gives their lines consecutive places in turn, as the fair queue does. */
const OWNERS = 100;

/** `queued` jobs of the picture kind in 100 owners' lines, and twice as many finished ones before them. */
async function fillJobTable(queued: number) {
  await db().execute(sql`INSERT INTO jobs (kind, payload, state, owner, position, attempts, finished_at)
    SELECT ${IMAGE_FETCH_KIND}, jsonb_build_object('url', 'https://shop.example/done/' || g || '.jpg'), 'done', 'site', 0, 1, now() - interval '1 day'
    FROM generate_series(1, ${queued * 2}::int) AS g`);
  await topUp(queued);
  await db().execute(sql`VACUUM ANALYZE jobs`);
}

/** Queues jobs at the end of the owners' lines until `queued` wait again (a round takes a few hundred). */
async function topUp(queued: number) {
  await db().execute(sql`INSERT INTO jobs (kind, payload, owner, position)
    SELECT ${IMAGE_FETCH_KIND}, jsonb_build_object('url', 'https://shop.example/p/' || g || '.jpg'), 'owner-' || (g % ${OWNERS}::int),
      last.position + 1 + g / ${OWNERS}::int
    FROM (SELECT coalesce(max(position), 0) AS position, count(*)::int AS waiting FROM jobs WHERE kind = ${IMAGE_FETCH_KIND} AND state = 'queued') AS last,
      generate_series(0, ${queued} - last.waiting - 1) AS g`);
}

/** Milliseconds of each of `count` claims; each claimed job is then completed (not timed), as a worker does. */
async function timeClaims(count: number) {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const token = `bench:${i}`;
    const started = performance.now();
    const job = await claimJob(KINDS, token, 60_000);
    samples.push(performance.now() - started);
    if (job) await completeJob(job.id, token);
  }
  return samples;
}

/**
 * The claim statement's own time in the database (EXPLAIN ANALYZE's execution time, median of `count`): what a
 * claim costs the primary, without the round trip and the commit's WAL flush that dominate `timeClaims`.
 */
async function claimExecutionMs(count: number) {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const { rows } = await db().execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${claimStatement(KINDS, `bench:plan:${i}`, 60_000).getSQL()}`);
    const [plan] = Object.values(rows[0] as object)[0] as [{ "Execution Time": number }];
    samples.push(plan["Execution Time"]);
  }
  return middle(samples);
}

/** Jobs a second that one worker (one runner, one job at a time, a handler that does nothing) completes. */
async function workerThroughput(count: number) {
  const runner = new JobRunner({ workerId: "bench" }).register({ kind: IMAGE_FETCH_KIND, run: async () => {} });
  const started = performance.now();
  const ran = await runner.runDue(count);
  return ran / ((performance.now() - started) / 1000);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Both tables are open at once and measured in alternating rounds (small, then large, then again), so load
 * from other processes falls on both alike; ratios are the median of the per-round ratios.
 */
export async function claimScaleBench({ quick = false } = {}) {
  const backlogs = quick ? [1_000, 100_000] : [1_000, 1_000_000];
  const rounds = quick ? 2 : 3;
  const claims = quick ? 40 : 100;
  const throughputJobs = quick ? 100 : 300;
  const databases: { backlog: number; drop: () => Promise<void>; open?: OpenDatabase; fillSeconds?: number }[] = [];
  try {
    for (const backlog of backlogs) {
      const created = await createPostgresDatabase("domae_bench_claims");
      const database: (typeof databases)[number] = { backlog, drop: created.drop };
      databases.push(database);
      database.open = await openDatabase({ databaseUrl: created.url });
      setCurrentDatabase(database.open);
      const started = Date.now();
      await fillJobTable(backlog);
      database.fillSeconds = Math.round((Date.now() - started) / 1000);
      console.log(`claims: ${backlog} queued jobs (and ${backlog * 2} finished) in ${database.fillSeconds} s`);
    }
    type Round = { p95Ms: number; medianMs: number; executionMs: number; jobsPerSecond: number; idleP95Ms?: number };
    const perRound = databases.map(() => [] as Round[]);
    for (let round = 0; round < rounds; round++) {
      for (const [i, database] of databases.entries()) {
        setCurrentDatabase(database.open);
        await topUp(database.backlog);
        const samples = await timeClaims(claims);
        const executionMs = await claimExecutionMs(9);
        const jobsPerSecond = await workerThroughput(throughputJobs);
        perRound[i]!.push({ p95Ms: percentile(samples, 95), medianMs: middle(samples), executionMs, jobsPerSecond });
      }
    }
    // Every retry waiting (a picture host that is down): an idle poll finds that nothing is due.
    for (const database of databases) {
      setCurrentDatabase(database.open);
      await db().execute(sql`UPDATE jobs SET run_after = now() + interval '1 hour' WHERE state = 'queued'`);
      await db().execute(sql`VACUUM ANALYZE jobs`);
    }
    for (let round = 0; round < rounds; round++) {
      for (const [i, database] of databases.entries()) {
        setCurrentDatabase(database.open);
        perRound[i]![round]!.idleP95Ms = percentile(await timeClaims(claims), 95);
      }
    }
    const [small, large] = perRound as [Round[], Round[]];
    const both = (pick: (r: Round) => number) => [middle(small.map(pick)), middle(large.map(pick))].map(round2);
    const ratio = (pick: (r: Round) => number) => round2(middle(small.map((r, k) => pick(large[k]!) / pick(r))));
    return {
      backlogs,
      fillSeconds: databases.map((d) => d.fillSeconds),
      claimP95Ms: both((r) => r.p95Ms),
      claimMedianMs: both((r) => r.medianMs),
      claimP95Ratio: ratio((r) => r.p95Ms),
      executionMs: both((r) => r.executionMs),
      executionRatio: ratio((r) => r.executionMs),
      jobsPerSecond: both((r) => r.jobsPerSecond).map(Math.round),
      jobsPerSecondRatio: ratio((r) => r.jobsPerSecond),
      idleClaimP95Ms: both((r) => r.idleP95Ms ?? 0),
      idleClaimP95Ratio: ratio((r) => r.idleP95Ms ?? 0),
      rounds: perRound.map((r) =>
        r.map((x) => ({
          p95Ms: round2(x.p95Ms),
          medianMs: round2(x.medianMs),
          executionMs: round2(x.executionMs),
          jobsPerSecond: Math.round(x.jobsPerSecond),
          idleP95Ms: round2(x.idleP95Ms ?? 0),
        })),
      ),
    };
  } finally {
    setCurrentDatabase(undefined);
    for (const database of databases) {
      await database.open?.close().catch(() => {});
      await database.drop();
    }
  }
}

export function printClaimScale(result: Awaited<ReturnType<typeof claimScaleBench>>) {
  const [small, large] = result.backlogs;
  console.log(`\n### Job claim: ${small} vs ${large} queued jobs (ratio = at the larger ÷ at the smaller, per round, median)`);
  console.log(
    `claim p95 ${result.claimP95Ms[0]} → ${result.claimP95Ms[1]} ms (ratio ${result.claimP95Ratio}, target ≤ 2); median ${result.claimMedianMs[0]} → ${result.claimMedianMs[1]} ms`,
  );
  console.log(
    `the statement in the database (median): ${result.executionMs[0]} → ${result.executionMs[1]} ms (ratio ${result.executionRatio})`,
  );
  console.log(`one worker: ${result.jobsPerSecond[0]} → ${result.jobsPerSecond[1]} jobs/s (ratio ${result.jobsPerSecondRatio})`);
  console.log(
    `idle poll (every job waiting for its retry) p95: ${result.idleClaimP95Ms[0]} → ${result.idleClaimP95Ms[1]} ms (ratio ${result.idleClaimP95Ratio})`,
  );
  console.table(result.rounds.flatMap((rounds, i) => rounds.map((r, round) => ({ backlog: result.backlogs[i], round, ...r }))));
}
