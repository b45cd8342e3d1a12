import { createHmac } from "node:crypto";
import { and, count, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import {
  reviewAnswers,
  reviewFlags,
  reviewScoreDays,
  reviews,
  reviewTakedowns,
  user,
  wholesalerManagers,
  wholesalers,
} from "#app/db/schema.ts";
import type { ReviewScore } from "#app/features/wholesalers/wholesaler-card.tsx";
import { env } from "#app/lib/env.server.ts";
import { addDays, seoulDay } from "#app/lib/format.ts";
import { type PreparedEvidence, storeEvidence } from "#app/platform/evidence/evidence.server.ts";
import { evidenceKeyOf, type ReviewInput } from "./review-schema.ts";
import {
  type FlagReason,
  REVIEW_INTERVAL_DAYS,
  SCORE_NAMES,
  SCORE_WINDOW_DAYS,
  SCORES_SHOWN_FROM,
  type ScoreName,
} from "./review-words.ts";

/**
 * Seller reviews (셀러 거래 후기, ui-contract.md "Seller reviews", docs/decisions/0048): who may write one, the writes,
 * and what the public sees. Every rule is here, on the server; the pages only mirror them. The scores a page shows
 * come from `review_score_days`, which a trigger keeps in every writing transaction (db/schema.ts).
 */

const DAY_MS = 86_400_000;

/** 32 letters and digits that cannot be mistaken for each other (no 0/O, 1/I). */
const PSEUDONYM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * The 4 characters of `셀러 <4 characters>`: a keyed hash (the server's secret) of the account's id, so one account is
 * the same writer everywhere, nobody can go from it back to the account or its e-mail, and no column stores it.
 */
export function writerPseudonym(userId: string, secret = env().authSecret): string {
  const digest = createHmac("sha256", secret).update(`review-writer\n${userId}`).digest();
  const bits = digest.readUInt32BE(0);
  return Array.from({ length: 4 }, (_, i) => PSEUDONYM_ALPHABET[(bits >>> (i * 5)) & 31]).join("");
}

export type ReviewBlock = "unverified" | "ownListing" | "tooSoon";

/** Whether the account runs this listing or any listing with the same 사업자등록번호 (a supplier cannot review itself). */
export async function managesSameBusiness(userId: string, wholesalerId: number): Promise<boolean> {
  const sameNumber = sql`(SELECT ${wholesalers.businessNumber} FROM ${wholesalers} WHERE ${wholesalers.id} = ${wholesalerId})`;
  const [row] = await db()
    .select({ one: sql<number>`1` })
    .from(wholesalerManagers)
    .innerJoin(wholesalers, eq(wholesalers.id, wholesalerManagers.wholesalerId))
    .where(and(eq(wholesalerManagers.userId, userId), or(eq(wholesalers.id, wholesalerId), eq(wholesalers.businessNumber, sameNumber))))
    .limit(1);
  return Boolean(row);
}

const intervalStart = (now: Date) => new Date(now.getTime() - REVIEW_INTERVAL_DAYS * DAY_MS);

/** Why this account may not review this supplier now, checked in the contract's order; null when it may. */
export async function reviewBlockOf(userId: string, wholesalerId: number, now = new Date()): Promise<ReviewBlock | null> {
  const [account] = await db().select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!account?.verified) return "unverified";
  if (await managesSameBusiness(userId, wholesalerId)) return "ownListing";
  const [recent] = await db()
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.wholesalerId, wholesalerId), gt(reviews.createdAt, intervalStart(now))))
    .limit(1);
  return recent ? "tooSoon" : null;
}

export type CreatedReview = { ok: true; id: number; evidenceFileId: string | null } | { ok: false; block: "tooSoon" };

/**
 * Stores a review (and its picture) in one transaction. The account's row is locked first, so two tabs sending at
 * once take turns and the second finds the first: exactly one review within the 90 days.
 */
