import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { exactPage } from "#app/db/paging.server.ts";
import { jobs, siteCheckRuns, siteChecks, siteStatus, wholesalers } from "#app/db/schema.ts";
import { publishedOnly } from "#app/features/wholesalers/wholesalers.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import { log } from "#app/lib/log.server.ts";
import { enqueueJob, enqueueJobs, notifyJobs } from "#app/platform/jobs/job-store.server.ts";
import type { CheckResult } from "./site-check.server.ts";
import { judgeRun, type SiteStatus, statusFrom } from "./site-status.ts";

/**
 * The site checks' data (docs/decisions/0020): runs, each check's result, and each supplier's status.
 * A run's checks are provisional until the run is judged (`finishRun`): an offline run's are deleted,
 * a recorded run's update the statuses that pages show.
 */

export const SWEEP_KIND = "site-checks.sweep";
export const CHECK_KIND = "site-checks.check";
export const FINISH_KIND = "site-checks.finish";
export const CHECK_MAX_ATTEMPTS = 3;

export type RunTrigger = "schedule" | "all" | "one";

/**
 * The suppliers the checks visit: every one with a site address. When publication arrives (issue 12),
 * its condition belongs here, so that only published suppliers are checked.
 */
/** Published suppliers with a site: a supplier waiting for review is not checked on the schedule. */
const checkable = () => and(publishedOnly, ne(wholesalers.siteUrl, ""));

/**
 * Suppliers with a check job that has not finished (queued, or running now), as one subquery: PostgreSQL
 * hashes it once for `NOT IN` instead of looking at the job table once per supplier.
 */
const suppliersWithPendingCheck = () =>
  sql`(select (${jobs.payload}->>'wholesalerId')::int from ${jobs} where ${jobs.kind} = ${CHECK_KIND} and ${jobs.state} in ('queued', 'running'))`;

/** A check job that has not finished for this supplier (queued, or running now). */
const pendingCheckFor = (wholesalerId: typeof wholesalers.id | number) =>
  sql`exists (select 1 from ${jobs} where ${jobs.kind} = ${CHECK_KIND} and ${jobs.state} in ('queued', 'running') and (${jobs.payload}->>'wholesalerId')::int = ${wholesalerId})`;

/**
 * Suppliers due on `today` (a Korean calendar day): never checked; last checked `days` or more days ago;
 * or failing since their last check on an earlier day and not yet `연결 안 됨` (the second day decides).
 */
export async function dueSupplierIds(days: number, today: string): Promise<number[]> {
  const rows = await db()
    .select({ id: wholesalers.id })
    .from(wholesalers)
    .leftJoin(siteStatus, eq(siteStatus.wholesalerId, wholesalers.id))
    .where(
      and(
        checkable(),
        sql`${wholesalers.id} not in ${suppliersWithPendingCheck()}`,
        or(
          isNull(siteStatus.wholesalerId),
          lte(siteStatus.checkedDay, sql`${today}::date - ${days}::int`),
          and(eq(siteStatus.lastOutcome, "failed"), ne(siteStatus.status, "down"), sql`${siteStatus.checkedDay} < ${today}::date`),
        ),
      ),
    )
    .orderBy(wholesalers.id);
  return rows.map((row) => row.id);
}

/** Every checkable supplier without a check already waiting (전체 점검). */
export async function allCheckableIds(): Promise<number[]> {
  const rows = await db()
    .select({ id: wholesalers.id })
    .from(wholesalers)
    .where(and(checkable(), sql`${wholesalers.id} not in ${suppliersWithPendingCheck()}`))
    .orderBy(wholesalers.id);
  return rows.map((row) => row.id);
}

/** A run and one check job per supplier, in the caller's transaction (the sweep job's completion). */
export async function createRun(tx: Tx, trigger: RunTrigger, ids: number[]): Promise<number | null> {
  if (ids.length === 0) return null;
  const [run] = await tx.insert(siteCheckRuns).values({ trigger, total: ids.length }).returning({ id: siteCheckRuns.id });
  await enqueueJobs(
    tx,
    CHECK_KIND,
    ids.map((wholesalerId) => ({ runId: run!.id, wholesalerId })),
    { maxAttempts: CHECK_MAX_ATTEMPTS },
  );
  return run!.id;
}

