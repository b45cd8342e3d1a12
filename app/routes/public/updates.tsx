import { Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { ALL_CATEGORIES_LABEL, CATEGORIES } from "#app/db/categories.ts";
import { supplierCards } from "#app/features/directory/supplier-cards.server.ts";
import { WholesalerCardGrid } from "#app/features/directory/wholesaler-card-grid.tsx";
import { newsWords, UPDATES_DAYS, updatesCategory, updatesHref } from "#app/features/updates/update-kinds.ts";
import { listUpdates } from "#app/features/updates/updates.server.ts";
import { formatDate } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { parsePageParam } from "#app/lib/url-params.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/updates";

/** Plain links only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = (args) => {
  const category = args.loaderData?.category ?? "";
  return [
    ...pageMeta(
      {
        title: category ? `${category} 최근 업데이트` : "최근 업데이트",
        description: `최근 ${UPDATES_DAYS}일 동안 새로 등록된 도매처와 새로 확인된 위탁 조건을 모았습니다.`,
        query: ["category", "page"],
      },
      args,
    ),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: category ? `최근 업데이트 (${category})` : "최근 업데이트",
      href: updatesHref(category, "/updates.xml"),
    },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const category = updatesCategory(searchParams);
  const page = parsePageParam(searchParams.get("page"));
  const [result, user] = await Promise.all([listUpdates({ category, page }), getUser(request)]);
  const { items, extras } = await supplierCards(result.items, user);
  // The words of each card's news are put together here, so the page carries them as text only.
  const news = Object.fromEntries(result.items.map((item) => [item.id, `${newsWords(item)} · ${formatDate(item.newsAt)}`]));
  return { category, page, pageCount: result.pageCount, total: result.total, items, extras, news };
}

export default function Updates({ loaderData }: Route.ComponentProps) {
  const { category, page, pageCount, total, items, extras, news } = loaderData;
  return (
    <>
      <PageHeading
        actions={
          <a href={updatesHref(category, "/updates.xml")} className="text-sm font-medium text-blue-700 hover:underline">
            Atom 피드
          </a>
        }
      >
        최근 업데이트
      </PageHeading>
      <p className="mb-4 text-slate-700">
        최근 {UPDATES_DAYS}일 동안 새로 등록된 도매처와 새로 확인된 위탁 조건입니다. 최신 소식부터 보여 드립니다.
      </p>
      <nav aria-label="카테고리" className="-mx-1 mb-6 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible">
        {["", ...CATEGORIES].map((chip) => {
          const selected = chip === category;
          return (
            <Link
              key={chip || "all"}
              to={updatesHref(chip)}
              aria-current={selected ? "page" : undefined}
              className={`shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium transition ${
                selected
                  ? "border-blue-600 bg-blue-600 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:border-blue-400 hover:text-blue-700"
              }`}
            >
              {chip || ALL_CATEGORIES_LABEL}
            </Link>
          );
        })}
      </nav>
      {items.length === 0 ? (
        <EmptyState message={`최근 ${UPDATES_DAYS}일 동안 새 소식이 없습니다.`}>
          <Link to="/list" className="font-medium text-blue-700 hover:underline">
            전체 도매처 보기
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            {category ? `${category} · ` : ""}총 {total.toLocaleString("ko-KR")}곳
          </p>
          <WholesalerCardGrid items={items} extras={extras} news={news} />
          <Pager page={page} pageCount={pageCount} hrefFor={(n) => updatesHref(category, "/updates", n)} keepScroll={false} />
        </>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
