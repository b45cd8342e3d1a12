import type { ImportPlan } from "./wholesaler-import.server.ts";

/** At most this many rows of one kind are listed; the counts are always complete. */
const SHOWN = 200;

function More({ count }: { count: number }) {
  return count > SHOWN ? <li className="px-4 py-2 text-slate-500">외 {(count - SHOWN).toLocaleString("ko-KR")}곳</li> : null;
}

function Section({ title, count, tone, children }: { title: string; count: number; tone: string; children?: React.ReactNode }) {
  return (
    <details open={count > 0 && count <= 50} className="rounded-xl border border-slate-200 bg-white">
      <summary className="cursor-pointer px-4 py-3 font-medium">
        <span className={tone}>{title}</span> {count.toLocaleString("ko-KR")}곳
      </summary>
      {count > 0 ? <ul className="divide-y divide-slate-100 border-t border-slate-100 text-sm">{children}</ul> : null}
    </details>
  );
}

/** What an import would do: rows to add, to update (with each change), unchanged, and refused with the reason. */
export function ImportPreview({ plan }: { plan: ImportPlan }) {
  return (
    <div className="space-y-3">
      <Section title="추가" count={plan.add.length} tone="text-emerald-700">
        {plan.add.slice(0, SHOWN).map(({ row, values }) => (
          <li key={row} className="px-4 py-2">
            <span className="text-slate-500">{row}행</span> {values.name}
            {values.category ? ` · ${values.category}` : ""} · <span className="break-all text-slate-600">{values.siteUrl}</span>
          </li>
        ))}
        <More count={plan.add.length} />
      </Section>
      <Section title="수정" count={plan.update.length} tone="text-blue-700">
        {plan.update.slice(0, SHOWN).map(({ row, name, changes }) => (
          <li key={row} className="px-4 py-2">
            <span className="text-slate-500">{row}행</span> {name}
            <ul className="mt-1 list-disc pl-6 text-slate-600">
              {changes.map((change) => (
                <li key={change.field} className="break-all">
                  {change.label}: {change.before || "(비어 있음)"} → {change.after}
                </li>
              ))}
            </ul>
          </li>
        ))}
        <More count={plan.update.length} />
      </Section>
      <Section title="변경 없음" count={plan.unchanged.length} tone="text-slate-700">
        {plan.unchanged.slice(0, SHOWN).map(({ row, name }) => (
          <li key={row} className="px-4 py-2">
            <span className="text-slate-500">{row}행</span> {name}
          </li>
        ))}
        <More count={plan.unchanged.length} />
      </Section>
      <Section title="제외" count={plan.refused.length} tone="text-rose-700">
        {plan.refused.slice(0, SHOWN).map(({ row, name, reason }) => (
          <li key={row} className="px-4 py-2">
            <span className="text-slate-500">{row}행</span> {name || "(이름 없음)"}: {reason}
          </li>
        ))}
        <More count={plan.refused.length} />
      </Section>
    </div>
  );
}
