import { and, eq, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { type Db, db, type Tx } from "#app/db/client.server.ts";
import { jobs } from "#app/db/schema.ts";

/**
 * The job table's statements (docs/decisions/0019). Every time in here is the database's `now()`, so
 * several app servers with slightly different clocks agree on what is due and whose lock ran out.
 */

export type JobRow = typeof jobs.$inferSelect;

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAfter?: Date;
  /** A second enqueue with the same key does nothing (scheduled work: one row per schedule and period). */
  uniqueKey?: string;
  /** Attempts before the job is given up with its last error kept (default 5). */
  maxAttempts?: number;
  /** Enqueue inside the caller's transaction: the job exists only if the caller's write commits. */
  tx?: Tx;
  /** Whose work it is (default `site`): each owner has its own line in the kind's queue. */
  owner?: string;
};

export const DEFAULT_MAX_ATTEMPTS = 5;

/** The owner of the site's own work: schedules, catch-ups at start, anything no account asked for. */
export const SITE_OWNER = "site";

/**
 * Where a new job of `owner` joins the queue of `kind` (fair queuing, docs/decisions/0026). The queue's
 * clock is the place of the job it is running now (the highest running place), or, when none runs, of the
 * next job waiting. An owner's jobs take consecutive places from that clock on: after the owner's own
 * jobs still waiting or running, never before the clock. So an owner with 300 jobs waiting holds places
 * c, c+1, …, c+299, and another owner's first job gets place c: it runs after at most one job of the
 * backlog (the one at c, if it came first), whichever server claims. The work is claimed by place, then by
 * id, so owners with one job each run in the order they asked, and a queue that has run empty starts at 0
 * again. `kind` and `owner` may be values or columns (a retry moves its own row to the end of its owner's
 * line); the subqueries read the indexes jobs_queue_idx and jobs_owner_idx.
 */
export function queuePosition(kind: string | SQL, owner: string | SQL): SQL {
  return sql`greatest(
    coalesce(
      (SELECT max(q.position) FROM ${jobs} q WHERE q.kind = ${kind} AND q.state = 'running'),
      (SELECT min(q.position) FROM ${jobs} q WHERE q.kind = ${kind} AND q.state = 'queued'),
      0),
    coalesce((SELECT max(q.position) + 1 FROM ${jobs} q WHERE q.kind = ${kind} AND q.owner = ${owner} AND q.state IN ('queued', 'running')), 0)
  )`;
}

/**
 * Makes concurrent enqueues for one owner and kind take turns until the caller's transaction ends (on
 * PostgreSQL; PGlite has one connection), so their places do not collide and a count of the owner's recent
 * jobs (a cap) sees every one. Call first in the transaction that enqueues.
 */
export async function lockOwnerQueue(tx: Tx, kind: string, owner: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`jobs:${kind}:${owner}`}))`);
}

/** Wakes the runners of this process after an enqueue (other servers find the job at their next poll). */
const listeners = new Set<() => void>();

export function onJobsEnqueued(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after committing a transaction that enqueued jobs, so this process starts them at once. */
export function notifyJobs() {
  for (const listener of listeners) listener();
}

/** Queues one job; returns its id, or null when `uniqueKey` was already used. */
export async function enqueueJob(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<number | null> {
  const writer: Db | Tx = options.tx ?? db();
  const rows = await writer
    .insert(jobs)
    .values({
      kind,
      payload: payload ?? {},
      uniqueKey: options.uniqueKey ?? null,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      owner: options.owner ?? SITE_OWNER,
      position: queuePosition(kind, options.owner ?? SITE_OWNER),
      ...(options.runAfter ? { runAfter: options.runAfter } : {}),
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  if (!options.tx) notifyJobs();
  return rows[0]?.id ?? null;
}

/**
 * Queues many jobs of one kind and owner in the caller's transaction, in consecutive places of that owner's
 * line, 100 rows a statement with a pause between them: on PGlite each statement holds the main thread,
 * and requests that need no database (/healthz) get their turn in the pauses.
 */
export async function enqueueJobs(
  tx: Tx,
  kind: string,
  payloads: unknown[],
  { maxAttempts = DEFAULT_MAX_ATTEMPTS, owner = SITE_OWNER }: { maxAttempts?: number; owner?: string } = {},
) {
  for (let i = 0; i < payloads.length; i += 100) {
    // A statement does not see its own rows: each row's place is the owner's next place plus its index.
    await tx.insert(jobs).values(
      payloads.slice(i, i + 100).map((payload, index) => ({
        kind,
        payload: payload ?? {},
        maxAttempts,
        owner,
        position: sql`${queuePosition(kind, owner)} + ${index}::int`,
      })),
    );
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

const now = sql`now()`;
const millis = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))}::int * interval '1 millisecond'`;

