import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Tx } from "#app/db/client.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import { log } from "#app/lib/log.server.ts";
import { metrics } from "#app/lib/metrics.server.ts";
import {
  claimJob,
  completeJob,
  enqueueJob,
  failJob,
  giveUpExpiredJobs,
  type JobRow,
  LostJobError,
  onJobsEnqueued,
  purgeFinishedJobs,
  releaseJob,
} from "./job-store.server.ts";

/**
 * The job runner (docs/decisions/0019): one loop per process that claims due jobs of the kinds
 * registered with it, runs each kind's handler with that kind's concurrency and time limit, retries
 * failures with exponential back-off and gives a job up after its last attempt. A scheduler in the same
 * loop enqueues periodic work under a per-period unique key, so several servers enqueue it once.
 *
 * Adding a kind: `runner.register({ kind: "images.resize", concurrency: 2, timeoutMs: 30_000, run })`
 * in `app/lib/app-lifecycle.server.ts` (or a feature's `register…` function called from there), and
 * `enqueueJob("images.resize", payload)` wherever the work arises.
 */

export type JobContext = {
  job: { id: number; kind: string; attempts: number; maxAttempts: number };
  /** Aborted when the kind's time limit passes or the server stops: stop work and throw. */
  signal: AbortSignal;
  /**
   * Runs `work` and marks the job done in one transaction, only while this worker still holds the job:
   * a job's result is stored exactly once even when a stalled worker's lock ran out and another took over.
   * Without it, the job is marked done after the handler returns.
   */
  complete: (work: (tx: Tx) => Promise<void>) => Promise<void>;
};

export type JobKind<P = unknown> = {
  kind: string;
  /** Jobs of this kind one process runs at the same time (default 1). */
  concurrency?: number;
  /** The handler's signal aborts after this; the claim is held `lockMarginMs` longer (default 60 s). */
  timeoutMs?: number;
  /** The first retry waits this long, each further one twice as long, at most an hour (default 10 s). */
  backoffMs?: number;
  /** Checks the stored payload; a payload it refuses gives the job up at once (no retry can fix it). */
  parse?: (payload: unknown) => P;
  run: (payload: P, context: JobContext) => Promise<void>;
  /** Runs in the transaction that gives a job up (its last attempt failed, or its worker died on it). */
  onGiveUp?: (tx: Tx, payload: P, error: string) => Promise<void>;
};

/** Periodic work: enqueued once per period (`day` is the Korean calendar day) across every server. */
export type Schedule = { name: string; kind: string; payload?: unknown; every: "day" | number; maxAttempts?: number };

export type RunnerOptions = {
  /** How often an idle runner looks for due jobs (default 2 s; an enqueue in this process wakes it at once). */
  pollMs?: number;
  /** How often the schedules are looked at (default 60 s, and once at start). */
  scheduleEveryMs?: number;
  /** A claim outlives the kind's time limit by this much before another worker may take the job (default 30 s). */
  lockMarginMs?: number;
  workerId?: string;
};

type Registered = Required<Pick<JobKind, "kind" | "concurrency" | "timeoutMs" | "backoffMs">> & JobKind;
type InFlight = { job: JobRow; token: string; controller: AbortController; done: Promise<void> };

class JobStoppedError extends Error {
  override name = "JobStoppedError";
}
class JobTimeoutError extends Error {
  override name = "JobTimeoutError";
}

// PGlite answers queries on the main thread: between jobs the loop lets requests (and /healthz) in.
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const EXPIRY_SWEEP_MS = 30_000;

export function periodKey(every: Schedule["every"], at = Date.now()) {
  return every === "day" ? seoulDay(at) : String(Math.floor(at / every));
}

