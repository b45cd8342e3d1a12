import type { RecordRow } from "./record-rows.ts";
import { BEFORE_CHECK, NUMBER_UNKNOWN, RECORDS_HEADING, RECORDS_NOT_CHECKED, RECORDS_SOURCE_LINE } from "./record-words.ts";

/**
 * `사업자 정보` on /wholesaler/{id}: the rows (record-rows.ts `recordRows`, computed in the loader) and the source
 * line. It says what the registries say, with the date, and nothing more (spec decision 32); with the checks off
 * (no DATA_GO_KR_KEY) only the number and `공식 기록은 아직 확인하지 않았습니다.` (spec decision 47).
 */
export function OfficialRecordsSection({ rows, enabled }: { rows: RecordRow[]; enabled: boolean }) {
  return (
    <section aria-labelledby="records-heading" className="mt-8">
      <h2 id="records-heading" className="text-lg font-semibold text-slate-900">
        {RECORDS_HEADING}
      </h2>
      <dl className="mt-3 rounded-xl border border-slate-200 bg-white px-5">
        {rows.map((row) => (
          <div
            key={row.label}
            className="grid grid-cols-[7rem_1fr] items-baseline gap-3 border-b border-slate-100 py-3 last:border-b-0 sm:grid-cols-[10rem_1fr]"
          >
            <dt className="text-sm font-medium text-slate-500">{row.label}</dt>
            <dd
              className={`min-w-0 break-words ${row.value === BEFORE_CHECK || row.value === NUMBER_UNKNOWN ? "text-slate-500" : "text-slate-900"}`}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-500">{enabled ? RECORDS_SOURCE_LINE : RECORDS_NOT_CHECKED}</p>
    </section>
  );
}
