import type { NtsState } from "./registry-answers.ts";

/**
 * The Korean words of the official records (ui-contract.md "Official records (사업자 정보)"): the labels of the
 * detail page's `사업자 정보` section, the card labels, the /admin/records reasons. `확인 전` is a value of its
 * own (spec decision 32): no number, no key, or no good answer yet; a failed call never turns a row into a yes or
 * a no. Constants only, so the pages that show them carry nothing else (record-rows.ts computes the rows).
 */

export const BEFORE_CHECK = "확인 전";
export const RECORDS_HEADING = "사업자 정보";
export const RECORDS_SOURCE_LINE = "출처: 국세청 사업자등록 상태조회, 공정거래위원회 통신판매사업자 등록현황";
export const RECORDS_OFF_MESSAGE = "공식 기록 확인이 꺼져 있습니다.";
/** The public section's one line instead of the registry rows while the checks are off (spec decision 47). */
export const RECORDS_NOT_CHECKED = "공식 기록은 아직 확인하지 않았습니다.";
/** After a 사업자등록번호 read from the home page, until the 국세청 answers for it. */
export const SITE_SHOWN_SUFFIX = "(사이트 표기)";
/** The number row without a number. */
export const NUMBER_UNKNOWN = "확인 필요";
export const VERIFIED_LABEL = "사업자 확인";
/** The card labels of a 국세청 state sellers must notice. */
export const STATE_LABELS = { closed: "폐업", suspended: "휴업" } as const;
export type BusinessAlert = keyof typeof STATE_LABELS;

export const ROW_LABELS = {
  number: "사업자등록번호",
  /** /compare's one row of 사업자 정보 while the checks are off. */
  records: "공식 기록",
  nts: "국세청 상태",
  taxType: "과세 유형",
  mailOrder: "통신판매업 신고",
  domain: "신고 도메인",
  checkedAt: "공식 기록 확인일",
} as const;

/** The /admin/records reasons, in the contract's words. */
export const REASON_WORDS = {
  closed: "폐업",
  suspended: "휴업",
  unregistered: "등록되지 않은 번호",
  "no-mail-order": "신고 내역 없음",
  "domain-mismatch": "일치하지 않음",
  "number-mismatch": "사업자등록번호 불일치",
  "name-mismatch": "상호 불일치",
} as const;
export type IssueReason = keyof typeof REASON_WORDS;

/** Why the last call of a service failed, for the admin (registry-answers.ts RegistryFailure). */
export const FAILURE_WORDS: Record<string, string> = {
  timeout: "응답 시간 초과",
  network: "연결 실패",
  refused: "허용되지 않은 주소",
  http: "오류 응답",
  "rate-limited": "일일 호출 한도 초과",
  "too-large": "응답이 너무 큼",
  "not-json": "JSON이 아닌 응답",
  "unexpected-body": "예상하지 못한 응답 형식",
  "other-number": "다른 번호에 대한 응답",
  "service-error": "서비스 오류 코드",
  unanswered: "요청한 번호가 응답에 없음",
};

/**
 * The 국세청 state as the change history and the alerts name it: the registry's own words for the three states
 * (`계속사업자`, `휴업자`, `폐업자`), `등록되지 않은 번호`, or "" before any answer.
 */
export const HISTORY_STATE_WORDS: Record<NtsState, string> = {
  active: "계속사업자",
  suspended: "휴업자",
  closed: "폐업자",
  unregistered: "등록되지 않은 번호",
};