/** Counts one finished check of a run; the last one queues the run's judgement. */
export async function countCheck(tx: Tx, runId: number) {
  const [run] = await tx
    .update(siteCheckRuns)
    .set({ done: sql`${siteCheckRuns.done} + 1` })
    .where(eq(siteCheckRuns.id, runId))
    .returning({ done: siteCheckRuns.done, total: siteCheckRuns.total });
  if (run && run.done >= run.total) await enqueueJob(FINISH_KIND, { runId }, { tx, uniqueKey: `site-check-finish:${runId}` });
}

/** Stores one check's result (provisional until its run is judged) and counts it. */
export async function recordCheck(tx: Tx, check: { runId: number; wholesalerId: number; url: string; at: Date; result: CheckResult }) {
  const { result } = check;
  await tx.insert(siteChecks).values({
    runId: check.runId,
    wholesalerId: check.wholesalerId,
    url: check.url,
    checkedAt: check.at,
    checkedDay: seoulDay(check.at),
    outcome: result.outcome,
    statusCode: result.statusCode,
    finalUrl: result.finalUrl?.slice(0, 2048) ?? null,
    errorKind: result.errorKind,
    title: result.title,
  });
  await countCheck(tx, check.runId);
}

/** The address to check, or null when the supplier is gone or has none. */
export async function siteUrlOf(wholesalerId: number): Promise<string | null> {
  const [row] = await db().select({ siteUrl: wholesalers.siteUrl }).from(wholesalers).where(eq(wholesalers.id, wholesalerId));
  return row?.siteUrl ? row.siteUrl : null;
}

/** Whether any recorded check of this server got an HTTP answer lately (it was online then). */
async function answeredRecently(days: number) {
  const [row] = await db()
    .select({ id: siteChecks.id })
    .from(siteChecks)
    .innerJoin(siteCheckRuns, and(eq(siteCheckRuns.id, siteChecks.runId), eq(siteCheckRuns.outcome, "recorded")))
    .where(and(isNotNull(siteChecks.statusCode), gt(siteChecks.checkedAt, sql`now() - ${days + 1}::int * interval '1 day'`)))
    .limit(1);
  return Boolean(row);
}

/**
 * Judges a finished run: offline (docs/spec/decisions.md 19: most checks failed the same network way) deletes its
 * checks and logs one warning; otherwise the run is recorded and its suppliers' statuses recomputed.
 * Safe to run again after a crash (the verdict is taken once; recomputing is idempotent).
 */
export async function finishRun(runId: number, { days }: { days: number }) {
  const [run] = await db().select().from(siteCheckRuns).where(eq(siteCheckRuns.id, runId));
  if (!run) return;
  let outcome = run.outcome;
  if (!outcome) {
    const results = await db()
      .select({ outcome: siteChecks.outcome, errorKind: siteChecks.errorKind })
      .from(siteChecks)
      .where(eq(siteChecks.runId, runId));
    const verdict = judgeRun(results, await answeredRecently(days));
    const decided = verdict.offline ? "offline" : "recorded";
    const taken = await db().transaction(async (tx) => {
      const rows = await tx
        .update(siteCheckRuns)
        .set({ outcome: decided, finishedAt: sql`now()` })
        .where(and(eq(siteCheckRuns.id, runId), isNull(siteCheckRuns.outcome)))
        .returning({ id: siteCheckRuns.id });
      if (rows.length > 0 && verdict.offline) await tx.delete(siteChecks).where(eq(siteChecks.runId, runId));
      return rows.length > 0;
    });
    if (!taken) return finishRun(runId, { days });
    outcome = decided;
    if (verdict.offline) {
      log.warn("site checks recorded nothing: the server seems to be offline", {
        runId,
        checks: results.length,
        errorKind: verdict.kind,
        share: Math.round(verdict.share * 100) / 100,
      });
    } else {
      const tally = (kind: string) => results.filter((r) => r.outcome === kind).length;
      log.info("site check run recorded", {
        runId,
        trigger: run.trigger,
        checks: results.length,
        ok: tally("ok"),
        moved: tally("moved"),
        parked: tally("parked"),
        failed: tally("failed"),
      });
    }
  }
  if (outcome !== "recorded") return;
  const ids = await db().selectDistinct({ id: siteChecks.wholesalerId }).from(siteChecks).where(eq(siteChecks.runId, runId));
  await recomputeStatuses(ids.map((row) => row.id));
}

