import { isManagerOf } from "#app/features/suppliers/claims.server.ts";
import { getWholesaler, isPublished } from "#app/features/wholesalers/wholesalers.server.ts";
import { env } from "#app/lib/env.server.ts";
import { formFailure, readForm, validateForm } from "#app/lib/form.server.ts";
import { formatDate } from "#app/lib/format.ts";
import { log } from "#app/lib/log.server.ts";
import { postedFromPage } from "#app/lib/safe-redirect.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam, parsePageParam } from "#app/lib/url-params.ts";
import { type AdminUser, requireUser, type SessionUser } from "#app/platform/auth/auth.server.ts";
import { dailySlot } from "#app/platform/auth/rate-limit.server.ts";
import {
  moveEvidenceToObjectStore,
  type PreparedEvidence,
  prepareEvidence,
  uploadedBytes,
} from "#app/platform/evidence/evidence.server.ts";
import { EVIDENCE_PICTURE_MAX_BYTES } from "#app/platform/evidence/evidence-kinds.ts";
import { runInBackground } from "#app/platform/mail/background.server.ts";
import { sendMail } from "#app/platform/mail/mail.server.ts";
import { decideEvidence, decideTakedown, evidenceQueue, flaggedQueue, handleFlags, takedownQueue } from "./review-admin.server.ts";
import { takedownDecidedMail, takedownMail } from "./review-mails.ts";
import { answerSchema, flagSchema, reasonSchema, reviewSchema, tradeMonths } from "./review-schema.ts";
import {
  FLAG_RECEIVED,
  monthWords,
  REVIEW_ACTS,
  REVIEW_REFUSALS,
  REVIEW_SAVED,
  type ReviewAct,
  SCORE_LABELS,
  SCORE_NAMES,
  SCORES_SHOWN_FROM,
  writerLabel,
} from "./review-words.ts";
import {
  answerReview,
  createReview,
  flagReview,
  objectToTakedown,
  publicReviewsOf,
  type ReviewBlock,
  type ReviewTarget,
  reviewBlockOf,
  reviewScoresOf,
  reviewTarget,
  takeDownReview,
  takenDownReviewsOf,
  writerOf,
  writerPseudonym,
} from "./reviews.server.ts";

/** What the routes of the review feature call: /wholesaler/{id}/review, the acts on one review, the detail page's section and /admin/reviews. */

const NOT_FOUND = "도매처를 찾을 수 없습니다.";
const REVIEW_NOT_FOUND = "후기를 찾을 수 없습니다.";

/** The block's status: not yet allowed to write (403) or not again yet (409). */
const BLOCK_STATUS: Record<ReviewBlock, number> = { unverified: 403, ownListing: 403, tooSoon: 409 };

async function publishedSupplier(rawId: string | undefined) {
  const id = parseIdParam(rawId);
  const supplier = id ? await getWholesaler(id) : null;
  if (!supplier || !isPublished(supplier)) throw new Response(NOT_FOUND, { status: 404 });
  return { id: supplier.id, name: supplier.name.trim() || "이름 없음" };
}

// ---- /wholesaler/{id}/review ----

export async function loadReviewPage(request: Request, rawId: string | undefined) {
  const account = await requireUser(request);
  const wholesaler = await publishedSupplier(rawId);
  const block = await reviewBlockOf(account.id, wholesaler.id);
  return {
    wholesaler,
    block: block ? REVIEW_REFUSALS[block] : null,
    needsVerification: block === "unverified",
    months: tradeMonths().map((value) => ({ value, label: monthWords(value) })),
  };
}

/**
 * `후기 등록`. The day's allowance is taken first (a burst is refused before anything else is read), then every rule
 * in the contract's order, each refusal in Korean with a 4xx and nothing stored (its slot given back): the account
 * (a verified e-mail; not a manager of this listing or of one with the same 사업자등록번호), the form, the picture,
 * then (in the write's own transaction) one review per account and supplier in 90 days.
 */
