import { useSearchParams } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { PUBLIC_COUNT_CAP } from "#app/db/paging.server.ts";
import { listExternalProducts } from "#app/features/external-products/external-products.server.ts";
import { ExternalProductCard, gridClass } from "#app/features/products/product-card.tsx";
import { ProductSearchBox } from "#app/features/products/product-search-box.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { parsePageParam } from "#app/lib/url-params.ts";
import { imagesFor } from "#app/platform/images/images.server.ts";
import { MAX_QUERY_LENGTH } from "#app/platform/search/korean-search.ts";
import type { Route } from "./+types/external-products";

// One module serves /search and /external-products (two entries in routes.ts).
/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: "인기 상품 검색", description: "온라인에서 많이 팔리는 인기 상품을 이름으로 찾아보세요.", query: ["q", "page"] }, args);

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  const result = await listExternalProducts({ q, page: parsePageParam(url.searchParams.get("page")), countCap: PUBLIC_COUNT_CAP });
  const pictures = await imagesFor(result.items.map((item) => item.imageUrl));
  // The outside address stays on the server: the page only shows our copy.
  return { q, ...result, items: result.items.map(({ imageUrl, ...item }) => ({ ...item, image: pictures.get(imageUrl) ?? null })) };
}

export default function ExternalProducts({ loaderData }: Route.ComponentProps) {
  const { q, items, total, totalIsCapped, page, pageCount } = loaderData;
  const [params] = useSearchParams();
  const filtered = q.trim() !== "";

  return (
    <>
      <PageHeading>인기 상품 검색</PageHeading>
      <ProductSearchBox
        id="external-search"
        label="상품명 검색"
        showLabel
        placeholder="예: 캠핑 의자"
        defaultValue={params.get("q") ?? q}
      />

      {items.length === 0 ? (
        <EmptyState message={filtered ? "검색 결과가 없습니다." : "표시할 내용이 없습니다."} />
      ) : (
        <>
          {/* The cards' names are <h3>s, as under /products' 인기 상품 heading: the list has its <h2> here too. */}
          <h2 className="sr-only">상품 목록</h2>
          {filtered ? (
            <p className="mb-4 text-sm text-slate-600">
              검색 결과 {total.toLocaleString("ko-KR")}개{totalIsCapped ? " 이상" : ""}
            </p>
          ) : null}
          <div className={gridClass}>
            {items.map((product, i) => (
              <ExternalProductCard key={product.id} product={product} eager={i === 0} />
            ))}
          </div>
          <Pager page={page} pageCount={pageCount} totalIsCapped={totalIsCapped} label="인기 상품 페이지" />
        </>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