export class JobRunner {
  readonly workerId: string;
  private readonly kinds = new Map<string, Registered>();
  private readonly schedules: Schedule[] = [];
  private readonly inFlight = new Map<number, InFlight>();
  private readonly active = new Map<string, number>();
  private readonly pollMs: number;
  private readonly scheduleEveryMs: number;
  private readonly lockMarginMs: number;
  private state: "idle" | "running" | "stopping" | "stopped" = "idle";
  /** Jobs of this runner that have ended; a claim that raced with one ending looks again before waiting. */
  private ended = 0;
  private loopDone: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(options: RunnerOptions = {}) {
    this.pollMs = options.pollMs ?? 2_000;
    this.scheduleEveryMs = options.scheduleEveryMs ?? 60_000;
    this.lockMarginMs = options.lockMarginMs ?? 30_000;
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  }

  register<P>(kind: JobKind<P>) {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind ${kind.kind} is registered twice`);
    this.kinds.set(kind.kind, {
      concurrency: 1,
      timeoutMs: 60_000,
      backoffMs: 10_000,
      ...(kind as JobKind),
    } as Registered);
    return this;
  }

  schedule(schedule: Schedule) {
    this.schedules.push(schedule);
    return this;
  }

  /**
   * Keeps only the named kinds and their schedules (JOBS=<kinds>, docs/decisions/0033): a web server may run
   * none of the heavy ones while a worker runs them. A name no kind has is refused, so a typo does not
   * silently leave a kind without any process to run it.
   */
  keepOnly(names: readonly string[]) {
    const unknown = names.filter((name) => !this.kinds.has(name));
    if (unknown.length > 0) {
      throw new Error(
        `JOBS names unknown job kinds: ${unknown.join(", ")}; known kinds: ${[...this.kinds.keys()].join(", ")} (알 수 없는 작업 종류입니다)`,
      );
    }
    for (const kind of [...this.kinds.keys()]) if (!names.includes(kind)) this.kinds.delete(kind);
    const kept = this.schedules.filter((schedule) => this.kinds.has(schedule.kind));
    this.schedules.splice(0, this.schedules.length, ...kept);
    return this;
  }

  registeredKinds() {
    return [...this.kinds.keys()];
  }

  /** Starts the loop in the background (returns at once). */
  start() {
    if (this.state !== "idle") return;
    this.state = "running";
    this.unsubscribe = onJobsEnqueued(() => this.wake());
    this.loopDone = this.loop();
  }

  /**
   * Stops claiming, gives the jobs in flight `graceMs` to finish, then aborts them and hands them back
   * to the queue (released, the attempt not counted): a job in flight is finished or released, never lost.
   */
  async stop(graceMs = 5_000) {
    if (this.state === "stopped") return;
    const wasRunning = this.state === "running";
    this.state = "stopping";
    this.unsubscribe?.();
    this.wake();
    if (wasRunning) await this.loopDone;
    const settled = () => Promise.allSettled([...this.inFlight.values()].map((f) => f.done));
    if (this.inFlight.size > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([settled(), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    }
    if (this.inFlight.size > 0) {
      const left = [...this.inFlight.values()];
      for (const flight of left) flight.controller.abort(new JobStoppedError("the server is stopping"));
      // A handler that ignores its signal still has its job handed back; its late completion then fails.
      await Promise.race([settled(), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      for (const flight of left) {
        if (!this.inFlight.has(flight.job.id)) continue;
        await releaseJob(flight.job.id, flight.token).catch((error) => log.error("job release failed", { jobId: flight.job.id, error }));
        this.inFlight.delete(flight.job.id);
      }
      log.info("jobs handed back on stop", { count: left.length });
    }
    this.state = "stopped";
  }

  /**
   * Runs due jobs until none is left, then returns how many ran (tests and scripts; no loop needed).
   * Jobs whose retry lies in the future are not waited for.
   */
  async runDue(limit = Number.POSITIVE_INFINITY): Promise<number> {
    let count = 0;
    while (count < limit) {
      const endedBefore = this.ended;
      const job = await this.claimNext();
      if (!job) {
        // A job that ended while the claim was on its way may have queued another (a run's judgement).
        if (this.ended !== endedBefore) continue;
        if (this.inFlight.size === 0) break;
        await Promise.race([...this.inFlight.values()].map((f) => f.done));
        continue;
      }
      count += 1;
      this.startJob(job);
      await yieldToEventLoop();
    }
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.done));
    return count;
  }

  /** Enqueues each schedule's job for the current period (a no-op where another server already did). */
  async enqueueScheduled(at = Date.now()) {
    for (const schedule of this.schedules) {
      await enqueueJob(schedule.kind, schedule.payload ?? {}, {
        uniqueKey: `schedule:${schedule.name}:${periodKey(schedule.every, at)}`,
        maxAttempts: schedule.maxAttempts,
      });
    }
  }

  /** Gives up the jobs whose worker died on their last attempt (their lock ran out). */
  async giveUpExpired() {
    return giveUpExpiredJobs(this.registeredKinds(), async (tx, job) => {
      const kind = this.kinds.get(job.kind);
      await this.callGiveUp(kind, tx, job.payload, job.lastError ?? "lock expired");
    });
  }

  private wake() {
    const resolve = this.wakeUp;
    this.wakeUp = undefined;
    resolve?.();
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = undefined;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async loop() {
    let lastSchedule = 0;
    let lastExpiry = 0;
    let failures = 0;
    while (this.state === "running") {
      try {
        const now = Date.now();
        if (now - lastSchedule >= this.scheduleEveryMs) {
          lastSchedule = now;
          await this.enqueueScheduled(now);
        }
        if (now - lastExpiry >= EXPIRY_SWEEP_MS) {
          lastExpiry = now;
          await this.giveUpExpired();
        }
        const endedBefore = this.ended;
        const job = this.state === "running" ? await this.claimNext() : null;
        failures = 0;
        if (job || this.ended !== endedBefore) {
          // A job that ended during the claim woke nobody (the loop was not asleep yet): look again.
          if (job) this.startJob(job);
          await yieldToEventLoop();
          continue;
        }
      } catch (error) {
        failures += 1;
        // One line per failure streak, not one per poll: a database that is down is logged once.
        if (failures === 1) log.error("job runner could not read the job table", { error });
      }
      if (this.state !== "running") break;
      await this.sleep(failures > 0 ? Math.min(this.pollMs * 2 ** failures, 60_000) : this.pollMs);
    }
  }

  private freeKinds() {
    return [...this.kinds.values()].filter((kind) => (this.active.get(kind.kind) ?? 0) < kind.concurrency);
  }

  private async claimNext() {
    const free = this.freeKinds();
    if (free.length === 0) return null;
    const token = `${this.workerId}:${randomBytes(4).toString("hex")}`;
    const lockMs = Math.max(...free.map((kind) => kind.timeoutMs)) + this.lockMarginMs;
    return claimJob(
      free.map((kind) => kind.kind),
      token,
      lockMs,
    );
  }

  private parsePayload(kind: Registered, payload: unknown) {
    return kind.parse ? kind.parse(payload) : payload;
  }

  /** The kind's give-up hook, skipped for a payload it refuses (that job never ran). */
  private async callGiveUp(kind: Registered | undefined, tx: Tx, payload: unknown, error: string) {
    if (!kind?.onGiveUp) return;
    let parsed: unknown;
    try {
      parsed = this.parsePayload(kind, payload);
    } catch {
      return;
    }
    await kind.onGiveUp(tx, parsed, error);
  }

  private startJob(job: JobRow) {
    const kind = this.kinds.get(job.kind);
    const token = job.lockedBy ?? "";
    if (!kind) return;
    const controller = new AbortController();
    this.active.set(kind.kind, (this.active.get(kind.kind) ?? 0) + 1);
    let completed = false;
    const context: JobContext = {
      job: { id: job.id, kind: job.kind, attempts: job.attempts, maxAttempts: job.maxAttempts },
      signal: controller.signal,
      complete: async (work) => {
        await completeJob(job.id, token, work);
        completed = true;
      },
    };
    const done = (async () => {
      const timer = setTimeout(() => controller.abort(new JobTimeoutError(`time limit of ${kind.timeoutMs} ms passed`)), kind.timeoutMs);
      let hardStop: ReturnType<typeof setTimeout> | undefined;
      try {
        let payload: unknown;
        try {
          payload = this.parsePayload(kind, job.payload);
        } catch (error) {
          // No retry fixes a payload the kind refuses: give it up now.
          await failJob({ ...job, attempts: job.maxAttempts }, token, `invalid payload: ${messageOf(error)}`, 0);
          log.error("job payload refused", { jobId: job.id, kind: job.kind, error });
          metrics.jobsRun.inc({ kind: job.kind, outcome: "failed" });
          return;
        }
        // A handler that ignores its signal is left behind after a further 2 s; its result can no longer count.
        const abandoned = new Promise<never>((_, reject) => {
          hardStop = setTimeout(() => reject(new JobTimeoutError(`time limit of ${kind.timeoutMs} ms passed`)), kind.timeoutMs + 2_000);
        });
        const started = performance.now();
        await Promise.race([kind.run(payload, context), abandoned]);
        if (!completed) await completeJob(job.id, token);
        metrics.jobsRun.inc({ kind: job.kind, outcome: "done" });
        log.debug("job done", { jobId: job.id, kind: job.kind, ms: Math.round(performance.now() - started) });
      } catch (error) {
        await this.afterFailure(kind, job, token, controller, error);
      } finally {
        clearTimeout(timer);
        clearTimeout(hardStop);
        this.inFlight.delete(job.id);
        this.active.set(kind.kind, (this.active.get(kind.kind) ?? 1) - 1);
        this.ended += 1;
        this.wake();
      }
    })();
    this.inFlight.set(job.id, { job, token, controller, done });
  }

  private async afterFailure(kind: Registered, job: JobRow, token: string, controller: AbortController, error: unknown) {
    if (error instanceof LostJobError) {
      log.warn("job finished after its claim ran out; its result was dropped", { jobId: job.id, kind: job.kind });
      return;
    }
    if (controller.signal.reason instanceof JobStoppedError) {
      metrics.jobsRun.inc({ kind: job.kind, outcome: "released" });
      await releaseJob(job.id, token).catch((releaseError) => log.error("job release failed", { jobId: job.id, error: releaseError }));
      return;
    }
    const message = controller.signal.reason instanceof JobTimeoutError ? controller.signal.reason.message : messageOf(error);
    const backoff = Math.min(kind.backoffMs * 2 ** Math.max(0, job.attempts - 1), MAX_BACKOFF_MS);
    const jittered = backoff * (0.8 + Math.random() * 0.4);
    try {
      const outcome = await failJob(job, token, message, jittered, (tx) => this.callGiveUp(kind, tx, job.payload, message));
      if (outcome === "failed" || outcome === "retry") metrics.jobsRun.inc({ kind: job.kind, outcome });
      if (outcome === "failed")
        log.warn("job gave up after its last attempt", { jobId: job.id, kind: job.kind, attempts: job.attempts, error: message });
      else if (outcome === "retry")
        log.warn("job attempt failed; retrying later", {
          jobId: job.id,
          kind: job.kind,
          attempts: job.attempts,
          retryInMs: Math.round(jittered),
          error: message,
        });
    } catch (failError) {
      // The claim runs out and another attempt follows: nothing is lost.
      log.error("job failure could not be recorded", { jobId: job.id, kind: job.kind, error: failError });
    }
  }
}

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/** Housekeeping: finished jobs are deleted after a while (done after 14 days, failed after 90). */
export const purgeJobsKind: JobKind<unknown> = {
  kind: "jobs.purge",
  timeoutMs: 60_000,
  run: async () => {
    const deleted = await purgeFinishedJobs();
    if (deleted > 0) log.info("finished jobs purged", { deleted });
  },
};
