import { Link, redirect } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { compareAction, readCompareIds } from "#app/features/compare/compare.server.ts";
import { parseCompareIds } from "#app/features/compare/compare-ids.server.ts";
import { compareHref, TOO_FEW_MESSAGE, TOO_MANY_MESSAGE } from "#app/features/compare/compare-ids.ts";
import { type CompareColumn, CompareTable } from "#app/features/compare/compare-table.tsx";
import { FavoriteButton } from "#app/features/favorites/favorite-button.tsx";
import { favoriteIdsAmong } from "#app/features/favorites/favorites.server.ts";
import { recordsEnabled, recordViewOf } from "#app/features/official-records/official-records.server.ts";
import { recordRows } from "#app/features/official-records/record-rows.ts";
import { siteStatusOf } from "#app/features/site-checks/site-checks.server.ts";
import { SITE_STATUS_LABELS } from "#app/features/site-checks/site-status-labels.ts";
import { siteLinkOf } from "#app/features/wholesalers/wholesaler-card.tsx";
import { firstReleaseRows } from "#app/features/wholesalers/wholesaler-rows.ts";
import { termRows } from "#app/features/wholesalers/wholesaler-terms.ts";
import { compareWholesalers } from "#app/features/wholesalers/wholesalers.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { formatDate } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/compare";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = (args) => [
  // The address is meant to be shared (a messenger shows its card), so it carries the sharing tags; `ids` defines it.
  ...pageMeta(
    {
      title: "도매처 비교",
      description: "고른 도매처의 위탁 판매, 최소 주문 수량, 배송비, 반품, 이미지 사용, 가격 정책을 한 표로 비교하세요.",
      query: ["ids"],
    },
    args,
  ),
  // A comparison is whatever a visitor picked: not a page for search engines.
  { name: "robots", content: "noindex" },
];

/**
 * /compare?ids=3,17,5: the suppliers side by side. Without `ids` the visitor's chosen suppliers (the
 * compare cookie) are shown by redirecting to their URL, so the address can be shared.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("ids");
  if (raw === null) {
    const chosen = await readCompareIds(request);
    if (chosen.length) throw redirect(compareHref(chosen));
  }
  const { ids, more } = parseCompareIds(raw);
  const [items, user] = await Promise.all([compareWholesalers(ids), getUser(request)]);
  const found = items.map((item) => item.id);
  const [favorites, columns] = await Promise.all([
    user ? favoriteIdsAmong(user.id, found) : null,
    // Every row of each detail page, in the words it uses there (at most four suppliers: a few small reads each).
    Promise.all(
      items.map(async (item): Promise<CompareColumn> => {
        const [site, recordView] = await Promise.all([siteStatusOf(item.id), recordViewOf(item.id)]);
        return {
          id: item.id,
          name: item.name,
          siteLink: siteLinkOf(item),
          sections: [
            {
              title: "기본 정보",
              rows: firstReleaseRows(item, {
                status: SITE_STATUS_LABELS[site.status],
                checkedDay: site.checkedAt ? formatDate(site.checkedAt) : null,
              }),
            },
            { title: "위탁 조건", rows: termRows(item) },
            { title: "사업자 정보", rows: recordRows({ enabled: recordsEnabled(), answers: recordView.answers, siteUrl: item.siteUrl }) },
          ],
        };
      }),
    ),
  ]);
  return { columns, favorites, tooMany: more };
}

export async function action({ request }: Route.ActionArgs) {
  return compareAction(request, await readForm(request));
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { columns, favorites, tooMany } = loaderData;
  return (
    <>
      <PageHeading>도매처 비교</PageHeading>
      {tooMany ? (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {TOO_MANY_MESSAGE} 앞의 4곳만 보여 드립니다.
        </p>
      ) : null}
      {columns.length < 2 ? (
        <EmptyState message={TOO_FEW_MESSAGE}>
          <Link to="/list" className="font-medium text-blue-700 hover:underline">
            도매처 목록에서 고르기
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            ‘확인 필요’는 아직 확인하지 못한 항목이고, ‘확인 전’은 아직 점검하지 않은 항목입니다. 거래 전에 공급사에 직접 확인하세요.
          </p>
          <CompareTable
            columns={columns}
            actionsFor={(id) => <FavoriteButton wholesalerId={id} saved={favorites === null ? null : favorites.includes(id)} />}
          />
        </>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
