// The words and limits the review pages show (ui-contract.md "Seller reviews"), apart from the schemas and the
// server code, so a page carries neither zod nor the queries in its JavaScript.

/** The four scores: form name → label, in the contract's order. */
export const SCORE_LABELS = {
  shipping: "출고 속도",
  stock: "재고 정확도",
  support: "CS 응답",
  returns: "반품 처리",
} as const;
export type ScoreName = keyof typeof SCORE_LABELS;
export const SCORE_NAMES = Object.keys(SCORE_LABELS) as ScoreName[];
export const NOT_APPLICABLE = "na";
export const NOT_APPLICABLE_LABEL = "해당 없음";

export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 1000;
export const ANSWER_BODY_MAX = 1000;
export const REASON_MAX = 1000;
export const EVIDENCE_NUMBER_MAX = 40;
/** How many months `거래 시기` offers: the current one and the 23 before it. */
export const TRADE_MONTHS = 24;
/** One review per account and supplier in this many days. */
export const REVIEW_INTERVAL_DAYS = 90;
/** Scores are shown once this many counted reviews (증빙 확인, the last 365 days) exist. */
export const SCORES_SHOWN_FROM = 3;
export const SCORE_WINDOW_DAYS = 365;
/** An open 게시 중단 요청 is decided within this many days (임시조치, 정보통신망법 제44조의2). */
export const TAKEDOWN_DAYS = 30;

export const HONEST_LABEL = "이 도매처와 직접 거래했으며, 대가를 받지 않고 작성합니다.";
export const REVIEW_SAVED = "후기가 등록되었습니다. 증빙이 확인되면 점수에 반영됩니다.";
export const SCORES_PENDING = "증빙이 확인된 후기가 3건 이상이면 점수를 보여 드립니다.";
export const TAKEN_DOWN_PLACEHOLDER = "권리 침해 신고로 임시 조치된 후기입니다.";
export const EVIDENCE_CONFIRMED_LABEL = "증빙 확인";

/** The refusals the contract words (each with nothing stored). */
export const REVIEW_REFUSALS = {
  tooSoon: "이 도매처의 후기는 90일에 한 번 쓸 수 있습니다.",
  ownListing: "운영하는 도매처에는 후기를 쓸 수 없습니다.",
  unverified: "이메일 주소를 확인한 계정만 후기를 쓸 수 있습니다.",
  contactDetails: "후기에 전화번호나 이메일 주소는 적을 수 없습니다.",
} as const;

/** `신고` reasons: stored value → words. */
export const FLAG_REASONS = {
  untrue: "사실과 다름",
  abuse: "욕설·비방",
  privacy: "개인정보 노출",
  advertising: "광고·홍보",
  other: "기타",
} as const;
export type FlagReason = keyof typeof FLAG_REASONS;
export const FLAG_RECEIVED = "신고가 접수되었습니다.";

/** What a signed-in account may do to one review (`/wholesaler/{id}/reviews/{reviewId}/{act}`). */
export const REVIEW_ACTS = {
  flag: { heading: "후기 신고", button: "신고하기", link: "신고" },
  answer: { heading: "답변 쓰기", button: "답변 등록", link: "답변 쓰기" },
  takedown: { heading: "게시 중단 요청", button: "게시 중단 요청", link: "게시 중단 요청" },
  objection: { heading: "이의 신청", button: "이의 신청", link: "이의 신청" },
} as const;
export type ReviewAct = keyof typeof REVIEW_ACTS;

/** `2026-11` → `2026년 11월`. */
export function monthWords(month: string) {
  const [year, number] = month.split("-");
  return `${year}년 ${Number(number)}월`;
}

/** `셀러 ABCD`: how a review's writer is shown, the same for one account everywhere (review-writer.server.ts). */
export const writerLabel = (pseudonym: string) => `셀러 ${pseudonym}`;
