import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import { exactPage } from "#app/db/paging.server.ts";
import { jobs, officialRecords, recordIssues, wholesalers } from "#app/db/schema.ts";
import { type Actor, recordChanges } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { publishedOnly } from "#app/features/wholesalers/wholesalers.server.ts";
import { env } from "#app/lib/env.server.ts";
import { enqueueJob, notifyJobs } from "#app/platform/jobs/job-store.server.ts";
import { domainMatches, siteKeyOf } from "./declared-domains.ts";
import { namesShareWord, type PageFacts } from "./page-facts.ts";
import type { RecordAnswers, RecordNumber } from "./record-rows.ts";
import { type BusinessAlert, HISTORY_STATE_WORDS, type IssueReason } from "./record-words.ts";
import type { FtcRecord, NtsRecord } from "./registry-answers.ts";

/**
 * The official records' data (docs/decisions/0029): per supplier, the last good answer of each registry, what
 * the home page said, the verified pair that drives the `사업자 확인` filter, and the /admin/records queue. Every
 * write goes through `refresh` in the same transaction, so the queue and the filter never disagree with the
 * answers. A change of the 국세청 state is written to the supplier's change history in that transaction too:
 *
 *   source `official-records`, actor label `공식 기록 확인`, changes `[{ field: "ntsState", before, after }]`
 *   with the registry's words (`계속사업자`, `휴업자`, `폐업자`, `등록되지 않은 번호`, "" before any answer).
 *
 * That row is the event the 찜 alerts read (docs/operations.md "Official records").
 */

export const SWEEP_KIND = "official-records.sweep";
export const NTS_KIND = "official-records.nts";
export const FTC_KIND = "official-records.ftc";
export const HISTORY_SOURCE = "official-records";
export const RECORDS_ACTOR: Actor = { id: null, label: "공식 기록 확인" };
export const PAGE_ACTOR: Actor = { id: null, label: "사이트 점검" };

type Service = "nts" | "ftc";
type Row = typeof officialRecords.$inferSelect;

/** Whether the registry checks are on: the operator gave DATA_GO_KR_KEY. */
export function recordsEnabled() {
  return Boolean(env().DATA_GO_KR_KEY);
}

/** The registry part of a row, as before any answer (a new number starts from nothing). */
const NO_ANSWERS = {
  ntsState: null,
  ntsStateName: null,
  ntsStateCode: null,
  taxType: null,
  taxTypeCode: null,
  closedOn: null,
  ntsCheckedAt: null,
  ntsAskedAt: null,
  ntsFailure: null,
  ntsAnswer: null,
  mailOrderFound: null,
  mailOrderNumber: null,
  mailOrderState: null,
  declaredDomains: [] as string[],
  ftcCheckedAt: null,
  ftcAskedAt: null,
  ftcFailure: null,
  ftcAnswer: null,
  verifiedFor: null,
} satisfies Partial<Row>;

/** The supplier's row, locked; created when missing, and emptied of answers about another number when `number` is given. */
async function lockedRow(tx: Tx, wholesalerId: number, number?: string): Promise<Row> {
  await tx
    .insert(officialRecords)
    .values({ wholesalerId, businessNumber: number ?? null })
    .onConflictDoNothing();
  const [row] = await tx.select().from(officialRecords).where(eq(officialRecords.wholesalerId, wholesalerId)).for("update");
  if (number === undefined || row!.businessNumber === number) return row!;
  const [reset] = await tx
    .update(officialRecords)
    .set({ ...NO_ANSWERS, businessNumber: number, updatedAt: new Date() })
    .where(eq(officialRecords.wholesalerId, wholesalerId))
    .returning();
  return reset!;
}

/**
 * Every supplier with this number (a number two listings share is asked about once and answers both), locked.
 * Every write here locks the supplier's row before its records row, in that order, as a site check's
 * `storePageFacts` and an admin's save do: two writers never wait for each other in opposite orders.
 */