export async function submitReviewAction(request: Request, rawId: string | undefined) {
  const account = await requireUser(request);
  const wholesaler = await publishedSupplier(rawId);
  const form = await readForm(request);
  const perDay = env().REVIEWS_PER_DAY;
  const slot = await dailySlot(`review:user:${account.id}`, perDay);
  if (!slot.allowed) {
    log.warn("review refused: the account's daily allowance is used up", { request });
    return formFailure(`후기는 하루에 ${perDay}건까지 쓸 수 있습니다. 내일 다시 써 주세요.`, {
      status: 429,
      headers: { "Retry-After": String(slot.retryAfterSeconds) },
    });
  }
  let stored = false;
  try {
    const block = await reviewBlockOf(account.id, wholesaler.id);
    if (block) return formFailure(REVIEW_REFUSALS[block], { status: BLOCK_STATUS[block] });
    const checked = validateForm(form, reviewSchema());
    if (!checked.ok) return formFailure(checked.message, { values: checked.values, errors: checked.errors });
    let picture: PreparedEvidence | null = null;
    const bytes = await uploadedBytes(form.get("evidenceImage"));
    if (bytes) {
      const prepared = await prepareEvidence(bytes, { maxBytes: EVIDENCE_PICTURE_MAX_BYTES });
      if (!prepared.ok) return formFailure(prepared.message, { values: checked.values, errors: { evidenceImage: prepared.message } });
      picture = prepared.file;
    }
    const created = await createReview(account.id, wholesaler.id, checked.data, picture);
    if (!created.ok) return formFailure(REVIEW_REFUSALS.tooSoon, { values: checked.values, status: 409 });
    stored = true;
    await moveEvidenceToObjectStore(created.evidenceFileId);
    return redirectWithToast(`/wholesaler/${wholesaler.id}#reviews`, { type: "success", message: REVIEW_SAVED });
  } finally {
    if (!stored) await slot.release();
  }
}

// ---- /wholesaler/{id} (the `셀러 거래 후기` section) ----

export type ReviewView =
  | { id: number; takenDown: true }
  | {
      id: number;
      takenDown: false;
      writer: string;
      tradedOn: string;
      day: string;
      confirmed: boolean;
      scores: { label: string; value: number }[];
      body: string;
      answer: { body: string; day: string } | null;
      /** The acts this visitor may take (links to /wholesaler/{id}/reviews/{reviewId}/{act}). */
      acts: ReviewAct[];
    };

/**
 * The detail page's `셀러 거래 후기`: the scores (from 3 counted reviews on) and one page of reviews, newest first,
 * with the links the visitor may follow: `신고` for everyone (anonymous visitors sign in first), `답변 쓰기` and `게시
 * 중단 요청` for the listing's managers while the review has none. Never an account id or an e-mail.
 */
export async function loadReviewsSection(wholesalerId: number, viewer: SessionUser | null, searchParams: URLSearchParams) {
  const page = parsePageParam(searchParams.get("reviewPage"));
  const [summary, list, manager] = await Promise.all([
    reviewScoresOf(wholesalerId),
    publicReviewsOf(wholesalerId, page),
    viewer ? isManagerOf(viewer.id, wholesalerId) : false,
  ]);
  const secret = env().authSecret;
  const items: ReviewView[] = list.items.map((review) => {
    if (review.visibility === "taken-down") return { id: review.id, takenDown: true };
    const acts: ReviewAct[] = ["flag"];
    if (manager && review.answer === null) acts.push("answer");
    if (manager && review.takedown === null) acts.push("takedown");
    return {
      id: review.id,
      takenDown: false,
      writer: writerLabel(writerPseudonym(review.userId, secret)),
      tradedOn: monthWords(review.tradedOn),
      day: formatDate(review.createdAt),
      confirmed: review.evidence === "confirmed",
      scores: SCORE_NAMES.flatMap((name) => {
        const value = review.scores[name];
        return value === null ? [] : [{ label: SCORE_LABELS[name], value }];
      }),
      body: review.body,
      answer: review.answer === null ? null : { body: review.answer, day: formatDate(review.answeredAt!) },
      acts,
    };
  });
  return {
    scores:
      summary.reviews >= SCORES_SHOWN_FROM
        ? SCORE_NAMES.map((name) => ({
            label: SCORE_LABELS[name],
            average: summary.scores[name].count > 0 ? summary.scores[name].average.toFixed(1) : null,
            count: summary.scores[name].count,
          }))
        : null,
    items,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
  };
}
export type ReviewsSection = Awaited<ReturnType<typeof loadReviewsSection>>;

// ---- /wholesaler/{id}/reviews/{reviewId}/{act} ----

