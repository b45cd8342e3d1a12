import { Form, Link, redirect, useNavigation } from "react-router";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb, HOME_CRUMB } from "#app/components/breadcrumbs.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { SkeletonGrid } from "#app/components/skeleton-card.tsx";
import { PUBLIC_COUNT_CAP } from "#app/db/paging.server.ts";
import { supplierCards } from "#app/features/directory/supplier-cards.server.ts";
import { WholesalerCardGrid } from "#app/features/directory/wholesaler-card-grid.tsx";
import { recordsEnabled } from "#app/features/official-records/official-records.server.ts";
import { CategoryRegulatoryNotes } from "#app/features/regulatory/regulatory-note-list.tsx";
import { absoluteUrl } from "#app/features/sitemap/sitemap.server.ts";
import { TERM_FILTERS } from "#app/features/wholesalers/wholesaler-facts.ts";
import { listHref, parseListParams } from "#app/features/wholesalers/wholesaler-list-params.ts";
import { WholesalerSearchForm } from "#app/features/wholesalers/wholesaler-search-form.tsx";
import { searchDirectory, suggestWholesalerName } from "#app/features/wholesalers/wholesalers.server.ts";
import { withDirectionParticle, withObjectParticle } from "#app/lib/korean-particles.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import { notesForCategory } from "#content/regulatory-notes.ts";
import type { Route } from "./+types/list";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const q = loaderData?.q;
  const category = loaderData?.category;
  const title = q ? `'${q}' 검색 결과 - 도매 사이트 목록` : category ? `${category} 도매 사이트 목록` : "도매 사이트 목록";
  return pageMeta(
    {
      title,
      description: "카테고리와 검색으로 온라인 판매에 맞는 도매처를 찾아보세요. 초성(ㄷㅁㄲ)으로도 찾을 수 있습니다.",
      query: ["category", "q", "page"],
    },
    args,
  );
};

export async function loader({ request }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const params = parseListParams(searchParams);
  // The form's filter buttons without JavaScript: go to the clean URL of the new state.
  if (searchParams.has("toggle") || searchParams.has("current-category")) throw redirect(listHref(params));
  // Without DATA_GO_KR_KEY nothing is checked: no `사업자 확인` button, and an old link's filter is dropped (spec decision 47).
  const recordsOn = recordsEnabled();
  if (!recordsOn && params.facts.includes("business-verified"))
    throw redirect(listHref({ ...params, facts: params.facts.filter((fact) => fact !== "business-verified") }));
  const [{ category: wordCategory, readAs, ...result }, user] = await Promise.all([
    searchDirectory({ ...params, countCap: PUBLIC_COUNT_CAP }),
    getUser(request),
  ]);
  const [{ items, extras }, suggestion] = await Promise.all([
    supplierCards(result.items, user),
    // Nothing found for a search: a supplier's name one syllable away (`혹시 도매꾹을 찾으셨나요?`).
    result.items.length === 0 && params.q && params.page === 1 ? suggestWholesalerName(params.q) : null,
  ]);
  return {
    ...params,
    ...result,
    items,
    extras,
    // The words are put together here, so the page's JavaScript carries neither them nor the particle rule.
    suggestion: suggestion
      ? {
          name: suggestion,
          particle: withObjectParticle(suggestion).slice(suggestion.length),
          href: listHref({ q: suggestion, sort: params.sort }),
        }
      : null,
    emptyTips: result.items.length === 0 ? emptyListTips(params) : [],
    // `옷` names the category 의류: its link, when the list is not that category already (category-words.ts).
    wordCategory:
      wordCategory && wordCategory !== params.category && result.total > 0
        ? { name: wordCategory, href: listHref({ category: wordCategory, sort: params.sort, facts: params.facts }) }
        : null,
    // `ehao` was read as `도매` (a 한/영 slip): the page says which words it searched.
    readAs: readAs ? { text: readAs, particle: withDirectionParticle(readAs).slice(readAs.length) } : null,
    regulatoryNotes: notesForCategory(params.category),
    recordsOn,
    // A category's list: 홈 › 도매 사이트 목록 › 의류, shown and as BreadcrumbList (the chip's page, without a search).
    ...categoryTrail(params.category),
    // `이 조건 저장` for a signed-in account when the list is narrowed (features/saved-searches): the list's own parameters.
    saveSearch:
      user && (params.q || params.category || params.facts.length)
        ? listHref({ q: params.q, category: params.category, facts: params.facts }, "").replace(/^\?/, "")
        : null,
  };
}

function categoryTrail(category: string): { trail: Crumb[] | null; breadcrumbs: ReturnType<typeof breadcrumbJsonLd> | null } {
  if (!category) return { trail: null, breadcrumbs: null };
  const trail = [HOME_CRUMB, { name: "도매 사이트 목록", path: "/list" }, { name: category, path: listHref({ category }) }];
  return { trail, breadcrumbs: breadcrumbJsonLd(trail, absoluteUrl) };
}

