import { Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { supplierCards } from "#app/features/directory/supplier-cards.server.ts";
import { WholesalerCardGrid } from "#app/features/directory/wholesaler-card-grid.tsx";
import { favoriteAction, listFavorites } from "#app/features/favorites/favorites.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { parsePageParam } from "#app/lib/url-params.ts";
import { requireUser } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/favorites";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "찜한 도매처", description: "내가 찜한 도매처 목록입니다." }),
  { name: "robots", content: "noindex" },
];

/** The signed-in user's own favourites only (anonymous: /login?redirectTo=/favorites). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  const result = await listFavorites(user.id, page);
  // The same card as /list: a saved supplier whose site is down, or that closed or paused, says so here too.
  const { items, extras } = await supplierCards(result.items, user);
  return { ...result, items, extras };
}

/** 찜하기 / 찜 해제 from any page; changes only the signed-in user's list (anonymous: 401). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  return favoriteAction(user.id, await readForm(request));
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, extras } = loaderData;
  return (
    <>
      <PageHeading>찜한 도매처</PageHeading>
      {items.length === 0 ? (
        <EmptyState message="찜한 도매처가 없습니다.">
          {page > 1 ? (
            <Link to="/favorites" className="font-medium text-blue-700 hover:underline">
              첫 페이지로
            </Link>
          ) : (
            <Link to="/list" className="font-medium text-blue-700 hover:underline">
              도매처 둘러보기
            </Link>
          )}
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">총 {total.toLocaleString("ko-KR")}곳 · 최근 찜한 순</p>
          <WholesalerCardGrid items={items} extras={extras} />
          <Pager page={page} pageCount={pageCount} />
        </>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
