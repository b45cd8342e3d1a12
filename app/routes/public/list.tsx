import { Link, useNavigation } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SkeletonGrid } from "#app/components/skeleton-card.tsx";
import { PUBLIC_COUNT_CAP } from "#app/db/paging.server.ts";
import { ListPager } from "#app/features/wholesalers/list-pager.tsx";
import { WHOLESALER_GRID_CLASS, WholesalerCard } from "#app/features/wholesalers/wholesaler-card.tsx";
import { listHref, parseListParams } from "#app/features/wholesalers/wholesaler-list-params.ts";
import { WholesalerSearchForm } from "#app/features/wholesalers/wholesaler-search-form.tsx";
import { listWholesalers } from "#app/features/wholesalers/wholesalers.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const q = loaderData?.q;
  const category = loaderData?.category;
  const title = q ? `'${q}' 검색 결과 - 도매 사이트 목록` : category ? `${category} 도매 사이트 목록` : "도매 사이트 목록";
  return pageMeta({ title, description: "카테고리와 검색으로 온라인 판매에 맞는 도매처를 찾아보세요. 초성(ㄷㅁㄲ)으로도 찾을 수 있습니다." });
};

export async function loader({ request }: Route.LoaderArgs) {
  const params = parseListParams(new URL(request.url).searchParams);
  const result = await listWholesalers({ ...params, countCap: PUBLIC_COUNT_CAP });
  return { ...params, ...result };
}

export default function List({ loaderData }: Route.ComponentProps) {
  const { items, total, totalIsCapped, page, pageCount, ...state } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/list";

  return (
    <>
      <PageHeading>도매 사이트 목록</PageHeading>
      <WholesalerSearchForm state={{ ...state, page }} />
      {searching ? (
        <SkeletonGrid count={10} />
      ) : items.length === 0 ? (
        <EmptyState message={state.q ? "검색 결과가 없습니다." : "표시할 내용이 없습니다."}>
          {state.q || state.category || page > 1 ? (
            <Link to="/list" className="font-medium text-blue-700 hover:underline">
              전체 도매처 보기
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {state.q ? `‘${state.q}’ 검색 결과 ` : ""}
            {state.category ? `${state.category} · ` : ""}총 {total.toLocaleString("ko-KR")}곳{totalIsCapped ? " 이상" : ""}
          </p>
          <ul className={WHOLESALER_GRID_CLASS}>
            {items.map((wholesaler, index) => (
              <WholesalerCard key={wholesaler.id} wholesaler={wholesaler} eager={index < 8} />
            ))}
          </ul>
          <ListPager page={page} pageCount={pageCount} hrefFor={(n) => listHref({ ...state, page: n })} />
        </>
      )}
    </>
  );
}