export default function List({ loaderData }: Route.ComponentProps) {
  const {
    items,
    total,
    totalIsCapped,
    page,
    pageCount,
    extras,
    regulatoryNotes,
    suggestion,
    emptyTips,
    wordCategory,
    readAs,
    recordsOn,
    trail,
    breadcrumbs,
    saveSearch,
    ...state
  } = loaderData;
  const filterLabels = TERM_FILTERS.filter((filter) => state.facts.includes(filter.fact)).map((filter) => filter.label);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/list";

  return (
    <>
      {trail ? <Breadcrumbs trail={trail} /> : null}
      {breadcrumbs ? <JsonLd data={breadcrumbs} /> : null}
      <PageHeading>도매 사이트 목록</PageHeading>
      <WholesalerSearchForm state={{ ...state, page }} businessFilter={recordsOn} />
      <CategoryRegulatoryNotes category={state.category} notes={regulatoryNotes} />
      {saveSearch !== null ? (
        <Form method="post" action="/saved-searches" reloadDocument className="mb-3 flex justify-end">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="search" value={saveSearch} />
          <input type="hidden" name="redirectTo" value={listHref({ ...state, page })} />
          <button
            type="submit"
            className="rounded-md border border-blue-600 bg-white px-3 py-1.5 text-sm font-medium text-blue-700 hover:bg-blue-50"
          >
            이 조건 저장
          </button>
        </Form>
      ) : null}
      {/* While the next results load, the skeleton stands in for them: after a client-side navigation from React's
          state, on this page sent without React from the small module (app/scripts/page-enhancements.js), which
          shows this hidden copy and hides the results when the search form is sent. */}
      {searching ? null : (
        <div hidden data-pending="shows">
          <SkeletonGrid count={10} />
        </div>
      )}
      <div data-pending="hides">
        {searching ? (
          <SkeletonGrid count={10} />
        ) : items.length === 0 ? (
          <EmptyState
            message={state.q ? "검색 결과가 없습니다." : state.facts.length ? "조건에 맞는 도매처가 없습니다." : "표시할 내용이 없습니다."}
          >
            {suggestion ? (
              <p className="mb-3 text-base text-slate-800">
                혹시{" "}
                <Link to={suggestion.href} className="font-semibold text-blue-700 underline">
                  {suggestion.name}
                </Link>
                {suggestion.particle} 찾으셨나요?
              </p>
            ) : null}
            {emptyTips.length ? (
              <ul className="mx-auto mb-4 max-w-md list-disc space-y-1 pl-5 text-left text-sm text-slate-700">
                {emptyTips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            ) : null}
            {state.q || state.category || state.facts.length || page > 1 ? (
              <Link to="/list" className="font-medium text-blue-700 hover:underline">
                전체 도매처 보기
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <>
            {readAs ? (
              <p className="mb-2 text-slate-800">
                ‘{state.q}’ 대신 한글 <strong>‘{readAs.text}’</strong>
                {readAs.particle} 찾은 결과입니다. 한/영 키가 영문에 놓여 있었던 것 같습니다.
              </p>
            ) : null}
            {wordCategory ? (
              <p className="mb-2 text-slate-800">
                ‘{readAs?.text ?? state.q}’에 맞는 <strong>{wordCategory.name}</strong> 카테고리의 도매처도 검색 결과 뒤에 함께 보여
                드립니다.{" "}
                <Link to={wordCategory.href} className="font-semibold text-blue-700 underline">
                  {wordCategory.name} 도매처 보기
                </Link>
              </p>
            ) : null}
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {state.q ? `‘${readAs?.text ?? state.q}’ 검색 결과 ` : ""}
              {state.category ? `${state.category} · ` : ""}
              {filterLabels.length ? `${filterLabels.join(", ")} · ` : ""}총 {total.toLocaleString("ko-KR")}곳{totalIsCapped ? " 이상" : ""}
            </p>
            <WholesalerCardGrid items={items} extras={extras} />
            <Pager page={page} pageCount={pageCount} hrefFor={(n) => listHref({ ...state, page: n })} keepScroll={false} />
          </>
        )}
      </div>
    </>
  );
}

/** What else to try when a list came out empty: the search reads names and summaries; the chips and filters narrow less. */
function emptyListTips(state: { q: string; category: string; facts: readonly string[] }): string[] {
  return [
    ...(state.q
      ? [
          "검색은 도매처 이름과 소개, 카테고리에서 찾습니다. 더 짧은 말이나 다른 말로 찾아보세요.",
          "위의 카테고리 버튼으로 분야별 도매처를 둘러볼 수 있습니다.",
        ]
      : []),
    ...(state.facts.length ? ["켜 둔 조건 필터를 끄면 더 많은 도매처가 보입니다."] : []),
    ...(state.category ? ["카테고리를 ‘전체’로 바꾸면 다른 분야의 도매처도 함께 보입니다."] : []),
  ];
}