async function suppliersWith(tx: Tx, number: string) {
  const rows = await tx
    .select({ id: wholesalers.id })
    .from(wholesalers)
    .where(eq(wholesalers.businessNumber, number))
    .orderBy(wholesalers.id)
    .for("update");
  return rows.map((row) => row.id);
}

/** The answers of a row when they are about the supplier's current number, else null (shown as `확인 전`). */
function answersFor(row: Row | null | undefined, businessNumber: string | null): Row | null {
  return row && businessNumber && row.businessNumber === businessNumber ? row : null;
}

/** Whether the answers verify the pair (number, site): 계속사업자, 정상영업 and a declared domain that is the site. */
function verifiedPair(answers: Row | null, businessNumber: string | null, siteUrl: string) {
  if (!answers || !businessNumber) return null;
  const verified =
    answers.ntsCheckedAt !== null &&
    answers.ntsState === "active" &&
    answers.ftcCheckedAt !== null &&
    answers.mailOrderFound === true &&
    answers.mailOrderState === "정상영업" &&
    domainMatches(answers.declaredDomains, siteUrl) === true;
  return verified ? `${businessNumber} ${siteUrl}` : null;
}

/** The 공정위's 상호 (bzmnNm) in the stored answer, or null. */
function ftcTradeName(answers: Row | null) {
  const answer = answers?.ftcCheckedAt && answers.mailOrderFound ? answers.ftcAnswer : null;
  const name = answer && typeof answer === "object" ? (answer as Record<string, unknown>).bzmnNm : null;
  return typeof name === "string" && name.trim() ? name.trim() : null;
}

/**
 * `상호 불일치`: the names the home page's 사업자 정보 and the 공정위 give the business (those known), when none of
 * them shares a word with the supplier's name (page-facts.ts `namesShareWord`); null when they agree or none is known.
 */
function nameMismatchOf(row: Row | null, answers: Row | null, supplierName: string) {
  const page = row?.pageTradeName?.trim() || null;
  const ftc = ftcTradeName(answers);
  if (!supplierName.trim() || (!page && !ftc)) return null;
  if ([page, ftc].some((name) => name && namesShareWord(name, supplierName))) return null;
  return [page && `사이트 상호 ${page}`, ftc && `공정위 상호 ${ftc}`].filter(Boolean).join(" · ").slice(0, 500);
}

/** The /admin/records reasons the answers and the page give now, each with what it is about. */
function reasonsOf(
  row: Row | null,
  answers: Row | null,
  { businessNumber, siteUrl, name }: { businessNumber: string | null; siteUrl: string; name: string },
): Map<IssueReason, string> {
  const reasons = new Map<IssueReason, string>();
  if (answers?.ntsCheckedAt && (answers.ntsState === "closed" || answers.ntsState === "suspended" || answers.ntsState === "unregistered")) {
    reasons.set(answers.ntsState, answers.closedOn ?? "");
  }
  if (answers?.ftcCheckedAt && answers.mailOrderFound === false) reasons.set("no-mail-order", "");
  if (answers?.ftcCheckedAt && answers.mailOrderFound && domainMatches(answers.declaredDomains, siteUrl) === false) {
    const site = siteKeyOf(siteUrl);
    reasons.set("domain-mismatch", `${answers.declaredDomains.join(" ")} | ${site?.host ?? ""}/${site?.path ?? ""}`.slice(0, 500));
  }
  if (row?.pageNumber && businessNumber && row.pageNumber !== businessNumber) reasons.set("number-mismatch", row.pageNumber);
  const names = nameMismatchOf(row, answers, name);
  if (names) reasons.set("name-mismatch", names);
  return reasons;
}

/**
 * Brings what is derived from a supplier's records up to date, in the caller's transaction: the verified pair
 * (official_records.verified_for, copied to wholesalers.records_verified_for while the checks are on) and the
 * supplier's /admin/records items (a reason that went away is deleted; a new one, or one whose subject changed,
 * is open from `at`; an acknowledged one that still holds stays acknowledged).
 */
