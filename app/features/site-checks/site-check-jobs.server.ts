import { z } from "zod";
import { storePageFacts } from "#app/features/official-records/official-records.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import type { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { notifyJobs } from "#app/platform/jobs/job-store.server.ts";
import { checkSite, SITE_CHECK_TIMEOUT_MS, type SiteCheckOptions } from "./site-check.server.ts";
import {
  allCheckableIds,
  CHECK_KIND,
  countCheck,
  createRun,
  dueSupplierIds,
  FINISH_KIND,
  finishRun,
  recordCheck,
  SWEEP_KIND,
  siteUrlOf,
} from "./site-checks.server.ts";

/**
 * The site checks as jobs (docs/operations.md "Site checks"):
 * - `site-checks.sweep`, enqueued once a Korean calendar day by the schedule (and by `전체 점검`): starts a
 *   run with one check job per due supplier;
 * - `site-checks.check`, four at a time per server: fetches one site and stores the result;
 * - `site-checks.finish`, queued by a run's last check: judges the run (offline or recorded).
 */

const sweepPayload = z.object({ scope: z.enum(["due", "all"]) });
const checkPayload = z.object({ runId: z.number().int().positive(), wholesalerId: z.number().int().positive() });
const finishPayload = z.object({ runId: z.number().int().positive() });

export type SiteCheckSettings = {
  /** LINK_CHECK_DAYS: days between two checks of one supplier. */
  days: number;
  /** Checks one server runs at the same time (default 4). */
  concurrency?: number;
  /** Test seams: stub DNS or network, shorter limits, and a clock for "which day is it". */
  fetch?: SiteCheckOptions;
  now?: () => Date;
};

export function registerSiteChecks(runner: JobRunner, settings: SiteCheckSettings) {
  const now = settings.now ?? (() => new Date());

  runner.register({
    kind: SWEEP_KIND,
    timeoutMs: 120_000,
    parse: (payload) => sweepPayload.parse(payload),
    run: async ({ scope }, job) => {
      const ids = scope === "all" ? await allCheckableIds() : await dueSupplierIds(settings.days, seoulDay(now()));
      // The run and its checks exist exactly when this sweep counts as done.
      await job.complete(async (tx) => {
        await createRun(tx, scope === "all" ? "all" : "schedule", ids);
      });
      notifyJobs();
    },
  });

  runner.register({
    kind: CHECK_KIND,
    concurrency: settings.concurrency ?? 4,
    timeoutMs: (settings.fetch?.timeoutMs ?? SITE_CHECK_TIMEOUT_MS) + 10_000,
    backoffMs: 60_000,
    parse: (payload) => checkPayload.parse(payload),
    run: async ({ runId, wholesalerId }, job) => {
      const url = await siteUrlOf(wholesalerId);
      if (!url) {
        // Deleted or emptied since the run began: nothing to check, but the run still counts it.
        await job.complete((tx) => countCheck(tx, runId));
        return;
      }
      const result = await checkSite(url, { ...settings.fetch, signal: job.signal });
      // Stopped or out of time while fetching: the runner hands the job back or retries it; nothing is stored.
      if (job.signal.aborted) throw job.signal.reason;
      const at = now();
      await job.complete(async (tx) => {
        await recordCheck(tx, { runId, wholesalerId, url, at, result });
        // What the page shows of its 사업자 정보 (features/official-records), in the same transaction.
        if (result.facts) await storePageFacts(tx, { wholesalerId, url: result.finalUrl ?? url, at, facts: result.facts });
      });
    },
    // A check that could not be stored after its attempts still counts, so its run is judged.
    onGiveUp: async (tx, { runId }) => countCheck(tx, runId),
  });

  runner.register({
    kind: FINISH_KIND,
    timeoutMs: 300_000,
    parse: (payload) => finishPayload.parse(payload),
    run: async ({ runId }) => finishRun(runId, { days: settings.days }),
  });

  runner.schedule({ name: "site-checks", kind: SWEEP_KIND, payload: { scope: "due" }, every: "day", maxAttempts: 3 });
}
