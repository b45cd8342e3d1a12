import type { RecordRow } from "./record-rows.ts";
import { BEFORE_CHECK, RECORDS_HEADING, RECORDS_NOT_CHECKED, RECORDS_SOURCE_LINE, ROW_LABELS } from "./record-words.ts";

/**
 * `사업자 정보` on /wholesaler/{id}: with the checks on, the five rows (record-rows.ts `recordRows`, computed in the
 * loader) and the source line, saying what the registries say, with the date, and nothing more (spec decision 32);
 * with them off (no DATA_GO_KR_KEY), only the number (`number`: the number, `(사이트 표기)` after one read from the
 * home page, or `확인 필요`) and `공식 기록은 아직 확인하지 않았습니다.` (spec decision 47).
 */
export function OfficialRecordsSection({ rows, enabled, number }: { rows: RecordRow[]; enabled: boolean; number: string }) {
  return (
    <section aria-labelledby="records-heading" className="mt-8">
      <h2 id="records-heading" className="text-lg font-semibold text-slate-900">
        {RECORDS_HEADING}
      </h2>
      {enabled ? (
        <>
          <dl className="mt-3 rounded-xl border border-slate-200 bg-white px-5">
            {rows.map((row) => (
              <div
                key={row.label}
                className="grid grid-cols-[7rem_1fr] items-baseline gap-3 border-b border-slate-100 py-3 last:border-b-0 sm:grid-cols-[10rem_1fr]"
              >
                <dt className="text-sm font-medium text-slate-500">{row.label}</dt>
                <dd className={`min-w-0 break-words ${row.value === BEFORE_CHECK ? "text-slate-500" : "text-slate-900"}`}>{row.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-slate-500">{RECORDS_SOURCE_LINE}</p>
        </>
      ) : (
        <div className="mt-3 rounded-xl border border-slate-200 bg-white px-5 py-3">
          <p className="text-slate-900">
            <span className="text-sm font-medium text-slate-500">{ROW_LABELS.number}</span> {number}
          </p>
          <p className="mt-1 text-sm text-slate-500">{RECORDS_NOT_CHECKED}</p>
        </div>
      )}
    </section>
  );
}