// PGlite answers queries on the main thread: a big run is recomputed in small transactions with pauses.
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const HISTORY_FOR_STATUS = 60;

/** Recomputes the status rows of these suppliers from their recorded checks (site-status.ts statusFrom). */
export async function recomputeStatuses(ids: number[]) {
  for (let i = 0; i < ids.length; i += 25) {
    const batch = ids.slice(i, i + 25);
    const byId = await recentChecks(batch, HISTORY_FOR_STATUS);
    await db().transaction(async (tx) => {
      for (const id of batch) {
        const checks = byId.get(id) ?? [];
        const latest = checks[0];
        if (!latest) {
          await tx.delete(siteStatus).where(eq(siteStatus.wholesalerId, id));
          continue;
        }
        const { status, problemSince } = statusFrom(checks);
        const values = {
          status,
          lastOutcome: latest.outcome,
          lastErrorKind: latest.errorKind,
          lastStatusCode: latest.statusCode,
          lastFinalUrl: latest.finalUrl,
          checkedAt: latest.checkedAt,
          checkedDay: latest.checkedDay,
          problemSince,
        };
        await tx
          .insert(siteStatus)
          .values({ wholesalerId: id, ...values })
          .onConflictDoUpdate({ target: siteStatus.wholesalerId, set: values });
      }
    });
    await yieldToEventLoop();
  }
}

// ---- What pages read ----

export type SupplierSiteStatus = { status: SiteStatus; checkedAt: Date | null };

export async function siteStatusOf(wholesalerId: number): Promise<SupplierSiteStatus> {
  const [row] = await db()
    .select({ status: siteStatus.status, checkedAt: siteStatus.checkedAt })
    .from(siteStatus)
    .where(eq(siteStatus.wholesalerId, wholesalerId));
  return row ? { status: row.status as SiteStatus, checkedAt: row.checkedAt } : { status: "unchecked", checkedAt: null };
}

/** The suppliers among `ids` whose site is `연결 안 됨` (the /list cards say so). */
export async function downAmong(ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db()
    .select({ id: siteStatus.wholesalerId })
    .from(siteStatus)
    .where(and(inArray(siteStatus.wholesalerId, ids), eq(siteStatus.status, "down")));
  return new Set(rows.map((row) => row.id));
}

export const SITE_CHECKS_PER_PAGE = 50;

/**
 * /admin/site-checks: every supplier with its status, problems first (the newest problem first), then
 * the rest by name; with whether a check is waiting and the last few recorded checks of each row.
 */
export async function listSiteChecks({ page = 1, perPage = SITE_CHECKS_PER_PAGE } = {}) {
  const found = await exactPage(
    wholesalers,
    undefined,
    { page, perPage },
    db()
      .select({
        id: wholesalers.id,
        name: wholesalers.name,
        siteUrl: wholesalers.siteUrl,
        businessNumber: wholesalers.businessNumber,
        status: siteStatus.status,
        checkedAt: siteStatus.checkedAt,
        lastOutcome: siteStatus.lastOutcome,
        lastErrorKind: siteStatus.lastErrorKind,
        lastStatusCode: siteStatus.lastStatusCode,
        lastFinalUrl: siteStatus.lastFinalUrl,
        problemSince: siteStatus.problemSince,
        pending: sql<boolean>`${pendingCheckFor(wholesalers.id)}`,
      })
      .from(wholesalers)
      .leftJoin(siteStatus, eq(siteStatus.wholesalerId, wholesalers.id))
      .orderBy(sql`${siteStatus.problemSince} is null`, descNullsLast(siteStatus.problemSince), asc(wholesalers.name), asc(wholesalers.id))
      .$dynamic(),
  );
  const history = await recentChecks(found.items.map((row) => row.id));
  const items = found.items.map((row) => ({
    ...row,
    status: (row.status ?? "unchecked") as SiteStatus,
    pending: Boolean(row.pending),
    history: history.get(row.id) ?? [],
  }));
  return { ...found, items };
}