export async function createReview(
  userId: string,
  wholesalerId: number,
  input: ReviewInput,
  picture: PreparedEvidence | null,
  now = new Date(),
): Promise<CreatedReview> {
  return db().transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const [recent] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.wholesalerId, wholesalerId), gt(reviews.createdAt, intervalStart(now))))
      .limit(1);
    if (recent) return { ok: false, block: "tooSoon" } as const;
    const evidenceFileId = picture ? await storeEvidence(tx, picture, userId) : null;
    const evidenceNumber = input.evidenceNumber || null;
    const [row] = await tx
      .insert(reviews)
      .values({
        wholesalerId,
        userId,
        shipping: input.shipping,
        stock: input.stock,
        support: input.support,
        returns: input.returns,
        tradedOn: input.tradedOn,
        body: input.body,
        evidenceNumber,
        evidenceKey: evidenceNumber ? evidenceKeyOf(evidenceNumber) : null,
        evidenceFileId,
        evidence: evidenceNumber || evidenceFileId ? "pending" : "none",
      })
      .returning({ id: reviews.id });
    return { ok: true, id: row!.id, evidenceFileId } as const;
  });
}

export type ReviewScores = Record<ScoreName, { average: number; count: number }>;
export type ScoreSummary = { reviews: number; scores: ReviewScores };

const scoreColumns = {
  reviews: sql<number>`coalesce(sum(${reviewScoreDays.reviews}), 0)::int`,
  shippingSum: sql<number>`coalesce(sum(${reviewScoreDays.shippingSum}), 0)::int`,
  shippingCount: sql<number>`coalesce(sum(${reviewScoreDays.shippingCount}), 0)::int`,
  stockSum: sql<number>`coalesce(sum(${reviewScoreDays.stockSum}), 0)::int`,
  stockCount: sql<number>`coalesce(sum(${reviewScoreDays.stockCount}), 0)::int`,
  supportSum: sql<number>`coalesce(sum(${reviewScoreDays.supportSum}), 0)::int`,
  supportCount: sql<number>`coalesce(sum(${reviewScoreDays.supportCount}), 0)::int`,
  returnsSum: sql<number>`coalesce(sum(${reviewScoreDays.returnsSum}), 0)::int`,
  returnsCount: sql<number>`coalesce(sum(${reviewScoreDays.returnsCount}), 0)::int`,
};
type ScoreRow = { [K in keyof typeof scoreColumns]: number };

/** The first day that still counts: the last 365 Korean calendar days, today included. */
const windowStart = (now: Date) => addDays(seoulDay(now), -(SCORE_WINDOW_DAYS - 1));

function summaryOf(row: ScoreRow): ScoreSummary {
  const scores = {} as ReviewScores;
  for (const name of SCORE_NAMES) {
    const sum = Number(row[`${name}Sum`]);
    const counted = Number(row[`${name}Count`]);
    scores[name] = { average: counted > 0 ? sum / counted : 0, count: counted };
  }
  return { reviews: Number(row.reviews), scores };
}

/** The average of the scores that have any, one decimal (`4.3`): a card's `후기 <average of the four>`. */
export function overallAverage(scores: ReviewScores): string {
  const given = SCORE_NAMES.filter((name) => scores[name].count > 0).map((name) => scores[name].average);
  return given.length ? (given.reduce((a, b) => a + b, 0) / given.length).toFixed(1) : "0.0";
}

/** A supplier's scores from its counted reviews of the last 365 days (all zero when there are none). */
export async function reviewScoresOf(wholesalerId: number, now = new Date()): Promise<ScoreSummary> {
  const [row] = await db()
    .select(scoreColumns)
    .from(reviewScoreDays)
    .where(and(eq(reviewScoreDays.wholesalerId, wholesalerId), sql`${reviewScoreDays.day} >= ${windowStart(now)}::date`));
  return summaryOf(row as ScoreRow);
}

/**
 * The `후기 <average> · <n>건` of a page of cards, for the suppliers that have at least 3 counted reviews: one query
 * for the page's ids over the day sums the trigger keeps (never a query per card).
 */
