import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { reviewFlags, reviews, reviewTakedowns, wholesalers } from "#app/db/schema.ts";
import { discardEvidence, scheduleEvidenceDeletion } from "#app/platform/evidence/evidence.server.ts";
import { type FlagReason, TAKEDOWN_DAYS } from "./review-words.ts";

/**
 * /admin/reviews (후기 관리): the three queues an administrator works through, their decisions and the admin menu's
 * count. `증빙 확인 대기` oldest first, with `같은 증빙 번호` when another account's review carries the same order or
 * invoice number; `신고된 후기`; `게시 중단 요청`, those past their 30 days first. Every decision changes one review
 * in one transaction (the scores follow by the trigger) and only while its item is still open.
 */

const DAY_MS = 86_400_000;
export const QUEUE_PAGE_SIZE = 20;

const reviewColumns = {
  id: reviews.id,
  wholesalerId: reviews.wholesalerId,
  wholesalerName: wholesalers.name,
  body: reviews.body,
  tradedOn: reviews.tradedOn,
  visibility: reviews.visibility,
  createdAt: reviews.createdAt,
};

export type EvidenceItem = {
  id: number;
  wholesalerId: number;
  wholesalerName: string;
  body: string;
  tradedOn: string;
  createdAt: Date;
  evidenceNumber: string | null;
  evidenceFileId: string | null;
  /** Another account's review carries the same number (`같은 증빙 번호`). */
  sameNumber: boolean;
};

const pageOf = (page: number) => ({ limit: QUEUE_PAGE_SIZE, offset: (page - 1) * QUEUE_PAGE_SIZE });
const pageCount = (total: number) => Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));

/** `증빙 확인 대기`: reviews whose evidence waits for a decision, oldest first. */
export async function evidenceQueue(page = 1) {
  const where = eq(reviews.evidence, "pending");
  const { limit, offset } = pageOf(page);
  const sameNumber = sql<boolean>`EXISTS (
    SELECT 1 FROM ${reviews} other
    WHERE other.evidence_key = ${reviews.evidenceKey} AND other.user_id <> ${reviews.userId})`;
  const [[counted], rows] = await Promise.all([
    db().select({ n: count() }).from(reviews).where(where),
    db()
      .select({ ...reviewColumns, evidenceNumber: reviews.evidenceNumber, evidenceFileId: reviews.evidenceFileId, sameNumber })
      .from(reviews)
      .innerJoin(wholesalers, eq(wholesalers.id, reviews.wholesalerId))
      .where(where)
      .orderBy(asc(reviews.createdAt), asc(reviews.id))
      .limit(limit)
      .offset(offset),
  ]);
  const total = counted?.n ?? 0;
  return {
    items: rows.map((row) => ({ ...row, sameNumber: Boolean(row.sameNumber) })) as EvidenceItem[],
    total,
    page,
    pageCount: pageCount(total),
  };
}

export type FlaggedItem = {
  id: number;
  wholesalerId: number;
  wholesalerName: string;
  body: string;
  tradedOn: string;
  createdAt: Date;
  flags: number;
  reasons: FlagReason[];
};

/** `신고된 후기`: reviews with open flags (a hidden review's flags are handled), the most flagged first. */
export async function flaggedQueue(page = 1) {
  const open = db()
    .select({
      reviewId: reviewFlags.reviewId,
      flags: sql<number>`count(*)::int`.as("flags"),
      reasons: sql<string[]>`array_agg(DISTINCT ${reviewFlags.reason})`.as("reasons"),
      first: sql<Date>`min(${reviewFlags.createdAt})`.as("first"),
    })
    .from(reviewFlags)
    .where(isNull(reviewFlags.handledAt))
    .groupBy(reviewFlags.reviewId)
    .as("open_flags");
  const { limit, offset } = pageOf(page);
  const [[counted], rows] = await Promise.all([
    db()
      .select({ n: sql<number>`count(DISTINCT ${reviewFlags.reviewId})::int` })
      .from(reviewFlags)
      .where(isNull(reviewFlags.handledAt)),
    db()
      .select({ ...reviewColumns, flags: open.flags, reasons: open.reasons })
      .from(open)
      .innerJoin(reviews, eq(reviews.id, open.reviewId))
      .innerJoin(wholesalers, eq(wholesalers.id, reviews.wholesalerId))
      .orderBy(desc(open.flags), asc(open.first), asc(reviews.id))
      .limit(limit)
      .offset(offset),
  ]);
  const total = Number(counted?.n ?? 0);
  return { items: rows as FlaggedItem[], total, page, pageCount: pageCount(total) };
}

export type TakedownItem = {
  id: number;
  wholesalerId: number;
  wholesalerName: string;
  body: string;
  tradedOn: string;
  createdAt: Date;
  reason: string;
  objection: string | null;
  requestedAt: Date;
  /** Days until the 30 days end: negative once they have (those come first). */
  daysLeft: number;
};

