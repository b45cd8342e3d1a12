import type { ReactNode } from "react";

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
