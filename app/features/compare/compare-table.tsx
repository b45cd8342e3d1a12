import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { compareHref } from "./compare-ids.ts";

/** One row of a column: the label and the detail page's words for it. */
export type CompareRow = { label: string; value: string; href?: string };
/** A group of rows under its own heading row (`기본 정보`, `위탁 조건`, `사업자 정보`). */
export type CompareSection = { title: string; rows: CompareRow[] };
/** One supplier's column, its words decided by the loader (the same as on /wholesaler/{id}). */
export type CompareColumn = { id: number; name: string; siteLink: string | null; sections: CompareSection[] };

/** Values that say a fact is not known or a check has not run: drawn in a quieter colour (still 4.5:1). */
const QUIET_VALUES = new Set(["확인 필요", "확인 전"]);

/**
 * /compare's table: one column per supplier (its name links to its page, with `사이트 방문`, `찜하기` and
 * `비교에서 빼기`), and every row of the detail page: the first release's rows and the site check's, the terms,
 * and 사업자 정보. It scrolls sideways inside its own box with the label column fixed, so on a phone the page
 * itself never gets wider than the screen; a line above it says so on a phone (ui-contract "Smaller changes").
 */
export function CompareTable({ columns, actionsFor }: { columns: CompareColumn[]; actionsFor?: (id: number) => ReactNode }) {
  const sections = columns[0]?.sections ?? [];
  const stickyCell = "sticky left-0 z-10 w-28 min-w-28 border-r border-slate-200 text-left sm:w-40 sm:min-w-40";
  return (
    <>
      <p id="compare-scroll-hint" className="mb-2 flex items-center gap-1 text-sm font-medium text-slate-700 sm:hidden">
        표를 옆으로 밀면 다른 도매처가 이어서 보입니다.
        <span aria-hidden="true">→</span>
      </p>
      {/*
        A box that scrolls must be reachable by keyboard (arrow keys scroll it once it has focus).
        `relative`: the links' visually hidden "(새 탭)" texts are positioned absolutely; without a positioned
        box they would be placed against the page and widen it on a phone despite the scrolling box.
      */}
      <section
        className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white"
        aria-label="도매처 비교 표"
        aria-describedby="compare-scroll-hint"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs a tab stop (WCAG 2.1.1)
        tabIndex={0}
      >
        <table className="w-full border-separate border-spacing-0 text-sm">
          <thead>
            <tr>
              <th scope="col" className={`${stickyCell} bg-slate-100 px-3 py-3 font-semibold text-slate-700`}>
                항목
              </th>
              {columns.map((column) => {
                const rest = columns.filter((other) => other.id !== column.id).map((other) => other.id);
                return (
                  <th key={column.id} scope="col" className="min-w-44 border-b border-slate-200 bg-slate-50 px-3 py-3 text-left align-top">
                    <Link to={`/wholesaler/${column.id}`} className="break-words text-base font-semibold text-blue-700 hover:underline">
                      {column.name.trim() || "이름 없음"}
                    </Link>
                    <div className="mt-2 flex flex-wrap items-center gap-2 font-normal">
                      {column.siteLink ? (
                        <a
                          href={column.siteLink}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="whitespace-nowrap text-sm font-medium text-blue-700 hover:underline"
                        >
                          사이트 방문
                          <span aria-hidden="true"> ↗</span>
                          <span className="sr-only"> (새 탭)</span>
                        </a>
                      ) : (
                        <span className="text-sm text-slate-600">사이트 주소 확인 필요</span>
                      )}
                      {actionsFor?.(column.id)}
                      {/* A plain form: the page moves to the comparison without this supplier (and the cookie follows). */}
                      <Form method="post" action="/compare">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="id" value={column.id} />
                        <input type="hidden" name="redirectTo" value={compareHref(rest)} />
                        <button
                          type="submit"
                          className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
                        >
                          비교에서 빼기
                        </button>
                      </Form>
                    </div>
                  </th>
                );
              })}
            </tr>
          </thead>
          {sections.map((section, sectionIndex) => (
            <tbody key={section.title}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={columns.length + 1}
                  className="border-b border-slate-200 bg-slate-100 px-3 py-2 text-left text-sm font-semibold text-slate-800"
                >
                  {section.title}
                </th>
              </tr>
              {section.rows.map((row, rowIndex) => (
                <tr key={row.label}>
                  <th scope="row" className={`${stickyCell} border-b border-slate-100 bg-white px-3 py-2.5 font-medium text-slate-700`}>
                    {row.label}
                  </th>
                  {columns.map((column) => {
                    const cell = column.sections[sectionIndex]?.rows[rowIndex] ?? { label: row.label, value: "확인 필요" };
                    const link = cell.href ? safeHttpUrl(cell.href) : null;
                    return (
                      <td
                        key={column.id}
                        className={`min-w-44 border-b border-slate-100 px-3 py-2.5 align-top ${QUIET_VALUES.has(cell.value) ? "text-slate-600" : "text-slate-900"}`}
                      >
                        {link ? (
                          <a href={link} target="_blank" rel="noopener noreferrer" className="break-all text-blue-700 hover:underline">
                            출처 보기
                            <span className="sr-only"> (새 탭)</span>
                          </a>
                        ) : (
                          cell.value
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </section>
    </>
  );
}