async function refresh(tx: Tx, wholesalerId: number, at: Date) {
  const [supplier] = await tx
    .select({
      businessNumber: wholesalers.businessNumber,
      siteUrl: wholesalers.siteUrl,
      name: wholesalers.name,
      verifiedFor: wholesalers.recordsVerifiedFor,
    })
    .from(wholesalers)
    .where(eq(wholesalers.id, wholesalerId))
    .for("update");
  if (!supplier) return;
  const [row] = await tx.select().from(officialRecords).where(eq(officialRecords.wholesalerId, wholesalerId));
  const answers = answersFor(row, supplier.businessNumber);
  const verified = verifiedPair(answers, supplier.businessNumber, supplier.siteUrl);
  if (row && row.verifiedFor !== verified) {
    await tx.update(officialRecords).set({ verifiedFor: verified }).where(eq(officialRecords.wholesalerId, wholesalerId));
  }
  const shown = recordsEnabled() ? verified : null;
  if (supplier.verifiedFor !== shown)
    await tx.update(wholesalers).set({ recordsVerifiedFor: shown }).where(eq(wholesalers.id, wholesalerId));

  const wanted = reasonsOf(row ?? null, answers, supplier);
  const existing = await tx
    .select({ reason: recordIssues.reason, detail: recordIssues.detail })
    .from(recordIssues)
    .where(eq(recordIssues.wholesalerId, wholesalerId));
  const gone = existing.filter((issue) => !wanted.has(issue.reason as IssueReason)).map((issue) => issue.reason);
  if (gone.length)
    await tx.delete(recordIssues).where(and(eq(recordIssues.wholesalerId, wholesalerId), inArray(recordIssues.reason, gone)));
  for (const [reason, detail] of wanted) {
    const before = existing.find((issue) => issue.reason === reason);
    if (!before) await tx.insert(recordIssues).values({ wholesalerId, reason, detail, since: at });
    else if (before.detail !== detail) {
      await tx
        .update(recordIssues)
        .set({ detail, since: at, acknowledgedAt: null, acknowledgedBy: null })
        .where(and(eq(recordIssues.wholesalerId, wholesalerId), eq(recordIssues.reason, reason)));
    }
  }
}

const stateWords = (state: string | null) => (state ? (HISTORY_STATE_WORDS[state as keyof typeof HISTORY_STATE_WORDS] ?? state) : "");

// ---- Answers, failures and page readings ----

/** Stores a good 국세청 answer for every supplier with this number; a change of state goes into their history. */
export async function storeNtsAnswer(record: NtsRecord, at: Date) {
  await db().transaction(async (tx) => {
    for (const wholesalerId of await suppliersWith(tx, record.number)) {
      const row = await lockedRow(tx, wholesalerId, record.number);
      const previous = row.ntsCheckedAt ? row.ntsState : null;
      await tx
        .update(officialRecords)
        .set({
          ntsState: record.state,
          ntsStateName: record.stateName,
          ntsStateCode: record.stateCode,
          taxType: record.taxType,
          taxTypeCode: record.taxTypeCode,
          closedOn: record.closedOn,
          ntsCheckedAt: at,
          ntsAskedAt: at,
          ntsFailure: null,
          ntsAnswer: record.answer,
          updatedAt: at,
        })
        .where(eq(officialRecords.wholesalerId, wholesalerId));
      // The first answer is news only when it is not 계속사업자; every later change is.
      if (previous !== record.state && (previous !== null || record.state !== "active")) {
        await recordChanges(tx, {
          wholesalerId,
          action: "update",
          source: HISTORY_SOURCE,
          actor: RECORDS_ACTOR,
          before: { ntsState: stateWords(previous) },
          after: { ntsState: stateWords(record.state) },
        });
      }
      await refresh(tx, wholesalerId, at);
    }
  });
}