/** A queued job whose time has come. */
const queuedAndDue = and(eq(jobs.state, "queued"), lte(jobs.runAfter, now))!;
/** A running job whose worker died (its lock ran out) and that has attempts left. */
const lockRanOut = and(eq(jobs.state, "running"), lt(jobs.lockedUntil, now), lt(jobs.attempts, jobs.maxAttempts))!;

/**
 * How many of each kind's next due jobs a claim looks at: the first one not being taken by another worker's
 * claim at this moment is among them while fewer than this many claims of one kind race (one per process).
 */
const CLAIM_CANDIDATES = 10;

/**
 * The next due jobs of each of `kinds`, at most `CLAIM_CANDIDATES` of each in queue order: a walk of the
 * start of the kind's line in jobs_queued_idx (run_after is in the index, so a job whose retry is not due
 * yet is passed over on its index entry), skipped at once when jobs_due_idx shows nothing of the kind due,
 * and the running jobs of the kind whose lock ran out (as many as there are workers, read through
 * jobs_queue_idx). Inside the subqueries "jobs" names their own scan, so the two conditions serve both.
 */
function claimCandidates(kinds: string[]): SQL {
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  return sql`SELECT candidate.id FROM unnest(ARRAY[${kindList}]::text[]) AS k(kind)
    CROSS JOIN LATERAL (
      (SELECT ${jobs.id} FROM ${jobs}
        WHERE ${jobs.kind} = k.kind AND ${queuedAndDue}
          AND (SELECT min(${jobs.runAfter}) FROM ${jobs} WHERE ${jobs.kind} = k.kind AND ${jobs.state} = 'queued') <= now()
        ORDER BY ${jobs.position}, ${jobs.id} LIMIT ${sql.raw(String(CLAIM_CANDIDATES))})
      UNION ALL
      (SELECT ${jobs.id} FROM ${jobs}
        WHERE ${jobs.kind} = k.kind AND ${lockRanOut}
        ORDER BY ${jobs.position}, ${jobs.id} LIMIT ${sql.raw(String(CLAIM_CANDIDATES))})
    ) AS candidate`;
}

/**
 * The claim's statement (`claimJob`; tests read its plan). Of the candidates, the lowest place in the queue
 * first (fair queuing between owners, `queuePosition`), then the oldest, as one `ORDER BY position, id` over
 * every due job would give; the conditions are checked again on the row being locked, for a row another
 * worker claimed since the candidates were read.
 */
export function claimStatement(kinds: string[], token: string, lockMs: number) {
  const next = db()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(sql`${jobs.id} IN (${claimCandidates(kinds)})`, or(queuedAndDue, lockRanOut)))
    .orderBy(jobs.position, jobs.id)
    .limit(1)
    .for("update", { skipLocked: true });
  return db()
    .update(jobs)
    .set({ state: "running", lockedBy: token, lockedUntil: millis(lockMs), attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, next))
    .returning();
}

/**
 * Takes the next due job of one of `kinds` for this worker: a queued one whose time has come, or a
 * running one whose lock ran out (its worker died) and that has attempts left; the lowest place in the
 * queue first, then the oldest. Its cost does not grow with the backlog: it reads a few index entries of
 * each kind, never every due row (docs/decisions/0045). `FOR UPDATE SKIP LOCKED` makes two workers on one
 * PostgreSQL pass over each other's candidate instead of taking the same row.
 */
export async function claimJob(kinds: string[], token: string, lockMs: number): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const [row] = await claimStatement(kinds, token, lockMs);
  return row ?? null;
}

/** Raised inside `completeJob` when the claim is no longer this worker's: the transaction rolls back. */
export class LostJobError extends Error {
  override name = "LostJobError";
  constructor(id: number) {
    super(`job ${id} is no longer held by this worker`);
  }
}

