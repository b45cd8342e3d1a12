// What the correction form shows, apart from its schema (report-schema.ts builds the schema from these): the public
// page reads them without the schema library in its JavaScript.

/** The reasons of a correction request: stored value → the words on the page (ui-contract.md). */
export const REPORT_REASONS = {
  unreachable: "사이트 연결 안 됨",
  wrong: "정보가 틀림",
  closed: "폐업·영업 중단",
  other: "기타",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_BODY_MAX = 1000;
