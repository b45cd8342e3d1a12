import { z } from "zod";
import { addDays, seoulDay, startOfSeoulDay } from "#app/lib/format.ts";
import { log } from "#app/lib/log.server.ts";
import { hitRateLimit, peekRateLimit, releaseRateLimit, useUpRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import type { JobKind, JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { enqueueJobs, notifyJobs } from "#app/platform/jobs/job-store.server.ts";
import {
  type DueWindow,
  dueNumbers,
  FTC_KIND,
  NTS_KIND,
  type RegistryCharge,
  SWEEP_KIND,
  stillDue,
  storeFailure,
  storeFtcAnswer,
  storeNtsAnswer,
} from "./official-records.server.ts";
import { askFtc, askNts, NTS_BATCH, REGISTRY_TIMEOUT_MS, type RegistrySettings } from "./registry-clients.server.ts";

/**
 * The registry checks as jobs (docs/decisions/0029, docs/operations.md "Official records"), registered only
 * when DATA_GO_KR_KEY is set:
 * - `official-records.sweep`, once a Korean calendar day (the site checks' schedule) and on `전체 점검`: the
 *   numbers due for each service, as many as today's calls left allow, into jobs;
 * - `official-records.nts`: one 국세청 call for up to 100 numbers;
 * - `official-records.ftc`: 공정위 calls for up to 10 numbers, one a call, one after the other.
 * Each call first takes one of the day's calls (a counter in the database, shared by every server); when none
 * is left the numbers wait for tomorrow's sweep. A forced job (an admin's `지금 점검`, a number read from a home
 * page) asks whatever the interval. A job a manager's save caused (`chargedTo`) asks only what is still due, and
 * each of its calls also takes one of the listing's, the account's and all managers' shares of the day
 * (MANAGER_SHARES); past any of them the number waits for the sweep. A failed call is logged with its cause and
 * changes no answer.
 */

export type OfficialRecordSettings = RegistrySettings & {
  /** LINK_CHECK_DAYS: a good answer is asked again after this many days. */
  days: number;
  /** NTS_DAILY_LIMIT and FTC_DAILY_LIMIT: calls a day. */
  ntsDailyLimit: number;
  ftcDailyLimit: number;
  /** 공정위 calls one server makes at the same time (default 2). */
  ftcConcurrency?: number;
  /** Test seam: which moment (and Korean day) it is. */
  now?: () => Date;
};

export const FTC_BATCH = 10;
const numbersPayload = z.object({
  numbers: z
    .array(z.string().regex(/^\d{10}$/))
    .min(1)
    .max(NTS_BATCH),
  force: z.boolean().default(false),
  chargedTo: z.object({ wholesalerId: z.number().int().positive(), userId: z.string().min(1).max(200) }).optional(),
});
const sweepPayload = z.object({ scope: z.literal("due") });

export function dueWindow(now: Date, days: number): DueWindow {
  const today = seoulDay(now);
  return { answeredBefore: startOfSeoulDay(addDays(today, -(days - 1))), askedBefore: startOfSeoulDay(today) };
}

const budgetKey = (service: "nts" | "ftc", now: Date) => `registry-calls:${service}:${seoulDay(now)}`;
// The key names the day; the window only has to outlive it.
const BUDGET_WINDOW_MS = 2 * 24 * 3600_000;

/** Today's calls left for a service. */
export async function callsLeft(service: "nts" | "ftc", limit: number, now: Date) {
  return Math.max(0, limit - (await peekRateLimit(budgetKey(service, now))).count);
}

/**
 * The parts of a day's calls that calls caused by managers' saves may use, per service (ui-contract.md "Every
 * supplier can prove it runs its listing": no listing more than 1 %): each listing and each account 1 %, all
 * managers together 10 %, at least one call each. The sweep and admins' `지금 점검` are not charged: whatever
 * managers do, at least 90 % of the day is left for them (docs/decisions/0041).
 */
export const MANAGER_SHARES = { listing: 0.01, account: 0.01, managers: 0.1 } as const;

const shareKeys = (service: "nts" | "ftc", charge: RegistryCharge, limit: number, now: Date) => {
  const day = seoulDay(now);
  const share = (fraction: number) => Math.max(1, Math.floor(limit * fraction));
  return [
    { key: `registry-share:${service}:listing:${charge.wholesalerId}:${day}`, limit: share(MANAGER_SHARES.listing) },
    { key: `registry-share:${service}:account:${charge.userId}:${day}`, limit: share(MANAGER_SHARES.account) },
    { key: `registry-share:${service}:managers:${day}`, limit: share(MANAGER_SHARES.managers) },
  ];
};

/**
 * Takes one of today's calls, and for a manager's check one of each of its shares first: `share` or `day` when
 * one is used up (every slot taken is given back, so a refused call counts nowhere). Each slot is one atomic
 * upsert: checks at the same moment on any server never pass a share together.
 */
async function takeCall(service: "nts" | "ftc", limit: number, now: Date, charge?: RegistryCharge): Promise<"ok" | "share" | "day"> {
  if (limit <= 0) return "day";
  const taken: string[] = [];
  const giveBack = async () => {
    for (const key of taken) await releaseRateLimit(key);
  };
  for (const share of charge ? shareKeys(service, charge, limit, now) : []) {
    taken.push(share.key);
    if (!(await hitRateLimit(share.key, share.limit, BUDGET_WINDOW_MS)).allowed) {
      await giveBack();
      return "share";
    }
  }
  if (!(await hitRateLimit(budgetKey(service, now), limit, BUDGET_WINDOW_MS)).allowed) {
    taken.push(budgetKey(service, now));
    await giveBack();
    return "day";
  }
  return "ok";
}

/** Why a call was not made, for the log. */
const NOT_CALLED = {
  share: "the manager's share of today's calls is used up; the number waits for the sweep",
  day: "daily call limit reached; the numbers wait for tomorrow",
} as const;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

// PGlite answers queries on the main thread: the jobs pause between numbers.
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Failures that say the service (or our network) is down rather than something about one number. */
const SERVICE_DOWN = new Set(["timeout", "network"]);
/** After such a failure the service's other queued calls wait this long (they finish at once, their numbers stay due). */
export const PAUSE_AFTER_OUTAGE_MS = 10 * 60_000;

export function registerOfficialRecords(runner: JobRunner, settings: OfficialRecordSettings) {
  const context: RegistryJobContext = {
    settings,
    now: settings.now ?? (() => new Date()),
    callTimeout: settings.timeoutMs ?? REGISTRY_TIMEOUT_MS,
    outages: new ServiceOutages(),
  };
  runner.register(sweepKind(context));
  runner.register(ntsKind(context));
  runner.register(ftcKind(context));
  runner.schedule({ name: "official-records", kind: SWEEP_KIND, payload: { scope: "due" }, every: "day", maxAttempts: 3 });
}

type RegistryJobContext = {
  settings: OfficialRecordSettings;
  now: () => Date;
  callTimeout: number;
  outages: ServiceOutages;
};

/**
 * A service that timed out or could not be reached is not called again for a while (one process's view): a day's
 * thousands of queued calls would otherwise each wait out their timeout and log the same line.
 */
class ServiceOutages {
  private readonly pausedUntil = { nts: 0, ftc: 0 };
  paused(service: "nts" | "ftc") {
    return Date.now() < this.pausedUntil[service];
  }
  noteFailure(service: "nts" | "ftc", cause: string) {
    if (SERVICE_DOWN.has(cause)) this.pausedUntil[service] = Date.now() + PAUSE_AFTER_OUTAGE_MS;
  }
}

/** The sweep: the numbers due for each service, as many as today's calls left allow, into call jobs. */
function sweepKind({ settings, now }: RegistryJobContext): JobKind<z.infer<typeof sweepPayload>> {
  return {
    kind: SWEEP_KIND,
    timeoutMs: 120_000,
    parse: (payload) => sweepPayload.parse(payload),
    run: async (_payload, job) => {
      const at = now();
      const window = dueWindow(at, settings.days);
      const ntsCalls = await callsLeft("nts", settings.ntsDailyLimit, at);
      const ftcCalls = await callsLeft("ftc", settings.ftcDailyLimit, at);
      const nts = await dueNumbers("nts", window, ntsCalls * NTS_BATCH);
      const ftc = await dueNumbers("ftc", window, ftcCalls);
      await job.complete(async (tx) => {
        await enqueueJobs(
          tx,
          NTS_KIND,
          chunks(nts, NTS_BATCH).map((numbers) => ({ numbers, force: false })),
          { maxAttempts: 2 },
        );
        await enqueueJobs(
          tx,
          FTC_KIND,
          chunks(ftc, FTC_BATCH).map((numbers) => ({ numbers, force: false })),
          { maxAttempts: 2 },
        );
      });
      notifyJobs();
      log.info("official records sweep", {
        ntsNumbers: nts.length,
        ftcNumbers: ftc.length,
        ntsCallsLeft: ntsCalls,
        ftcCallsLeft: ftcCalls,
      });
    },
  };
}

/** One 국세청 call for up to 100 numbers: each answer stored, a number left out of the answer stored as a failure. */
function ntsKind({ settings, now, callTimeout, outages }: RegistryJobContext): JobKind<z.infer<typeof numbersPayload>> {
  return {
    kind: NTS_KIND,
    concurrency: 1,
    timeoutMs: callTimeout + 30_000,
    backoffMs: 10 * 60_000,
    parse: (payload) => numbersPayload.parse(payload),
    run: async ({ numbers, force, chargedTo }, job) => {
      const at = now();
      const ask = force ? numbers : await stillDue("nts", numbers, dueWindow(at, settings.days));
      if (ask.length === 0 || outages.paused("nts")) return;
      const taken = await takeCall("nts", settings.ntsDailyLimit, at, chargedTo);
      if (taken !== "ok") {
        log.info(`official records: 국세청 ${NOT_CALLED[taken]}`, { numbers: ask.length, wholesalerId: chargedTo?.wholesalerId });
        return;
      }
      const answer = await askNts(ask, settings, job.signal);
      // Stopped or out of time: the runner hands the job back or retries it; nothing is stored.
      if (job.signal.aborted) throw job.signal.reason;
      if (!answer.ok) {
        if (answer.cause === "rate-limited") await useUpRateLimit(budgetKey("nts", at), settings.ntsDailyLimit, BUDGET_WINDOW_MS);
        await storeFailure("nts", ask, answer.cause, at);
        outages.noteFailure("nts", answer.cause);
        log.warn("official records: 국세청 call failed; the last good answers stay", {
          cause: answer.cause,
          detail: answer.detail,
          status: answer.status,
          numbers: ask.length,
        });
        return;
      }
      const unanswered: string[] = [];
      for (const number of ask) {
        const record = answer.records.get(number);
        if (record) await storeNtsAnswer(record, at);
        else unanswered.push(number);
        await yieldToEventLoop();
      }
      if (unanswered.length) {
        await storeFailure("nts", unanswered, "unanswered", at);
        log.warn("official records: 국세청 left asked numbers out of its answer", { numbers: unanswered.length });
      }
    },
  };
}

/** 공정위 calls for up to 10 numbers, one a call, one after the other; a 429 ends the day's calls. */
function ftcKind({ settings, now, callTimeout, outages }: RegistryJobContext): JobKind<z.infer<typeof numbersPayload>> {
  return {
    kind: FTC_KIND,
    concurrency: settings.ftcConcurrency ?? 2,
    timeoutMs: FTC_BATCH * (callTimeout + 2_000) + 30_000,
    backoffMs: 10 * 60_000,
    parse: (payload) => numbersPayload.parse(payload),
    run: async ({ numbers, force, chargedTo }, job) => {
      const at = now();
      const ask = force ? numbers : await stillDue("ftc", numbers, dueWindow(at, settings.days));
      for (const number of ask) {
        if (outages.paused("ftc")) return;
        const taken = await takeCall("ftc", settings.ftcDailyLimit, at, chargedTo);
        if (taken !== "ok") {
          log.info(`official records: 공정위 ${NOT_CALLED[taken]}`, { numbers: ask.length, wholesalerId: chargedTo?.wholesalerId });
          return;
        }
        const answer = await askFtc(number, settings, job.signal);
        if (job.signal.aborted) throw job.signal.reason;
        if (!answer.ok) {
          await storeFailure("ftc", [number], answer.cause, at);
          outages.noteFailure("ftc", answer.cause);
          log.warn("official records: 공정위 call failed; the last good answer stays", {
            cause: answer.cause,
            detail: answer.detail,
            status: answer.status,
          });
          if (answer.cause === "rate-limited") {
            await useUpRateLimit(budgetKey("ftc", at), settings.ftcDailyLimit, BUDGET_WINDOW_MS);
            return;
          }
          continue;
        }
        await storeFtcAnswer(answer.record, at);
        await yieldToEventLoop();
      }
    },
  };
}