/** Stores a good 공정위 answer (a 신고, or none) for every supplier with this number. */
export async function storeFtcAnswer(record: FtcRecord, at: Date) {
  await db().transaction(async (tx) => {
    for (const wholesalerId of await suppliersWith(tx, record.number)) {
      await lockedRow(tx, wholesalerId, record.number);
      await tx
        .update(officialRecords)
        .set({
          mailOrderFound: record.found,
          mailOrderNumber: record.found ? record.mailOrderNumber : null,
          mailOrderState: record.found ? record.mailOrderState : null,
          declaredDomains: record.found ? record.declaredDomains : [],
          ftcCheckedAt: at,
          ftcAskedAt: at,
          ftcFailure: null,
          ftcAnswer: record.answer,
          updatedAt: at,
        })
        .where(eq(officialRecords.wholesalerId, wholesalerId));
      await refresh(tx, wholesalerId, at);
    }
  });
}

/**
 * A call that gave no usable answer: the last good answer stays as it was; only when the number was asked and
 * why it failed are kept (so it is not asked again the same day, and admins can see why).
 */
export async function storeFailure(service: Service, numbers: readonly string[], cause: string, at: Date) {
  const set = service === "nts" ? { ntsAskedAt: at, ntsFailure: cause.slice(0, 60) } : { ftcAskedAt: at, ftcFailure: cause.slice(0, 60) };
  for (const number of numbers) {
    await db().transaction(async (tx) => {
      for (const wholesalerId of await suppliersWith(tx, number)) {
        await lockedRow(tx, wholesalerId, number);
        await tx.update(officialRecords).set(set).where(eq(officialRecords.wholesalerId, wholesalerId));
      }
    });
  }
}

/**
 * What the site check read on a supplier's home page, in the check's transaction. A supplier without a number
 * gets the page's (with the page and the moment as its source, recorded in its history); a different number
 * never replaces a stored one: it becomes a `사업자등록번호 불일치` item.
 */
export async function storePageFacts(
  tx: Tx,
  { wholesalerId, url, at, facts }: { wholesalerId: number; url: string; at: Date; facts: PageFacts },
) {
  const pageUrl = url.slice(0, 2048);
  // Most pages say what they said last time (or nothing, for a supplier never read): one read, at most one write.
  const [seen] = await tx
    .select({
      number: wholesalers.businessNumber,
      row: officialRecords.wholesalerId,
      pageNumber: officialRecords.pageNumber,
      pageMailOrderNumber: officialRecords.pageMailOrderNumber,
      pageTradeName: officialRecords.pageTradeName,
    })
    .from(wholesalers)
    .leftJoin(officialRecords, eq(officialRecords.wholesalerId, wholesalers.id))
    .where(eq(wholesalers.id, wholesalerId));
  if (!seen) return;
  const unchanged =
    seen.row === null
      ? facts.businessNumber === null && facts.mailOrderNumber === null && facts.tradeName === null
      : seen.pageNumber === facts.businessNumber &&
        seen.pageMailOrderNumber === facts.mailOrderNumber &&
        seen.pageTradeName === facts.tradeName;
  if (unchanged && !(facts.businessNumber && !seen.number)) {
    if (seen.row !== null)
      await tx.update(officialRecords).set({ pageUrl, pageReadAt: at }).where(eq(officialRecords.wholesalerId, wholesalerId));
    return;
  }
  const [supplier] = await tx.select().from(wholesalers).where(eq(wholesalers.id, wholesalerId)).for("update");
  if (!supplier) return;
  await lockedRow(tx, wholesalerId);
  const adopt = facts.businessNumber && !supplier.businessNumber ? facts.businessNumber : null;
  await tx
    .update(officialRecords)
    .set({
      pageNumber: facts.businessNumber,
      pageMailOrderNumber: facts.mailOrderNumber,
      pageTradeName: facts.tradeName?.slice(0, 100) ?? null,
      pageUrl,
      pageReadAt: at,
      ...(adopt ? { numberSourceUrl: pageUrl, numberSourceAt: at } : {}),
    })
    .where(eq(officialRecords.wholesalerId, wholesalerId));
  if (adopt) {
    const [after] = await tx
      .update(wholesalers)
      .set({ businessNumber: adopt, updatedAt: at })
      .where(eq(wholesalers.id, wholesalerId))
      .returning();
    await recordChanges(tx, { wholesalerId, action: "update", source: "site-check", actor: PAGE_ACTOR, before: supplier, after: after! });
    if (recordsEnabled()) await enqueueChecksOf(tx, adopt);
  }
  await refresh(tx, wholesalerId, at);
}

