import type { ReactNode } from "react";
import { Form } from "react-router";

/** A column heading: its text, or with `hidden` a heading only screen readers hear (a column of buttons). */
export type AdminColumn = string | { label: string; align?: "right"; hidden?: boolean };

/**
 * The admin pages' data table: a scroll box, the column headings, and the rows the page passes (`<tr>`s).
 * `cell` is the heading cells' padding, the same the page's own cells use.
 */
export function AdminTable({
  columns,
  caption,
  cell = "px-4 py-2",
  children,
}: {
  columns: readonly AdminColumn[];
  caption?: string;
  cell?: string;
  children: ReactNode;
}) {
  return (
    // relative: the visually hidden text inside is positioned absolutely; without a positioned scroll box it
    // escapes the clipping and widens the whole page on a phone.
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            {columns.map((column) => {
              const { label, align, hidden } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={label} scope="col" className={`${cell} font-medium${align === "right" ? " text-right" : ""}`}>
                  {hidden ? <span className="sr-only">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** The look of a queue row's buttons and links (/admin/reports, /admin/records). */
export const ROW_ACTION_CLASS = "rounded-md border px-3 py-1.5 text-sm font-medium";

const ROW_ACTION_TONES = {
  plain: "border-slate-300 text-slate-700 hover:bg-slate-50",
  done: "border-emerald-300 text-emerald-800 hover:bg-emerald-50",
  change: "border-blue-300 text-blue-800 hover:bg-blue-50",
  refuse: "border-rose-200 text-rose-700 hover:bg-rose-50",
} as const;

export const rowActionClass = (tone: keyof typeof ROW_ACTION_TONES) => `${ROW_ACTION_CLASS} ${ROW_ACTION_TONES[tone]}`;

/**
 * One button of a queue row: a form of its own that posts `intent` with the row's hidden fields; the button is
 * described by the row's name (`describedBy`), so a screen reader hears which row it acts on.
 */
export function RowActionButton({
  intent,
  fields,
  describedBy,
  tone,
  children,
}: {
  intent: string;
  fields: Record<string, string | number>;
  describedBy: string;
  tone: keyof typeof ROW_ACTION_TONES;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} aria-describedby={describedBy} className={rowActionClass(tone)}>
        {children}
      </button>
    </Form>
  );
}