function actOf(raw: string | undefined): ReviewAct {
  if (raw && raw in REVIEW_ACTS) return raw as ReviewAct;
  throw new Response(REVIEW_NOT_FOUND, { status: 404 });
}

/**
 * The review an act is about, and whether this account may take it: 404 for a review that is not on that supplier's
 * page; 403 for `답변 쓰기` and `게시 중단 요청` by anyone but the listing's managers and for `이의 신청` by anyone but
 * the writer; 409 when the act was taken already (one answer, one request, one objection).
 */
async function actTarget(account: SessionUser, rawId: string | undefined, rawReviewId: string | undefined, act: ReviewAct) {
  const wholesalerId = parseIdParam(rawId);
  const reviewId = parseIdParam(rawReviewId);
  const review = wholesalerId && reviewId ? await reviewTarget(reviewId, wholesalerId) : null;
  if (!review) throw new Response(REVIEW_NOT_FOUND, { status: 404 });
  if (act === "answer" || act === "takedown") {
    if (!(await isManagerOf(account.id, review.wholesalerId))) {
      throw new Response("이 도매처를 운영하는 계정만 할 수 있습니다.", { status: 403 });
    }
  }
  if (act === "objection" && review.userId !== account.id)
    throw new Response("후기를 쓴 계정만 이의 신청을 할 수 있습니다.", { status: 403 });
  if (act === "flag" && review.visibility !== "public") throw new Response(REVIEW_NOT_FOUND, { status: 404 });
  const taken = alreadyTaken(review, act);
  if (taken) throw new Response(taken, { status: 409 });
  return review;
}

/** Each act once: one answer, one request and one objection a review, one flag a review and account. */
const ALREADY: Record<ReviewAct, string> = {
  flag: "이미 신고한 후기입니다.",
  answer: "이미 답변을 쓴 후기입니다.",
  takedown: "이미 게시 중단을 요청한 후기입니다.",
  objection: "이미 이의 신청을 했습니다.",
};

function alreadyTaken(review: ReviewTarget, act: ReviewAct): string | null {
  if (act === "answer" && review.answered) return ALREADY.answer;
  if (act === "takedown" && review.takedown) return ALREADY.takedown;
  if (act === "objection") {
    if (review.takedown?.status !== "open") return "임시 조치 중인 후기가 아닙니다.";
    if (review.takedown.objectedAt) return ALREADY.objection;
  }
  return null;
}

export async function loadReviewAct(request: Request, params: { id?: string; reviewId?: string; act?: string }) {
  const account = await requireUser(request);
  const act = actOf(params.act);
  const review = await actTarget(account, params.id, params.reviewId, act);
  return {
    act,
    review: {
      id: review.id,
      wholesalerId: review.wholesalerId,
      wholesalerName: review.wholesalerName,
      tradedOn: monthWords(review.tradedOn),
      day: formatDate(review.createdAt),
      body: review.body,
    },
    takedownReason: act === "objection" ? (review.takedown?.reason ?? "") : null,
  };
}

/** The success of each act: where it goes back to and what it says. */
const ACT_DONE: Record<ReviewAct, string> = {
  flag: FLAG_RECEIVED,
  answer: "답변을 등록했습니다.",
  takedown: "게시 중단을 요청했습니다. 후기는 관리자가 결정할 때까지 숨겨집니다.",
  objection: "이의 신청이 접수되었습니다. 관리자가 확인한 뒤 알려 드립니다.",
};