// ---- What the checks ask about ----

export type DueWindow = {
  /** A good answer before this is old: the number is asked again (LINK_CHECK_DAYS). */
  answeredBefore: Date;
  /** A number asked after this (today, Korean calendar) is not asked again today, whatever the outcome. */
  askedBefore: Date;
};

function serviceColumns(service: Service) {
  return service === "nts"
    ? { checked: officialRecords.ntsCheckedAt, asked: officialRecords.ntsAskedAt }
    : { checked: officialRecords.ftcCheckedAt, asked: officialRecords.ftcAskedAt };
}

/**
 * A number is due for a service when a published supplier has it and its records are not about it yet, or the
 * last good answer is older than the check interval and it was not asked today. Oldest answers first.
 */
function dueCondition(service: Service, window: DueWindow) {
  const { checked, asked } = serviceColumns(service);
  return or(
    isNull(officialRecords.wholesalerId),
    sql`${officialRecords.businessNumber} is distinct from ${wholesalers.businessNumber}`,
    and(or(isNull(checked), lt(checked, window.answeredBefore)), or(isNull(asked), lt(asked, window.askedBefore))),
  );
}

export async function dueNumbers(service: Service, window: DueWindow, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const { checked } = serviceColumns(service);
  const rows = await db()
    .select({ number: wholesalers.businessNumber })
    .from(wholesalers)
    .leftJoin(officialRecords, eq(officialRecords.wholesalerId, wholesalers.id))
    .where(and(publishedOnly, isNotNull(wholesalers.businessNumber), dueCondition(service, window)))
    .groupBy(wholesalers.businessNumber)
    .orderBy(sql`min(coalesce(${checked}, '-infinity'::timestamptz))`, wholesalers.businessNumber)
    .limit(limit);
  return rows.map((row) => row.number!);
}

/** Of `numbers`, those still due (a queued job skips what another job or a `지금 점검` answered meanwhile). */
export async function stillDue(service: Service, numbers: readonly string[], window: DueWindow): Promise<string[]> {
  if (numbers.length === 0) return [];
  const rows = await db()
    .selectDistinct({ number: wholesalers.businessNumber })
    .from(wholesalers)
    .leftJoin(officialRecords, eq(officialRecords.wholesalerId, wholesalers.id))
    .where(and(inArray(wholesalers.businessNumber, [...numbers]), dueCondition(service, window)));
  const due = new Set(rows.map((row) => row.number));
  return numbers.filter((number) => due.has(number));
}

/**
 * Who caused a registry check that a manager's save asked for (features/suppliers' desk): its calls come out of
 * the listing's and the account's share of the day's calls (official-record-jobs.server.ts, docs/decisions/0041).
 */
export type RegistryCharge = { wholesalerId: number; userId: string };

/**
 * Registry jobs not yet finished that will ask about this number: any of them for a manager's check, only the
 * uncharged ones for an admin's or the site's (a manager's job may wait for the sweep when its share is used up,
 * an admin's `지금 점검` must not wait behind it).
 */
const pendingChecksOf = (number: string, charged: boolean) =>
  sql`exists (select 1 from ${jobs} where ${jobs.kind} in (${NTS_KIND}, ${FTC_KIND}) and ${jobs.state} in ('queued', 'running') and ${jobs.payload}->'numbers' @> ${JSON.stringify([number])}::jsonb${charged ? sql`` : sql` and ${jobs.payload}->'chargedTo' is null`})`;