export async function reviewScoresAmong(ids: readonly number[], now = new Date()): Promise<Record<number, ReviewScore>> {
  if (ids.length === 0) return {};
  const rows = await db()
    .select({ wholesalerId: reviewScoreDays.wholesalerId, ...scoreColumns })
    .from(reviewScoreDays)
    .where(and(inArray(reviewScoreDays.wholesalerId, [...ids]), sql`${reviewScoreDays.day} >= ${windowStart(now)}::date`))
    .groupBy(reviewScoreDays.wholesalerId)
    .having(sql`sum(${reviewScoreDays.reviews}) >= ${SCORES_SHOWN_FROM}`);
  const found: Record<number, ReviewScore> = {};
  for (const row of rows) {
    const summary = summaryOf(row as ScoreRow);
    found[row.wholesalerId] = { average: overallAverage(summary.scores), reviews: summary.reviews };
  }
  return found;
}

export const REVIEWS_PER_PAGE = 10;

export type PublicReview = {
  id: number;
  userId: string;
  scores: Record<ScoreName, number | null>;
  tradedOn: string;
  body: string;
  evidence: string;
  visibility: string;
  createdAt: Date;
  answer: string | null;
  answeredAt: Date | null;
  takedown: string | null;
};

/** A supplier's reviews the public sees (public, and taken down as a placeholder), newest first, one page. */
export async function publicReviewsOf(wholesalerId: number, page = 1, perPage = REVIEWS_PER_PAGE) {
  const where = and(eq(reviews.wholesalerId, wholesalerId), inArray(reviews.visibility, ["public", "taken-down"]));
  const [counted, rows] = await Promise.all([
    db().select({ n: count() }).from(reviews).where(where),
    db()
      .select({
        id: reviews.id,
        userId: reviews.userId,
        shipping: reviews.shipping,
        stock: reviews.stock,
        support: reviews.support,
        returns: reviews.returns,
        tradedOn: reviews.tradedOn,
        body: reviews.body,
        evidence: reviews.evidence,
        visibility: reviews.visibility,
        createdAt: reviews.createdAt,
        answer: reviewAnswers.body,
        answeredAt: reviewAnswers.createdAt,
        takedown: reviewTakedowns.status,
      })
      .from(reviews)
      .leftJoin(reviewAnswers, eq(reviewAnswers.reviewId, reviews.id))
      .leftJoin(reviewTakedowns, eq(reviewTakedowns.reviewId, reviews.id))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const total = counted[0]?.n ?? 0;
  const items: PublicReview[] = rows.map(({ shipping, stock, support, returns, ...row }) => ({
    ...row,
    scores: { shipping, stock, support, returns },
  }));
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / perPage)) };
}

export type ReviewTarget = {
  id: number;
  wholesalerId: number;
  wholesalerName: string;
  userId: string;
  body: string;
  tradedOn: string;
  visibility: string;
  createdAt: Date;
  answered: boolean;
  takedown: { status: string; reason: string; objectedAt: Date | null } | null;
};

/** One review with what the acts on it need to know; null when there is none on that supplier's page. */
export async function reviewTarget(reviewId: number, wholesalerId: number): Promise<ReviewTarget | null> {
  const [row] = await db()
    .select({
      id: reviews.id,
      wholesalerId: reviews.wholesalerId,
      wholesalerName: wholesalers.name,
      wholesalerStatus: wholesalers.status,
      userId: reviews.userId,
      body: reviews.body,
      tradedOn: reviews.tradedOn,
      visibility: reviews.visibility,
      createdAt: reviews.createdAt,
      answer: reviewAnswers.reviewId,
      takedownStatus: reviewTakedowns.status,
      takedownReason: reviewTakedowns.reason,
      objectedAt: reviewTakedowns.objectedAt,
    })
    .from(reviews)
    .innerJoin(wholesalers, eq(wholesalers.id, reviews.wholesalerId))
    .leftJoin(reviewAnswers, eq(reviewAnswers.reviewId, reviews.id))
    .leftJoin(reviewTakedowns, eq(reviewTakedowns.reviewId, reviews.id))
    .where(and(eq(reviews.id, reviewId), eq(reviews.wholesalerId, wholesalerId)));
  if (row?.wholesalerStatus !== "published") return null;
  return {
    id: row.id,
    wholesalerId: row.wholesalerId,
    wholesalerName: row.wholesalerName.trim() || "이름 없음",
    userId: row.userId,
    body: row.body,
    tradedOn: row.tradedOn,
    visibility: row.visibility,
    createdAt: row.createdAt,
    answered: row.answer !== null,
    takedown: row.takedownStatus ? { status: row.takedownStatus, reason: row.takedownReason ?? "", objectedAt: row.objectedAt } : null,
  };
}

