import type { ReactNode } from "react";
import { Link } from "react-router";
import { NO_CATEGORY_LABEL } from "#app/db/categories.ts";
import { safeHttpUrl, withHttps } from "#app/lib/safe-url.ts";
import { cardFactLabels, isBusinessVerified } from "./wholesaler-facts.ts";
import { WholesalerLogo } from "./wholesaler-logo.tsx";
import type { WholesalerCard as Card } from "./wholesaler-types.ts";

/** The address a visitor is sent to: https:// added when missing, and only ever http(s). */
export function siteLinkOf(w: { siteUrl: string }) {
  return safeHttpUrl(withHttps(w.siteUrl));
}

export function CategoryBadge({ category }: { category: string }) {
  return category ? (
    <span className="inline-block whitespace-nowrap rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-700">
      {category}
    </span>
  ) : (
    <span className="inline-block whitespace-nowrap rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600">
      {NO_CATEGORY_LABEL}
    </span>
  );
}

/**
 * The card grid of /list: as many columns of at least 15rem as the main column holds (it sits between
 * two 300px ad columns on a desktop, so viewport breakpoints would squeeze the cards).
 */
export const WHOLESALER_GRID_CLASS = "grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4";

/** A card's review score (features/reviews): the average of the four scores, one decimal, and the counted reviews. */
export type ReviewScore = { average: string; reviews: number };

/**
 * One card on /list: logo, name, category badge, summary, labels for the known-true terms among
 * `위탁 가능`, `무료 배송`, `반품 가능` (nothing for unknown ones), the site (new tab), the detail page,
 * and `actions` (the compare and favourite buttons) when given; `연결 안 됨` when the last site checks failed;
 * `사업자 확인` when the official records verify the business, `폐업` or `휴업` (`businessAlert`) when the 국세청 says so;
 * `후기 <average> · <n>건` once 3 reviews with 증빙 확인 count (`reviewScore`).
 */
export function WholesalerCard({
  wholesaler,
  eager = false,
  actions,
  siteDown = false,
  businessAlert = null,
  reviewScore = null,
  news = null,
}: {
  wholesaler: Card;
  eager?: boolean;
  actions?: ReactNode;
  siteDown?: boolean;
  businessAlert?: "폐업" | "휴업" | null;
  reviewScore?: ReviewScore | null;
  /** What is new about it (/updates: `새 도매처 · 2026. 11. 28.`), above the summary. */
  news?: string | null;
}) {
  const name = wholesaler.name.trim() || "이름 없음";
  const site = siteLinkOf(wholesaler);
  const labels = cardFactLabels(wholesaler.factMask ?? 0, {
    shippingFee: wholesaler.shippingFee ?? null,
    freeShippingOver: wholesaler.freeShippingOver ?? null,
  });
  return (
    <li className="deferred-card flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md">
      <div className="flex items-center gap-3">
        <WholesalerLogo name={wholesaler.name} image={wholesaler.logo} eager={eager} />
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900" title={name}>
            {name}
          </h2>
          <div className="mt-1 flex flex-wrap gap-1">
            <CategoryBadge category={wholesaler.category} />
            {/* The site checks found the site unreachable on two consecutive days (features/site-checks). */}
            {siteDown ? (
              <span className="inline-block whitespace-nowrap rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-medium text-rose-700">
                연결 안 됨
              </span>
            ) : null}
            {/* The official records (features/official-records): what the registries say, never a judgement. */}
            {isBusinessVerified(wholesaler.factMask ?? 0) ? (
              <span className="inline-block whitespace-nowrap rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800">
                사업자 확인
              </span>
            ) : null}
            {businessAlert ? (
              <span className="inline-block whitespace-nowrap rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-medium text-rose-700">
                {businessAlert}
              </span>
            ) : null}
          </div>
        </div>
      </div>
      {news ? <p className="mt-3 text-sm font-medium text-blue-800">{news}</p> : null}
      <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-slate-600">{wholesaler.summary.trim() || "설명 없음"}</p>
      {reviewScore ? (
        <p className="mt-2 text-sm text-slate-700">
          후기 <strong className="font-semibold text-slate-900">{reviewScore.average}</strong> ·{" "}
          {reviewScore.reviews.toLocaleString("ko-KR")}건
        </p>
      ) : null}
      {labels.length ? (
        <p className="mt-3 flex flex-wrap gap-1.5">
          <span className="sr-only">확인된 조건: </span>
          {labels.map((label) => (
            <span
              key={label}
              className="rounded-md bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset"
            >
              {label}
            </span>
          ))}
        </p>
      ) : null}
      {/* mt-auto, not a stretched summary: a clamped paragraph taller than three lines shows a fourth. */}
      <div className="mt-auto flex items-center justify-between gap-2 pt-4 text-sm">
        {site ? (
          <a href={site} target="_blank" rel="noopener noreferrer" className="whitespace-nowrap font-medium text-blue-700 hover:underline">
            사이트 방문
            <span aria-hidden="true"> ↗</span>
            <span className="sr-only"> (새 탭)</span>
          </a>
        ) : (
          <span className="text-slate-600">사이트 주소 확인 필요</span>
        )}
        <Link
          to={`/wholesaler/${wholesaler.id}`}
          className="whitespace-nowrap rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50"
        >
          상세 정보
        </Link>
      </div>
      {actions ? <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">{actions}</div> : null}
    </li>
  );
}