/**
 * Both registries asked about one number now, in the caller's transaction: whatever the interval for an admin or
 * the site (`지금 점검`, a number read from the home page); for a manager's save (`charge`) only while the number
 * is due, in the manager's own line of the job queue, and only within its share of the day's calls.
 */
async function enqueueChecksOf(tx: Tx, number: string, charge?: RegistryCharge) {
  const [row] = await tx
    .execute<{ pending: boolean }>(sql`select ${pendingChecksOf(number, Boolean(charge))} as pending`)
    .then((result) => result.rows);
  if (row?.pending) return false;
  const payload = charge ? { numbers: [number], force: false, chargedTo: charge } : { numbers: [number], force: true };
  const options = { tx, maxAttempts: 2, ...(charge ? { owner: charge.userId } : {}) };
  await enqueueJob(NTS_KIND, payload, options);
  await enqueueJob(FTC_KIND, payload, options);
  return true;
}

export type RequestOutcome = { ok: true; message: string } | { ok: false; message: string; status: number };

/** `지금 점검` for one supplier's number, queued (never called inside the request). Null when there is nothing to ask. */
export async function requestRecordsCheck(wholesalerId: number): Promise<RequestOutcome | null> {
  if (!recordsEnabled()) return null;
  const [supplier] = await db().select({ number: wholesalers.businessNumber }).from(wholesalers).where(eq(wholesalers.id, wholesalerId));
  if (!supplier?.number) return null;
  const queued = await db().transaction((tx) => enqueueChecksOf(tx, supplier.number!));
  if (queued) notifyJobs();
  return { ok: true, message: queued ? "공식 기록 확인을 예약했습니다." : "공식 기록 확인이 이미 예약되어 있습니다." };
}

/** `전체 점검`: the registries' sweep of due numbers now (unless one is waiting); null when the checks are off. */
export async function requestRecordsSweep(): Promise<RequestOutcome | null> {
  if (!recordsEnabled()) return null;
  const [busy] = await db()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, SWEEP_KIND), inArray(jobs.state, ["queued", "running"])))
    .limit(1);
  if (!busy) await enqueueJob(SWEEP_KIND, { scope: "due" }, { maxAttempts: 3 });
  return { ok: true, message: "공식 기록 확인도 함께 예약했습니다." };
}

/**
 * After a supplier changed (official-record-follow-up.server.ts): the derived state follows the new site or number,
 * and a number the change set that the registries were never asked about is asked (when the checks are on): at once
 * for a person's save of one supplier, charged to the manager's share when a manager saved (`charge`); through the
 * next sweep for a bulk write (`batch`: an import, the review queue), which asks 100 numbers a 국세청 call. A number
 * replaced since the change is not asked for it (its own change asks).
 */
export async function afterSupplierChanged(
  wholesalerId: number,
  { number, charge, batch = false }: { number?: string | null; charge?: RegistryCharge; batch?: boolean } = {},
) {
  const queued = await db().transaction(async (tx) => {
    const [supplier] = await tx.select({ number: wholesalers.businessNumber }).from(wholesalers).where(eq(wholesalers.id, wholesalerId));
    if (!supplier) return false;
    const [row] = await tx.select().from(officialRecords).where(eq(officialRecords.wholesalerId, wholesalerId));
    if (row) await refresh(tx, wholesalerId, new Date());
    const asked = answersFor(row, supplier.number);
    if (!number || number !== supplier.number || !recordsEnabled() || asked?.ntsAskedAt || asked?.ftcAskedAt) return false;
    if (batch) return sweepSoon(tx);
    return enqueueChecksOf(tx, number, charge);
  });
  if (queued) notifyJobs();
}

/** Transactions that already asked for a sweep: a bulk write's thousands of new numbers ask once. */
const sweepAskedIn = new WeakSet<Tx>();

/**
 * New suppliers from a bulk write (an import, the review queue): they have no records to bring along yet, and their
 * numbers go to the next sweep, asked for once per transaction (not one job a supplier).
 */
