import { Link } from "react-router";
import { NO_CATEGORY_LABEL } from "#app/features/categories/categories.ts";
import { safeHttpUrl, withHttps } from "#app/lib/safe-url.ts";
import type { WholesalerCard as Card } from "./wholesaler-types.ts";
import { WholesalerLogo } from "./wholesaler-logo.tsx";

/** The address a visitor is sent to: https:// added when missing, and only ever http(s). */
export function siteLinkOf(w: { siteUrl: string; website: string }) {
  return safeHttpUrl(withHttps(w.siteUrl || w.website));
}

export function CategoryBadge({ category }: { category: string }) {
  return category ? (
    <span className="inline-block whitespace-nowrap rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-700">{category}</span>
  ) : (
    <span className="inline-block whitespace-nowrap rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-500">{NO_CATEGORY_LABEL}</span>
  );
}

/**
 * The card grid of /list: as many columns of at least 15rem as the main column holds (it sits between
 * two 300px ad columns on a desktop, so viewport breakpoints would squeeze the cards).
 */
export const WHOLESALER_GRID_CLASS = "grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4";

/** One card on /list: logo, name, category badge, summary, the site (new tab) and the detail page. */
export function WholesalerCard({ wholesaler, eager = false }: { wholesaler: Card; eager?: boolean }) {
  const name = wholesaler.name.trim() || "이름 없음";
  const site = siteLinkOf(wholesaler);
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md">
      <div className="flex items-center gap-3">
        <WholesalerLogo name={wholesaler.name} src={wholesaler.logoUrl || wholesaler.image} eager={eager} />
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900" title={name}>
            {name}
          </h2>
          <div className="mt-1">
            <CategoryBadge category={wholesaler.category} />
          </div>
        </div>
      </div>
      <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-slate-600">{wholesaler.summary.trim() || "설명 없음"}</p>
      {/* mt-auto, not a stretched summary: a clamped paragraph taller than three lines shows a fourth. */}
      <div className="mt-auto flex items-center justify-between gap-2 pt-4 text-sm">
        {site ? (
          <a href={site} target="_blank" rel="noopener noreferrer" className="whitespace-nowrap font-medium text-blue-700 hover:underline">
            사이트 방문
            <span aria-hidden="true"> ↗</span>
            <span className="sr-only"> (새 탭)</span>
          </a>
        ) : (
          <span className="text-slate-500">사이트 정보 없음</span>
        )}
        <Link to={`/wholesaler/${wholesaler.id}`} className="whitespace-nowrap rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50">
          상세 정보
        </Link>
      </div>
    </li>
  );
}
