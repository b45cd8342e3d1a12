import { formatBusinessNumber } from "#app/lib/business-number.ts";
import { formatDate, formatDay } from "#app/lib/format.ts";
import { domainMatches } from "./declared-domains.ts";
import { BEFORE_CHECK, NUMBER_UNKNOWN, RECORDS_NOT_CHECKED, ROW_LABELS, SITE_SHOWN_SUFFIX } from "./record-words.ts";
import type { NtsState } from "./registry-answers.ts";

// The rows of `사업자 정보` are computed in the detail page's loader (record-words.ts has the labels pages import).
const NTS_ROW_WORDS: Record<Exclude<NtsState, "closed">, string> = {
  active: "계속사업자",
  suspended: "휴업",
  unregistered: "등록되지 않은 번호",
};
const TAX_TYPE_WORDS: Record<string, string> = { "01": "일반과세자", "02": "간이과세자", "07": "간이과세자", "04": "면세사업자" };

/** What the rows are computed from: the stored answers (for the supplier's current number) or null. */
export type RecordAnswers = {
  ntsState: string | null;
  taxType: string | null;
  taxTypeCode: string | null;
  closedOn: string | null;
  ntsCheckedAt: Date | null;
  mailOrderFound: boolean | null;
  mailOrderNumber: string | null;
  mailOrderState: string | null;
  declaredDomains: string[];
  ftcCheckedAt: Date | null;
};

export type RecordRow = { label: string; value: string };

/** The supplier's 사업자등록번호 and whether it was read from its home page (official-records.server.ts `recordViewOf`). */
export type RecordNumber = { digits: string | null; fromPage: boolean };

/**
 * The `사업자등록번호` row: the number, `<number> (사이트 표기)` while a number read from the home page has no 국세청
 * answer yet (always, with the checks off), or `확인 필요` (spec decision 47).
 */
export function numberRow(number: RecordNumber, answers: RecordAnswers | null, enabled: boolean): RecordRow {
  if (!number.digits) return { label: ROW_LABELS.number, value: NUMBER_UNKNOWN };
  const answered = enabled && Boolean(answers?.ntsCheckedAt);
  const shown = formatBusinessNumber(number.digits);
  return { label: ROW_LABELS.number, value: number.fromPage && !answered ? `${shown} ${SITE_SHOWN_SUFFIX}` : shown };
}

/**
 * The rows of `사업자 정보`: while the checks are on, the five registry rows (`answers` must be about the supplier's
 * current number, official-records.server.ts `recordViewOf`; without a number or without answers every row is
 * `확인 전`); with the checks off, no registry row but one line saying the records were not checked (spec decision
 * 47; the detail page shows it under the number, /compare as its one row).
 */
export function recordRows({
  enabled,
  answers,
  siteUrl,
}: {
  enabled: boolean;
  answers: RecordAnswers | null;
  siteUrl: string;
}): RecordRow[] {
  if (!enabled) return [{ label: ROW_LABELS.records, value: RECORDS_NOT_CHECKED }];
  return registryRows(answers, siteUrl);
}

/** The five registry rows. */
function registryRows(answers: RecordAnswers | null, siteUrl: string): RecordRow[] {
  const a = answers;
  const nts = a?.ntsCheckedAt ? (a.ntsState as NtsState | null) : null;
  const ftc = a?.ftcCheckedAt ? a.mailOrderFound : null;
  const ntsValue =
    nts === null ? BEFORE_CHECK : nts === "closed" ? (a?.closedOn ? `폐업 (${formatDay(a.closedOn)})` : "폐업") : NTS_ROW_WORDS[nts];
  const taxValue =
    nts === null || nts === "unregistered"
      ? nts === "unregistered" && a?.taxType
        ? a.taxType
        : BEFORE_CHECK
      : (TAX_TYPE_WORDS[a?.taxTypeCode ?? ""] ?? (a?.taxType?.trim() || BEFORE_CHECK));
  const mailOrderValue = ftc === null ? BEFORE_CHECK : ftc ? `${a?.mailOrderNumber} (${a?.mailOrderState})` : "신고 내역 없음";
  const match = ftc ? domainMatches(a?.declaredDomains ?? [], siteUrl) : null;
  const domainValue = match === null ? BEFORE_CHECK : match ? "사이트 주소와 일치" : "일치하지 않음";
  const dates = [a?.ntsCheckedAt, a?.ftcCheckedAt].filter((d): d is Date => d instanceof Date);
  // The older of the two: every row shown was read on or after this day.
  const oldest = dates.length ? new Date(Math.min(...dates.map((d) => d.getTime()))) : null;
  return [
    { label: ROW_LABELS.nts, value: ntsValue },
    { label: ROW_LABELS.taxType, value: taxValue },
    { label: ROW_LABELS.mailOrder, value: mailOrderValue },
    { label: ROW_LABELS.domain, value: domainValue },
    { label: ROW_LABELS.checkedAt, value: oldest ? formatDate(oldest) : BEFORE_CHECK },
  ];
}
