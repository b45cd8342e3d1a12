import type { ReactNode } from "react";

/**
 * A table that scrolls sideways on a phone instead of squeezing its columns: the guides' tables, the tools
 * table of /seller-info, the policy's tables and the margin calculator's comparison. The scroll box is a
 * labelled region with a tab stop, so a keyboard can reach and scroll it (WCAG 2.1.1). It is a
 * `<div role="region">`, not a `<section>`: the page's own sections hold these tables, and a reader (or a test)
 * that takes a section to its end would stop at the table's. `relative`: visually hidden text inside (a link's
 * "새 탭") is positioned absolutely; without a positioned scroll box it escapes the clipping and widens the whole
 * page on a phone.
 */
export function ScrollTable({
  label,
  caption,
  captionClassName = "sr-only",
  columns,
  className = "",
  tableClassName = "",
  headClassName,
  columnClassName,
  bodyClassName,
  children,
}: {
  /** The region's name, what a screen reader announces on reaching the scroll box. */
  label: string;
  caption: string;
  captionClassName?: string;
  /** The column headings (`<th scope="col">`). */
  columns: readonly string[];
  className?: string;
  tableClassName?: string;
  headClassName?: string;
  columnClassName: string;
  bodyClassName?: string;
  /** The rows (`<tr>`s). */
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a region, not a <section>, see above
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard (WCAG 2.1.1)
    <div role="region" tabIndex={0} aria-label={label} className={`relative overflow-x-auto ${className}`}>
      <table className={`w-full border-collapse text-left text-sm ${tableClassName}`}>
        <caption className={captionClassName}>{caption}</caption>
        <thead className={headClassName}>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={columnClassName}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={bodyClassName}>{children}</tbody>
      </table>
    </div>
  );
}