/** `신고`: one per account and review; false when this account already flagged it. */
export async function flagReview(reviewId: number, userId: string, reason: FlagReason): Promise<boolean> {
  const rows = await db().insert(reviewFlags).values({ reviewId, userId, reason }).onConflictDoNothing().returning({ id: reviewFlags.id });
  return rows.length > 0;
}

/** `답변 쓰기`: the one answer of a review; false when it has one already (two managers at once: the first stands). */
export async function answerReview(reviewId: number, userId: string, body: string): Promise<boolean> {
  const rows = await db()
    .insert(reviewAnswers)
    .values({ reviewId, userId, body })
    .onConflictDoNothing()
    .returning({ id: reviewAnswers.reviewId });
  return rows.length > 0;
}

/**
 * `게시 중단 요청` (임시조치): the review is hidden at once and the request waits for an administrator. One per review:
 * false when one was made before (open, or already decided: a restored review is not hidden again by the same path).
 */
export async function takeDownReview(reviewId: number, userId: string, reason: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const rows = await tx
      .insert(reviewTakedowns)
      .values({ reviewId, requestedBy: userId, reason })
      .onConflictDoNothing()
      .returning({ id: reviewTakedowns.reviewId });
    if (rows.length === 0) return false;
    await tx
      .update(reviews)
      .set({ visibility: "taken-down" })
      .where(and(eq(reviews.id, reviewId), eq(reviews.visibility, "public")));
    return true;
  });
}

/** `이의 신청` by the review's writer, once, while the takedown is open; false otherwise. */
export async function objectToTakedown(reviewId: number, userId: string, objection: string): Promise<boolean> {
  const rows = await db()
    .update(reviewTakedowns)
    .set({ objection, objectedAt: new Date() })
    .where(
      and(
        eq(reviewTakedowns.reviewId, reviewId),
        eq(reviewTakedowns.status, "open"),
        isNull(reviewTakedowns.objectedAt),
        sql`EXISTS (SELECT 1 FROM ${reviews} WHERE ${reviews.id} = ${reviewId} AND ${reviews.userId} = ${userId})`,
      ),
    )
    .returning({ id: reviewTakedowns.reviewId });
  return rows.length > 0;
}

export type TakenDownReview = { id: number; wholesalerId: number; wholesalerName: string; since: Date; objected: boolean };

/** /account: the account's reviews hidden by an open 게시 중단 요청, each with whether it objected already. */
export async function takenDownReviewsOf(userId: string): Promise<TakenDownReview[]> {
  const rows = await db()
    .select({
      id: reviews.id,
      wholesalerId: reviews.wholesalerId,
      wholesalerName: wholesalers.name,
      since: reviewTakedowns.createdAt,
      objectedAt: reviewTakedowns.objectedAt,
    })
    .from(reviewTakedowns)
    .innerJoin(reviews, eq(reviews.id, reviewTakedowns.reviewId))
    .innerJoin(wholesalers, eq(wholesalers.id, reviews.wholesalerId))
    .where(and(eq(reviews.userId, userId), eq(reviewTakedowns.status, "open")))
    .orderBy(desc(reviewTakedowns.createdAt));
  return rows.map(({ objectedAt, wholesalerName, ...row }) => ({
    ...row,
    wholesalerName: wholesalerName.trim() || "이름 없음",
    objected: objectedAt !== null,
  }));
}

/** The address a review's writer is mailed at (a takedown, a decision), and the supplier's name. */
export async function writerOf(reviewId: number): Promise<{ email: string; wholesalerId: number; wholesalerName: string } | null> {
  const [row] = await db()
    .select({ email: user.email, wholesalerId: reviews.wholesalerId, wholesalerName: wholesalers.name })
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.userId))
    .innerJoin(wholesalers, eq(wholesalers.id, reviews.wholesalerId))
    .where(eq(reviews.id, reviewId));
  return row ? { ...row, wholesalerName: row.wholesalerName.trim() || "이름 없음" } : null;
}
