import { Link, useLocation } from "react-router";

type Props = {
  page: number;
  pageCount: number;
  /** Past a count cap the last page is unknown: numbers stop at the current page and `다음` stays. */
  totalIsCapped?: boolean;
  /** The query parameter of this list (a page with two lists gives each its own). */
  param?: string;
  /** The navigation's accessible name, e.g. `도매처 등록 상품 페이지`. */
  label?: string;
  /** The URL of a page; by default the current URL with `param` set (other lists and the search kept). */
  hrefFor?: (page: number) => string;
  /** Stay where the reader is (a page with two lists); a page that is one list starts the next page at the top. */
  keepScroll?: boolean;
};

/** The one pager: 이전 · up to five page numbers · 다음, as plain links (the page lives in the URL). */
export function Pager({
  page,
  pageCount,
  totalIsCapped = false,
  param = "page",
  label = "페이지 이동",
  hrefFor,
  keepScroll = true,
}: Props) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href =
    hrefFor ??
    ((target: number) => {
      const params = new URLSearchParams(location.search);
      if (target <= 1) params.delete(param);
      else params.set(param, String(target));
      const search = params.toString();
      return `${location.pathname}${search ? `?${search}` : ""}`;
    });
  const last = totalIsCapped ? Math.max(page, 1) : pageCount;
  const current = Math.min(page, pageCount);
  const first = Math.max(1, Math.min(current - 2, last - 4));
  const numbers = Array.from({ length: Math.min(5, last - first + 1) }, (_, i) => first + i);
  const cell = "inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-1.5 text-sm";
  const idle = `${cell} border-slate-300 bg-white hover:bg-slate-50`;
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {current > 1 ? (
        <Link to={href(current - 1)} preventScrollReset={keepScroll} className={idle}>
          이전
        </Link>
      ) : null}
      {numbers.map((n) =>
        n === current ? (
          <span key={n} aria-current="page" className={`${cell} border-blue-600 bg-blue-600 font-semibold text-white`}>
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} preventScrollReset={keepScroll} aria-label={`${n} 페이지`} className={idle}>
            {n}
          </Link>
        ),
      )}
      {current < pageCount ? (
        <Link to={href(current + 1)} preventScrollReset={keepScroll} className={idle}>
          다음
        </Link>
      ) : null}
    </nav>
  );
}