const heldBy = (id: number, token: string): SQL => and(eq(jobs.id, id), eq(jobs.lockedBy, token), eq(jobs.state, "running"))!;

/**
 * Marks a job done and runs `work` in the same transaction, only while `token` still holds it. A worker
 * whose lock ran out (and whose job another worker took) cannot complete it a second time. Without `work`
 * the one statement is its own transaction: no BEGIN and COMMIT around it (two round trips of every job).
 */
export async function completeJob(id: number, token: string, work?: (tx: Tx) => Promise<void>) {
  const markDone = async (writer: Db | Tx) => {
    const done = await writer
      .update(jobs)
      .set({ state: "done", finishedAt: now, lockedBy: null, lockedUntil: null })
      .where(heldBy(id, token))
      .returning({ id: jobs.id });
    if (done.length === 0) throw new LostJobError(id);
  };
  if (!work) return markDone(db());
  await db().transaction(async (tx) => {
    await markDone(tx);
    await work(tx);
  });
}

/**
 * After a failed attempt: queued again after `retryInMs` at the end of its owner's line (a backlog of
 * failing jobs never jumps ahead of other owners' work when their retries come due), or given up (state
 * `failed`, the error kept) when it has used its attempts; `onGiveUp` runs in that same transaction.
 * False when the claim was lost.
 */
export async function failJob(
  job: Pick<JobRow, "id" | "attempts" | "maxAttempts">,
  token: string,
  error: string,
  retryInMs: number,
  onGiveUp?: (tx: Tx) => Promise<void>,
): Promise<"retry" | "failed" | "lost"> {
  const giveUp = job.attempts >= job.maxAttempts;
  const lastError = error.slice(0, 2000);
  return db().transaction(async (tx) => {
    const rows = await tx
      .update(jobs)
      .set(
        giveUp
          ? { state: "failed", finishedAt: now, lastError, lockedBy: null, lockedUntil: null }
          : {
              state: "queued",
              runAfter: millis(retryInMs),
              position: queuePosition(sql`${jobs.kind}`, sql`${jobs.owner}`),
              lastError,
              lockedBy: null,
              lockedUntil: null,
            },
      )
      .where(heldBy(job.id, token))
      .returning({ id: jobs.id });
    if (rows.length === 0) return "lost";
    if (giveUp && onGiveUp) await onGiveUp(tx);
    return giveUp ? "failed" : "retry";
  });
}

/** Hands a claimed job back untouched (the server is stopping): due at once, the attempt not counted. */
export async function releaseJob(id: number, token: string) {
  await db()
    .update(jobs)
    .set({ state: "queued", runAfter: now, attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null })
    .where(heldBy(id, token));
}

/**
 * Running jobs whose lock ran out and that have no attempts left (their worker died on the last one):
 * given up with a note, `onGiveUp` called for each in the same transaction.
 */
export async function giveUpExpiredJobs(kinds: string[], onGiveUp: (tx: Tx, job: JobRow) => Promise<void>) {
  if (kinds.length === 0) return 0;
  return db().transaction(async (tx) => {
    const expired = await tx
      .select()
      .from(jobs)
      .where(
        and(inArray(jobs.kind, kinds), eq(jobs.state, "running"), lt(jobs.lockedUntil, now), sql`${jobs.attempts} >= ${jobs.maxAttempts}`),
      )
      .limit(100)
      .for("update", { skipLocked: true });
    for (const job of expired) {
      const note = "작업 중 서버가 멈췄습니다 (lock expired on the last attempt)";
      await tx
        .update(jobs)
        .set({
          state: "failed",
          finishedAt: now,
          lockedBy: null,
          lockedUntil: null,
          lastError: job.lastError ? `${job.lastError}; ${note}` : note,
        })
        .where(eq(jobs.id, job.id));
      await onGiveUp(tx, job);
    }
    return expired.length;
  });
}

/** Finished jobs are kept for a while to read (docs/operations.md), then deleted by the `jobs.purge` job. */
export async function purgeFinishedJobs({ doneDays = 14, failedDays = 90 } = {}) {
  const rows = await db()
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.state, "done"), lt(jobs.finishedAt, sql`now() - ${doneDays}::int * interval '1 day'`)),
        and(eq(jobs.state, "failed"), lt(jobs.finishedAt, sql`now() - ${failedDays}::int * interval '1 day'`)),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