export async function sweepForNewSuppliers(tx: Tx) {
  if (!recordsEnabled() || sweepAskedIn.has(tx)) return;
  sweepAskedIn.add(tx);
  await sweepSoon(tx);
}

/** Queues a sweep of the due numbers unless one is already waiting; whether it queued one. */
async function sweepSoon(tx: Tx) {
  const [waiting] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, SWEEP_KIND), eq(jobs.state, "queued")))
    .limit(1);
  if (waiting) return false;
  await enqueueJob(SWEEP_KIND, { scope: "due" }, { tx, maxAttempts: 3 });
  return true;
}

/**
 * At start: the `사업자 확인` filter follows whether the checks are on (without a key nothing is shown as checked,
 * with it again the stored verified pairs). One statement either way.
 */
export async function syncVerifiedFlags(enabled = recordsEnabled()) {
  if (!enabled) {
    await db().update(wholesalers).set({ recordsVerifiedFor: null }).where(isNotNull(wholesalers.recordsVerifiedFor));
    return;
  }
  await db().execute(sql`
    UPDATE ${wholesalers} SET records_verified_for = r.verified_for
    FROM ${officialRecords} r
    WHERE r.wholesaler_id = ${wholesalers.id} AND ${wholesalers.recordsVerifiedFor} IS DISTINCT FROM r.verified_for`);
}

// ---- What pages read ----

/**
 * What `사업자 정보` shows of a supplier (record-rows.ts `recordRows`): its number, whether that number was read
 * from its home page (the page shows it as the number now, and it came from there or an admin typed the same), and
 * the stored answers about it, or null.
 */
export async function recordViewOf(wholesalerId: number): Promise<{ answers: RecordAnswers | null; number: RecordNumber }> {
  const [found] = await db()
    .select({ row: officialRecords, number: wholesalers.businessNumber })
    .from(wholesalers)
    .leftJoin(officialRecords, eq(officialRecords.wholesalerId, wholesalers.id))
    .where(eq(wholesalers.id, wholesalerId));
  const digits = found?.number ?? null;
  const fromPage = Boolean(digits && found?.row?.numberSourceUrl && found.row.pageNumber === digits);
  return { answers: found ? answersFor(found.row, digits) : null, number: { digits, fromPage } };
}

/** The stored answers about the supplier's current number, or null. */
export async function recordAnswersOf(wholesalerId: number): Promise<RecordAnswers | null> {
  return (await recordViewOf(wholesalerId)).answers;
}

/** The suppliers among `ids` the 국세청 says are 폐업자 or 휴업자 (their /list card says so); none while the checks are off. */
export async function businessAlertsAmong(ids: number[]): Promise<Record<number, BusinessAlert>> {
  if (ids.length === 0 || !recordsEnabled()) return {};
  const rows = await db()
    .select({ id: officialRecords.wholesalerId, state: officialRecords.ntsState })
    .from(officialRecords)
    .innerJoin(
      wholesalers,
      and(eq(wholesalers.id, officialRecords.wholesalerId), eq(wholesalers.businessNumber, officialRecords.businessNumber)),
    )
    .where(
      and(
        inArray(officialRecords.wholesalerId, ids),
        inArray(officialRecords.ntsState, ["closed", "suspended"]),
        isNotNull(officialRecords.ntsCheckedAt),
      ),
    );
  return Object.fromEntries(rows.map((row) => [row.id, row.state as BusinessAlert]));
}

// ---- /admin/records ----

export const RECORD_ISSUES_PER_PAGE = 50;

