import type { RecordRow } from "./record-rows.ts";
import { BEFORE_CHECK, RECORDS_HEADING, RECORDS_SOURCE_LINE } from "./record-words.ts";

/**
 * `사업자 정보` on /wholesaler/{id}: the five rows (record-rows.ts `recordRows`, computed in the loader) and the
 * source line. It says what the registries say, with the date, and nothing more (spec decision 32).
 */
export function OfficialRecordsSection({ rows }: { rows: RecordRow[] }) {
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
            <dd className={`min-w-0 break-words ${row.value === BEFORE_CHECK ? "text-slate-500" : "text-slate-900"}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-500">{RECORDS_SOURCE_LINE}</p>
    </section>
  );
}