export async function reviewActAction(request: Request, params: { id?: string; reviewId?: string; act?: string }) {
  const account = await requireUser(request);
  const act = actOf(params.act);
  const review = await actTarget(account, params.id, params.reviewId, act);
  const form = await readForm(request);
  const back = act === "objection" ? "/account" : `/wholesaler/${review.wholesalerId}#review-${review.id}`;
  const done = () => redirectWithToast(back, { type: "success", message: ACT_DONE[act] });
  // Two requests at once: the one that lost the race to the write.
  const taken = () => formFailure(ALREADY[act], { status: 409 });

  if (act === "flag") {
    const checked = validateForm(form, flagSchema);
    if (!checked.ok) return formFailure(checked.message, { values: checked.values, errors: checked.errors });
    const perDay = env().REVIEW_FLAGS_PER_DAY;
    const slot = await dailySlot(`review-flag:user:${account.id}`, perDay);
    if (!slot.allowed) {
      return formFailure(`신고는 하루에 ${perDay}건까지 할 수 있습니다. 내일 다시 해 주세요.`, {
        values: checked.values,
        status: 429,
        headers: { "Retry-After": String(slot.retryAfterSeconds) },
      });
    }
    if (!(await flagReview(review.id, account.id, checked.data.reason))) {
      await slot.release();
      return taken();
    }
    return done();
  }

  if (act === "answer") {
    const checked = validateForm(form, answerSchema);
    if (!checked.ok) return formFailure(checked.message, { values: checked.values, errors: checked.errors });
    if (!(await answerReview(review.id, account.id, checked.data.body))) return taken();
    return done();
  }

  const checked = validateForm(form, reasonSchema);
  if (!checked.ok) return formFailure(checked.message, { values: checked.values, errors: checked.errors });
  if (act === "takedown") {
    if (!(await takeDownReview(review.id, account.id, checked.data.reason))) return taken();
    const writer = await writerOf(review.id);
    if (writer) {
      const mail = takedownMail({
        to: writer.email,
        listing: writer.wholesalerName,
        reason: checked.data.reason,
        link: `${env().publicUrl}/account`,
        siteName: siteConfig().siteName,
      });
      runInBackground("review takedown mail", () => sendMail(mail));
    }
    return done();
  }
  if (!(await objectToTakedown(review.id, account.id, checked.data.reason))) return taken();
  return done();
}

// ---- /account ----

/** /account's `임시 조치된 내 후기`, each with its `이의 신청` link while the writer has not objected yet. */
export async function loadTakenDownReviews(userId: string) {
  const rows = await takenDownReviewsOf(userId);
  return rows.map((row) => ({
    id: row.id,
    wholesalerName: row.wholesalerName,
    since: formatDate(row.since),
    objected: row.objected,
    href: `/wholesaler/${row.wholesalerId}/reviews/${row.id}/objection`,
  }));
}

// ---- /admin/reviews ----

export async function loadReviewQueues(request: Request) {
  const params = new URL(request.url).searchParams;
  const [takedowns, evidence, flagged] = await Promise.all([
    takedownQueue(parsePageParam(params.get("takedownPage"))),
    evidenceQueue(parsePageParam(params.get("evidencePage"))),
    flaggedQueue(parsePageParam(params.get("flagPage"))),
  ]);
  return { takedowns, evidence, flagged };
}

const QUEUE_DONE = {
  confirm: "증빙을 확인했습니다.",
  reject: "증빙을 반려했습니다.",
  hide: "후기를 숨겼습니다.",
  keep: "후기를 유지했습니다.",
  restore: "후기를 복원했습니다.",
  delete: "후기를 삭제했습니다.",
} as const;
type QueueIntent = keyof typeof QUEUE_DONE;

/** The buttons of /admin/reviews: one decision about one review; back to the same page. */
export async function reviewQueueAction(request: Request, admin: AdminUser) {
  const form = await readForm(request);
  const back = postedFromPage(request, "/admin/reviews");
  const intent = form.get("intent");
  const id = parseIdParam(form.get("id"));
  if (typeof intent !== "string" || !(intent in QUEUE_DONE) || !id) {
    return redirectWithToast(back, { type: "error", message: "잘못된 요청입니다." });
  }
  const writer = intent === "restore" || intent === "delete" ? await writerOf(id) : null;
  let changed: boolean;
  switch (intent as QueueIntent) {
    case "confirm":
    case "reject":
      changed = await decideEvidence(id, intent === "confirm" ? "confirmed" : "rejected", admin.id);
      break;
    case "hide":
    case "keep":
      changed = await handleFlags(id, intent as "hide" | "keep");
      break;
    default:
      changed = await decideTakedown(id, intent as "restore" | "delete", admin.id);
  }
  if (!changed) return redirectWithToast(back, { type: "error", message: "이미 처리된 항목입니다." });
  if (writer) {
    const mail = takedownDecidedMail({
      to: writer.email,
      listing: writer.wholesalerName,
      restored: intent === "restore",
      link: `${env().publicUrl}/wholesaler/${writer.wholesalerId}#reviews`,
      siteName: siteConfig().siteName,
    });
    runInBackground("review takedown decision mail", () => sendMail(mail));
  }
  return redirectWithToast(back, { type: "success", message: QUEUE_DONE[intent as QueueIntent] });
}
