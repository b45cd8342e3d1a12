import { z } from "zod";
import { checkbox, multiLine, singleLine } from "#app/lib/form-fields.ts";
import { hasFinalConsonant } from "#app/lib/korean-particles.ts";
import { hasContactDetails } from "./contact-details.ts";
import {
  ANSWER_BODY_MAX,
  EVIDENCE_NUMBER_MAX,
  FLAG_REASONS,
  type FlagReason,
  NOT_APPLICABLE,
  REASON_MAX,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_REFUSALS,
  SCORE_LABELS,
  SCORE_NAMES,
  type ScoreName,
  TRADE_MONTHS,
} from "./review-words.ts";

/** The months `거래 시기` offers, newest first: the current Korean month and the 23 before it (`YYYY-MM`). */
export function tradeMonths(now = new Date()): string[] {
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric", month: "2-digit" })
    .format(now)
    .split("-")
    .map(Number) as [number, number];
  return Array.from({ length: TRADE_MONTHS }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

/** One score: `1`–`5`, or `na` (or nothing chosen) for `해당 없음`, which is null. */
function score(name: ScoreName) {
  const label = SCORE_LABELS[name];
  return z.preprocess(
    (value) => (value === null || value === undefined ? "" : value),
    z.string({ error: "값의 형식이 올바르지 않습니다." }).transform((raw, ctx) => {
      const value = raw.trim();
      if (value === "" || value === NOT_APPLICABLE) return null;
      if (/^[1-5]$/.test(value)) return Number(value);
      ctx.addIssue({
        code: "custom",
        message: `${label}${hasFinalConsonant(label) ? "은" : "는"} 1점부터 5점까지, 또는 ‘해당 없음’으로 골라 주세요.`,
      });
      return z.NEVER;
    }),
  );
}

/** 주문번호 또는 송장번호: letters, digits and separators; its key (for `같은 증빙 번호`) is the letters and digits, upper-cased. */
export const evidenceKeyOf = (number: string) =>
  number
    .normalize("NFKC")
    .replace(/[^0-9A-Za-z]/g, "")
    .toUpperCase();

/**
 * `/wholesaler/{id}/review`: the page and its action check the same schema. `거래 시기` is checked against the months
 * of `now` (the action passes the server's clock; the page's select shows the same list).
 */
export function reviewSchema(now = new Date()) {
  const months = tradeMonths(now);
  return z
    .object({
      shipping: score("shipping"),
      stock: score("stock"),
      support: score("support"),
      returns: score("returns"),
      tradedOn: z
        .preprocess((value) => value ?? "", z.string())
        .refine((value) => months.includes(value), "거래 시기를 목록에서 골라 주세요.")
        .meta({ hints: { required: true } }),
      body: multiLine({
        max: REVIEW_BODY_MAX,
        required: "후기를 입력해 주세요.",
        tooLong: `후기는 ${REVIEW_BODY_MAX.toLocaleString("ko-KR")}자 이하로 써 주세요.`,
      })
        .pipe(
          z
            .string()
            .min(REVIEW_BODY_MIN, `후기는 ${REVIEW_BODY_MIN}자 이상 써 주세요.`)
            .refine((text) => !hasContactDetails(text), REVIEW_REFUSALS.contactDetails),
        )
        .meta({ hints: { required: true, maxLength: REVIEW_BODY_MAX } }),
      evidenceNumber: singleLine({
        max: EVIDENCE_NUMBER_MAX,
        tooLong: `주문번호 또는 송장번호는 ${EVIDENCE_NUMBER_MAX}자 이하로 입력해 주세요.`,
      }).refine(
        (value) => value === "" || /^[0-9A-Za-z][0-9A-Za-z\s\-_/#]*$/.test(value.normalize("NFKC")),
        "주문번호 또는 송장번호는 영문, 숫자와 하이픈(-)으로 입력해 주세요.",
      ),
      honest: checkbox("확인").refine((ticked) => ticked, "직접 거래했으며 대가를 받지 않았다는 확인란에 체크해 주세요."),
    })
    .superRefine((review, ctx) => {
      if (SCORE_NAMES.every((name) => review[name] === null)) {
        ctx.addIssue({ code: "custom", path: ["shipping"], message: "점수를 하나 이상 골라 주세요." });
      }
    });
}
export type ReviewInput = z.output<ReturnType<typeof reviewSchema>>;

const reasonValues = Object.keys(FLAG_REASONS) as [FlagReason, ...FlagReason[]];

/** `신고`: a reason from the list. */
export const flagSchema = z.object({
  reason: z
    .preprocess((value) => value ?? "", z.enum(reasonValues, { error: "신고 사유를 목록에서 골라 주세요." }))
    .meta({ hints: { required: true } }),
});

/** `답변 쓰기`: up to 1,000 characters. */
export const answerSchema = z.object({
  body: multiLine({
    max: ANSWER_BODY_MAX,
    required: "답변을 입력해 주세요.",
    tooLong: `답변은 ${ANSWER_BODY_MAX.toLocaleString("ko-KR")}자 이하로 써 주세요.`,
  }),
});

/** `게시 중단 요청` (a reason, required) and `이의 신청`: the same one field. */
export const reasonSchema = z.object({
  reason: multiLine({
    max: REASON_MAX,
    required: "사유를 입력해 주세요.",
    tooLong: `사유는 ${REASON_MAX.toLocaleString("ko-KR")}자 이하로 써 주세요.`,
  }),
});
