import { z } from "zod";
import { TERM_GROUP_NAMES, TERM_GROUPS, type TermGroup, type WholesalerTerms } from "#app/db/term-values.ts";
import { isKnownGroup } from "#app/features/wholesalers/wholesaler-terms.ts";
import { termsToStore, wholesalerTermsShape } from "#app/features/wholesalers/wholesaler-terms-schema.ts";
import { calendarDay, httpUrl } from "#app/lib/form-fields.ts";
import { addDays, seoulDay } from "#app/lib/format.ts";
import { CHECKED_WITHIN_DAYS } from "./term-report-words.ts";

/** The terms a seller may report: every term of the admin form but 조건 확인일 and 조건 출처 (the report's own date and evidence). */
const { termsCheckedAt: _checkedAt, termsSource: _source, ...reportedTermsShape } = wholesalerTermsShape;

/**
 * `/wholesaler/{id}/terms-report`: the page and its action check the same schema. The terms start at `확인 필요`
 * and only those set are reported; `확인한 날짜` within the last 90 days, never in the future.
 */
export function termReportSchema(today = seoulDay()) {
  const earliest = addDays(today, -CHECKED_WITHIN_DAYS);
  return z.object({
    ...reportedTermsShape,
    evidenceUrl: httpUrl("근거 주소"),
    checkedOn: calendarDay("확인한 날짜", { required: "확인한 날짜를 입력해 주세요." }).refine(
      (day) => day === null || day >= earliest,
      `확인한 날짜는 최근 ${CHECKED_WITHIN_DAYS}일 안이어야 합니다.`,
    ),
  });
}
export type TermReportInput = z.output<ReturnType<typeof termReportSchema>>;

/** The term groups a report sets, and their values as stored (only those groups' fields). */
export function reportedTerms(input: TermReportInput): { groups: TermGroup[]; terms: Partial<WholesalerTerms> } {
  const { evidenceUrl: _url, checkedOn: _day, ...sent } = input;
  const { termsCheckedAt: _checked, termsSource: _source, ...stored } = termsToStore({ ...sent, termsCheckedAt: null, termsSource: "" });
  const groups = TERM_GROUP_NAMES.filter((group) => isKnownGroup(stored, group));
  const terms: Record<string, unknown> = {};
  for (const group of groups) for (const field of TERM_GROUPS[group]) terms[field] = stored[field];
  return { groups, terms: terms as Partial<WholesalerTerms> };
}