/** The open items, newest first, with what an admin needs to decide (the numbers, the domains, the last failures). */
export async function listRecordIssues({ page = 1, perPage = RECORD_ISSUES_PER_PAGE } = {}) {
  const open = isNull(recordIssues.acknowledgedAt);
  const found = await exactPage(
    recordIssues,
    open,
    { page, perPage },
    db()
      .select({
        wholesalerId: recordIssues.wholesalerId,
        reason: recordIssues.reason,
        detail: recordIssues.detail,
        since: recordIssues.since,
        name: wholesalers.name,
        siteUrl: wholesalers.siteUrl,
        businessNumber: wholesalers.businessNumber,
        pageNumber: officialRecords.pageNumber,
        pageUrl: officialRecords.pageUrl,
        declaredDomains: officialRecords.declaredDomains,
        mailOrderNumber: officialRecords.mailOrderNumber,
        closedOn: officialRecords.closedOn,
        ntsFailure: officialRecords.ntsFailure,
        ftcFailure: officialRecords.ftcFailure,
      })
      .from(recordIssues)
      .innerJoin(wholesalers, eq(wholesalers.id, recordIssues.wholesalerId))
      .leftJoin(officialRecords, eq(officialRecords.wholesalerId, recordIssues.wholesalerId))
      .orderBy(desc(recordIssues.since), asc(recordIssues.wholesalerId), asc(recordIssues.reason))
      .$dynamic(),
  );
  return { ...found, items: found.items.map((item) => ({ ...item, reason: item.reason as IssueReason })) };
}

/** The admin menu's count of open items (record_issues_open_idx). */
export async function countOpenRecordIssues() {
  const [row] = await db().select({ n: count() }).from(recordIssues).where(isNull(recordIssues.acknowledgedAt));
  return row?.n ?? 0;
}

/** `확인함`: the item leaves the list until its reason goes away and comes back, or its subject changes. */
export async function acknowledgeIssue(wholesalerId: number, reason: string, adminId: string) {
  const rows = await db()
    .update(recordIssues)
    .set({ acknowledgedAt: new Date(), acknowledgedBy: adminId })
    .where(and(eq(recordIssues.wholesalerId, wholesalerId), eq(recordIssues.reason, reason), isNull(recordIssues.acknowledgedAt)))
    .returning({ id: recordIssues.wholesalerId });
  return rows.length > 0;
}

/**
 * `사이트의 번호로 바꾸기`: the supplier's number becomes the one its page shows, recorded in its history with the
 * admin; the registries are asked about it at once. False when there is no such mismatch (any more).
 */
export async function adoptPageNumber(wholesalerId: number, actor: Actor) {
  const number = await db().transaction(async (tx) => {
    const [before] = await tx.select().from(wholesalers).where(eq(wholesalers.id, wholesalerId)).for("update");
    const [row] = await tx.select().from(officialRecords).where(eq(officialRecords.wholesalerId, wholesalerId)).for("update");
    if (!before || !row?.pageNumber || row.pageNumber === before.businessNumber) return null;
    const now = new Date();
    const [after] = await tx
      .update(wholesalers)
      .set({ businessNumber: row.pageNumber, updatedAt: now })
      .where(eq(wholesalers.id, wholesalerId))
      .returning();
    await tx
      .update(officialRecords)
      .set({ numberSourceUrl: row.pageUrl, numberSourceAt: row.pageReadAt })
      .where(eq(officialRecords.wholesalerId, wholesalerId));
    await recordChanges(tx, { wholesalerId, action: "update", source: HISTORY_SOURCE, actor, before, after: after! });
    await refresh(tx, wholesalerId, now);
    if (recordsEnabled()) await enqueueChecksOf(tx, row.pageNumber);
    return row.pageNumber;
  });
  if (number) notifyJobs();
  return number !== null;
}

/** The stored answers of several suppliers at once, each only when it is about the supplier's current number (/data). */
export async function recordAnswersAmong(ids: readonly number[]): Promise<Map<number, RecordAnswers>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({ row: officialRecords, number: wholesalers.businessNumber })
    .from(officialRecords)
    .innerJoin(wholesalers, eq(wholesalers.id, officialRecords.wholesalerId))
    .where(inArray(officialRecords.wholesalerId, [...ids]));
  const found = new Map<number, RecordAnswers>();
  for (const { row, number } of rows) {
    const answers = answersFor(row, number);
    if (answers) found.set(row.wholesalerId, answers);
  }
  return found;
}
