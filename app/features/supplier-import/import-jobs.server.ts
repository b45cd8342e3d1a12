import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/db/client.server.ts";
import { importRuns } from "#app/db/schema.ts";
import { log } from "#app/lib/log.server.ts";
import { requestImagesAfterSave } from "#app/platform/images/images.server.ts";
import type { JobKind, JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { enqueueJob, notifyJobs } from "#app/platform/jobs/job-store.server.ts";
import type { Actor } from "../wholesalers/wholesaler-history.server.ts";
import { applyImportPart, type ImportPartCounts, type ImportReport, reportOfParts } from "./wholesaler-import.server.ts";
import { parseImportText } from "./wholesaler-import-file.ts";
import { IMPORT_PART_ROWS } from "./wholesaler-import-limits.ts";

/**
 * Long imports (docs/decisions/0054): a file of more than IMPORT_JOB_ROWS rows is applied by `wholesalers.import`
 * jobs, IMPORT_PART_ROWS rows a job. Each job writes its part, moves the run's `done` and queues the next part in one
 * transaction that also marks the job done (the runner's `complete`): a server stopped or killed in the middle of a
 * part loses that part's transaction only, and the job (handed back, or taken over once its claim runs out) does the
 * part again from the stored `done`. /admin/import reads the run to show `가져오는 중 <n>/<total>`, then the report.
 */

export const IMPORT_JOB_KIND = "wholesalers.import";

const payloadSchema = z.object({ runId: z.number().int().positive() });

export type ImportRunView = {
  id: number;
  fileName: string;
  total: number;
  done: number;
  state: "running" | "done" | "failed";
  report: ImportReport | null;
  error: string | null;
};

/**
 * Stores a long import and queues its first part, in one transaction: the run exists only with its job. Returns the
 * run's id (the page shows it at `/admin/import?run=<id>`).
 */
export async function startImportRun(input: {
  content: string;
  fileName: string;
  total: number;
  choice: { rows: number[]; fields: string[] };
  actor: Actor;
}): Promise<number> {
  const id = await db().transaction(async (tx) => {
    const [run] = await tx
      .insert(importRuns)
      .values({ content: input.content, fileName: input.fileName, total: input.total, choice: input.choice, actor: input.actor })
      .returning({ id: importRuns.id });
    await enqueueJob(IMPORT_JOB_KIND, { runId: run!.id }, { tx, uniqueKey: `import:${run!.id}:0` });
    return run!.id;
  });
  notifyJobs();
  return id;
}

/** A run as the page shows it, or null. */
export async function importRunOf(id: number): Promise<ImportRunView | null> {
  const [run] = await db()
    .select({
      id: importRuns.id,
      fileName: importRuns.fileName,
      total: importRuns.total,
      done: importRuns.done,
      state: importRuns.state,
      report: importRuns.report,
      error: importRuns.error,
    })
    .from(importRuns)
    .where(eq(importRuns.id, id));
  if (!run) return null;
  const state = run.state === "done" || run.state === "failed" ? run.state : "running";
  return { ...run, state, report: state === "done" ? (run.report as ImportReport) : null };
}

const countsOf = (report: Record<string, number>): ImportPartCounts => ({
  added: report.added ?? 0,
  changed: report.changed ?? 0,
  review: report.review ?? 0,
});

/** One part of a run: rows `done + 1` to `done + IMPORT_PART_ROWS`. */
export const importJobKind: JobKind<z.infer<typeof payloadSchema>> = {
  kind: IMPORT_JOB_KIND,
  // A part decides the whole file again (at most 5,000 rows against every stored supplier) and writes 100 rows.
  timeoutMs: 120_000,
  parse: (payload) => payloadSchema.parse(payload),
  run: async ({ runId }, job) => {
    const [run] = await db().select().from(importRuns).where(eq(importRuns.id, runId));
    // A run that ended (or is gone: a backup restored without it) has nothing left to do.
    if (run?.state !== "running") return;
    const parsed = parseImportText(run.content, run.fileName);
    const from = run.done + 1;
    const to = Math.min(run.done + IMPORT_PART_ROWS, run.total);
    // Set inside the transaction when this part was the last: the whole file's report.
    const outcome: { report: ImportReport | null } = { report: null };
    await job.complete(async (tx) => {
      // The run as this transaction sees it, held until it commits: a part is written once, after the one before.
      const [now] = await tx
        .select({ done: importRuns.done, state: importRuns.state, report: importRuns.report })
        .from(importRuns)
        .where(eq(importRuns.id, runId))
        .for("update");
      if (now?.state !== "running" || now.done !== run.done) return;
      if (!parsed.ok) {
        // The text was read when the run started; a file that no longer reads stops the run, saying why.
        await tx
          .update(importRuns)
          .set({ state: "failed", error: parsed.error, content: "", finishedAt: sql`now()` })
          .where(eq(importRuns.id, runId));
        return;
      }
      const choice = { rows: new Set(run.choice.rows), fields: new Set(run.choice.fields) };
      const part = await applyImportPart(tx, parsed.rows, choice, run.actor, { from, to });
      const sum = countsOf(now.report);
      const counts = {
        added: sum.added + part.counts.added,
        changed: sum.changed + part.counts.changed,
        review: sum.review + part.counts.review,
      };
      const finished = to >= run.total;
      outcome.report = finished ? reportOfParts(run.total, counts, part.refused) : null;
      await tx
        .update(importRuns)
        .set(
          outcome.report
            ? { done: to, state: "done", report: outcome.report, content: "", finishedAt: sql`now()` }
            : { done: to, report: counts },
        )
        .where(eq(importRuns.id, runId));
      if (!finished) await enqueueJob(IMPORT_JOB_KIND, { runId }, { tx, uniqueKey: `import:${runId}:${to}` });
    });
    notifyJobs();
    // The logos of this part's rows, once they exist (a crash before this is caught up at the next start).
    if (parsed.ok)
      await requestImagesAfterSave(parsed.rows.filter((row) => row.row >= from && row.row <= to).map((row) => row.values.logoUrl));
    if (outcome.report) log.info("wholesaler import applied", { runId, ...outcome.report });
  },
  // The last attempt failed: the run stops where it got to, and the page says so.
  onGiveUp: async (tx, { runId }, error) => {
    await tx
      .update(importRuns)
      .set({ state: "failed", error: error.slice(0, 500), content: "", finishedAt: sql`now()` })
      .where(eq(importRuns.id, runId));
  },
};

export function registerImportJobs(jobs: JobRunner) {
  jobs.register(importJobKind);
}