/** `게시 중단 요청`: open requests, those past their 30 days first, then the oldest. */
export async function takedownQueue(page = 1, now = new Date()) {
  const where = eq(reviewTakedowns.status, "open");
  const { limit, offset } = pageOf(page);
  const [[counted], rows] = await Promise.all([
    db().select({ n: count() }).from(reviewTakedowns).where(where),
    db()
      .select({
        ...reviewColumns,
        reason: reviewTakedowns.reason,
        objection: reviewTakedowns.objection,
        requestedAt: reviewTakedowns.createdAt,
      })
      .from(reviewTakedowns)
      .innerJoin(reviews, eq(reviews.id, reviewTakedowns.reviewId))
      .innerJoin(wholesalers, eq(wholesalers.id, reviews.wholesalerId))
      .where(where)
      // Oldest first is also "past their 30 days first": every request has the same 30 days.
      .orderBy(asc(reviewTakedowns.createdAt), asc(reviews.id))
      .limit(limit)
      .offset(offset),
  ]);
  const total = counted?.n ?? 0;
  const items = rows.map((row) => ({
    ...row,
    daysLeft: Math.ceil((row.requestedAt.getTime() + TAKEDOWN_DAYS * DAY_MS - now.getTime()) / DAY_MS),
  }));
  return { items: items as TakedownItem[], total, page, pageCount: pageCount(total) };
}

/** The number beside `후기 관리` in the admin menu: every open item of the three queues. */
export async function countOpenReviewItems() {
  const [row] = await db()
    .select({
      n: sql<number>`(
        (SELECT count(*) FROM ${reviews} WHERE ${reviews.evidence} = 'pending')
        + (SELECT count(DISTINCT ${reviewFlags.reviewId}) FROM ${reviewFlags} WHERE ${reviewFlags.handledAt} IS NULL)
        + (SELECT count(*) FROM ${reviewTakedowns} WHERE ${reviewTakedowns.status} = 'open'))::int`,
    })
    .from(sql`(SELECT 1) AS one`);
  return Number(row?.n ?? 0);
}

/**
 * `증빙 확인` / `증빙 반려`: only a review still waiting changes. The evidence picture is deleted 30 days after the
 * decision; the decision and its date stay on the review. False when it was decided already (or is gone).
 */
export async function decideEvidence(reviewId: number, decision: "confirmed" | "rejected", adminId: string, now = new Date()) {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ evidence: decision, evidenceDecidedAt: now, evidenceDecidedBy: adminId })
      .where(and(eq(reviews.id, reviewId), eq(reviews.evidence, "pending")))
      .returning({ fileId: reviews.evidenceFileId });
    if (!row) return false;
    await scheduleEvidenceDeletion(tx, row.fileId, now);
    return true;
  });
}

/** `숨기기` (the review leaves the public page) or `유지` (it stays): either way its open flags are handled. */
export async function handleFlags(reviewId: number, decision: "hide" | "keep", now = new Date()) {
  return db().transaction(async (tx) => {
    const handled = await tx
      .update(reviewFlags)
      .set({ handledAt: now })
      .where(and(eq(reviewFlags.reviewId, reviewId), isNull(reviewFlags.handledAt)))
      .returning({ id: reviewFlags.id });
    if (handled.length === 0) return false;
    // A review under an open takedown stays taken down: that decision is the takedown queue's.
    if (decision === "hide") {
      await tx
        .update(reviews)
        .set({ visibility: "hidden" })
        .where(and(eq(reviews.id, reviewId), eq(reviews.visibility, "public")));
    }
    return true;
  });
}

/**
 * `복원` (the review is public again, the request stays as decided) or `삭제` (the review goes, with its answer, flags
 * and request; its evidence file at the next purge). False when the request is not open.
 */
export async function decideTakedown(reviewId: number, decision: "restore" | "delete", adminId: string, now = new Date()) {
  return db().transaction(async (tx) => {
    const [open] = await tx
      .select({ reviewId: reviewTakedowns.reviewId })
      .from(reviewTakedowns)
      .where(and(eq(reviewTakedowns.reviewId, reviewId), eq(reviewTakedowns.status, "open")))
      .for("update");
    if (!open) return false;
    if (decision === "delete") {
      const [gone] = await tx.delete(reviews).where(eq(reviews.id, reviewId)).returning({ fileId: reviews.evidenceFileId });
      await discardEvidence(tx, gone?.fileId ?? null);
      return true;
    }
    await tx
      .update(reviewTakedowns)
      .set({ status: "restored", decidedBy: adminId, decidedAt: now })
      .where(eq(reviewTakedowns.reviewId, reviewId));
    await tx
      .update(reviews)
      .set({ visibility: "public" })
      .where(and(eq(reviews.id, reviewId), eq(reviews.visibility, "taken-down")));
    return true;
  });
}
