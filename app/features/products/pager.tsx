import { Link, useLocation } from "react-router";

/**
 * Previous/next links for one paged list; other lists' pages and the search stay in the URL, so a
 * shared link shows the same results.
 */
export function Pager({
  page,
  pageCount,
  totalIsCapped = false,
  param = "page",
  label,
}: { page: number; pageCount: number; totalIsCapped?: boolean; param?: string; label: string }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete(param);
    else params.set(param, String(target));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  const linkClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pageCount))} preventScrollReset className={linkClass}>
          이전
        </Link>
      ) : null}
      <span className="text-sm text-slate-600">
        {/* Past the count cap the last page is not known: only where the reader is. */}
        {totalIsCapped ? `${page} 페이지` : `${Math.min(page, pageCount)} / ${pageCount} 페이지`}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} preventScrollReset className={linkClass}>
          다음
        </Link>
      ) : null}
    </nav>
  );
}
