import { Form, Link } from "react-router";
import { NO_CATEGORY_LABEL } from "#app/db/categories.ts";
import { termRows, UNKNOWN_LABEL } from "#app/features/wholesalers/wholesaler-terms.ts";
import type { WholesalerComparison } from "#app/features/wholesalers/wholesaler-types.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { compareHref } from "./compare-ids.ts";

/**
 * /compare's table: one column per supplier (its name links to its page), one row per term label
 * plus `카테고리`. It scrolls sideways inside its own box with the label column fixed, so on a phone
 * the page itself never gets wider than the screen.
 */
export function CompareTable({ items }: { items: WholesalerComparison[] }) {
  const columns = items.map((item) => ({ item, rows: termRows(item) }));
  const labels = [{ label: "카테고리" }, ...(columns[0]?.rows ?? [])].map((row) => row.label);
  const cellOf = (column: (typeof columns)[number], rowIndex: number) => {
    if (rowIndex === 0) return { value: column.item.category || NO_CATEGORY_LABEL };
    return column.rows[rowIndex - 1] ?? { value: UNKNOWN_LABEL };
  };
  const stickyCell = "sticky left-0 z-10 w-28 min-w-28 border-r border-slate-200 text-left sm:w-40 sm:min-w-40";
  return (
    // A box that scrolls must be reachable by keyboard (arrow keys scroll it once it has focus).
    // `relative`: the links' visually hidden "(새 탭)" texts are positioned absolutely; without a positioned
    // box they would be placed against the page and widen it on a phone despite the scrolling box.
    <section
      className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white"
      aria-label="도매처 비교 표"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs a tab stop (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <thead>
          <tr>
            <th scope="col" className={`${stickyCell} bg-slate-100 px-3 py-3 font-semibold text-slate-600`}>
              항목
            </th>
            {columns.map(({ item }) => {
              const rest = items.filter((other) => other.id !== item.id).map((other) => other.id);
              return (
                <th key={item.id} scope="col" className="min-w-40 border-b border-slate-200 bg-slate-50 px-3 py-3 text-left align-top">
                  <Link to={`/wholesaler/${item.id}`} className="break-words text-base font-semibold text-blue-700 hover:underline">
                    {item.name.trim() || "이름 없음"}
                  </Link>
                  {/* A plain form: the page moves to the comparison without this supplier (and the cookie follows). */}
                  <Form method="post" action="/compare" className="mt-2">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={item.id} />
                    <input type="hidden" name="redirectTo" value={compareHref(rest)} />
                    <button
                      type="submit"
                      className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100"
                    >
                      비교에서 빼기
                    </button>
                  </Form>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, rowIndex) => (
            <tr key={label}>
              <th scope="row" className={`${stickyCell} border-b border-slate-100 bg-white px-3 py-2.5 font-medium text-slate-600`}>
                {label}
              </th>
              {columns.map((column) => {
                const cell = cellOf(column, rowIndex);
                const link = "href" in cell && cell.href ? safeHttpUrl(cell.href) : null;
                return (
                  <td
                    key={column.item.id}
                    className={`min-w-40 border-b border-slate-100 px-3 py-2.5 align-top ${cell.value === UNKNOWN_LABEL ? "text-slate-400" : "text-slate-900"}`}
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
      </table>
    </section>
  );
}
