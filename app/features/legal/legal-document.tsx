import type { ReactNode } from "react";
import { ScrollTable } from "#app/components/scroll-table.tsx";
import { TableOfContents } from "#app/components/table-of-contents.tsx";

export type LegalSection = { id: string; heading: string; body: ReactNode };

/** "2026-12-01" → "2026년 12월 1일", the way a Korean legal text writes its dates. */
export function koreanDate(isoDate: string) {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${year}년 ${month}월 ${day}일`;
}

/** A legal page: one h1, an introduction, a table of contents and numbered sections with their own h2. */
export function LegalDocument({
  title,
  intro,
  sections,
  footer,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  footer: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-6 leading-7 text-slate-800 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-4 space-y-3">{intro}</div>
      <TableOfContents id="legal-toc" sections={sections} className="mt-6" listClassName="mt-2 space-y-1 text-sm" />
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-8">
          <h2 id={section.id} className="scroll-mt-6 text-lg font-bold text-slate-900">
            {section.heading}
          </h2>
          <div className="mt-2 space-y-3 [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5">{section.body}</div>
        </section>
      ))}
      <footer className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-600">{footer}</footer>
    </article>
  );
}

/** A small two-or-more-column table for the policy's lists of items, periods and processors. */
export function LegalTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <ScrollTable
      label={caption}
      caption={caption}
      columns={head}
      columnClassName="border border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-900"
    >
      {rows.map((row, i) => (
        <tr key={i}>
          {row.map((cell, j) => (
            <td key={j} className="border border-slate-200 px-3 py-2 align-top">
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </ScrollTable>
  );
}
