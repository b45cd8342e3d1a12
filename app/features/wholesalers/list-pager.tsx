import { Link } from "react-router";

type Props = { page: number; pageCount: number; hrefFor: (page: number) => string };

/** 이전 · page numbers · 다음, as plain links (the page number lives in the URL). */
export function ListPager({ page, pageCount, hrefFor }: Props) {
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => first + i);
  const cell = "inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-1.5 text-sm";
  return (
    <nav aria-label="페이지 이동" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${cell} border-slate-300 bg-white hover:bg-slate-50`}>
          이전
        </Link>
      ) : null}
      {pages.map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className={`${cell} border-blue-600 bg-blue-600 font-semibold text-white`}>
            {n}
          </span>
        ) : (
          <Link key={n} to={hrefFor(n)} aria-label={`${n}페이지`} className={`${cell} border-slate-300 bg-white hover:bg-slate-50`}>
            {n}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={`${cell} border-slate-300 bg-white hover:bg-slate-50`}>
          다음
        </Link>
      ) : null}
    </nav>
  );
}