/** The newest recorded checks of each supplier (a supplier's check history; docs/operations.md). */
export async function recentChecks(ids: number[], perSupplier = 5) {
  const result = new Map<
    number,
    { checkedAt: Date; checkedDay: string; outcome: string; statusCode: number | null; errorKind: string | null; finalUrl: string | null }[]
  >();
  if (ids.length === 0) return result;
  const ranked = db()
    .select({
      wholesalerId: siteChecks.wholesalerId,
      checkedAt: siteChecks.checkedAt,
      checkedDay: siteChecks.checkedDay,
      outcome: siteChecks.outcome,
      statusCode: siteChecks.statusCode,
      errorKind: siteChecks.errorKind,
      finalUrl: siteChecks.finalUrl,
      rank: sql<number>`row_number() over (partition by ${siteChecks.wholesalerId} order by ${siteChecks.checkedAt} desc, ${siteChecks.id} desc)`.as(
        "rank",
      ),
    })
    .from(siteChecks)
    .innerJoin(siteCheckRuns, and(eq(siteCheckRuns.id, siteChecks.runId), eq(siteCheckRuns.outcome, "recorded")))
    .where(inArray(siteChecks.wholesalerId, ids))
    .as("ranked");
  const rows = await db().select().from(ranked).where(lte(ranked.rank, perSupplier)).orderBy(ranked.wholesalerId, ranked.rank);
  for (const { wholesalerId, rank: _rank, ...check } of rows) result.set(wholesalerId, [...(result.get(wholesalerId) ?? []), check]);
  return result;
}

// ---- What admins ask for (queued, never run inside the request) ----

export type RequestOutcome = { ok: true; message: string } | { ok: false; message: string; status: number };

/** `지금 점검` for one supplier: a run of one check. */
export async function requestCheck(wholesalerId: number): Promise<RequestOutcome> {
  const [row] = await db()
    .select({ siteUrl: wholesalers.siteUrl, pending: sql<boolean>`${pendingCheckFor(wholesalers.id)}` })
    .from(wholesalers)
    .where(eq(wholesalers.id, wholesalerId));
  if (!row) return { ok: false, status: 404, message: "해당 도매처 정보를 찾을 수 없습니다." };
  if (!row.siteUrl) return { ok: false, status: 400, message: "사이트 주소가 없는 도매처는 점검할 수 없습니다." };
  if (row.pending) return { ok: true, message: "이미 점검을 기다리고 있습니다. 잠시 후 새로 고쳐 주세요." };
  await db().transaction((tx) => createRun(tx, "one", [wholesalerId]));
  notifyJobs();
  return { ok: true, message: "점검을 예약했습니다. 잠시 후 새로 고치면 결과가 보입니다." };
}

/** `전체 점검`: one sweep job over every supplier, unless one is already queued or running. */
export async function requestCheckAll(): Promise<RequestOutcome> {
  const [busy] = await db()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, SWEEP_KIND), inArray(jobs.state, ["queued", "running"])))
    .limit(1);
  const [open] = await db()
    .select({ id: siteCheckRuns.id })
    .from(siteCheckRuns)
    .where(and(isNull(siteCheckRuns.outcome), ne(siteCheckRuns.trigger, "one"), gt(siteCheckRuns.createdAt, sql`now() - interval '1 day'`)))
    .limit(1);
  if (busy || open) return { ok: true, message: "이미 전체 점검이 진행 중입니다. 끝나면 결과가 이 목록에 보입니다." };
  await enqueueJob(SWEEP_KIND, { scope: "all" }, { maxAttempts: 3 });
  return { ok: true, message: "전체 점검을 예약했습니다. 도매처 수에 따라 몇 분 걸릴 수 있습니다." };
}

/** The latest runs, newest first (the admin page's summary line). */
export async function latestRun() {
  const [run] = await db().select().from(siteCheckRuns).orderBy(desc(siteCheckRuns.id)).limit(1);
  return run ?? null;
}
