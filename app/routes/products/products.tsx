import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { DeleteConfirmation } from "#app/components/delete-confirmation.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { PUBLIC_COUNT_CAP } from "#app/db/paging.server.ts";
import { listExternalProducts } from "#app/features/external-products/external-products.server.ts";
import { useProductDeletion } from "#app/features/products/delete-product-button.tsx";
import { deleteProductAction } from "#app/features/products/product-actions.server.ts";
import { ExternalProductCard, gridClass, ProductCard } from "#app/features/products/product-card.tsx";
import { ProductSearchBox } from "#app/features/products/product-search-box.tsx";
import { canDeleteProduct, canEditProduct, listProducts, supplierNamesOf } from "#app/features/products/products.server.ts";
import { deleteConfirmationOf } from "#app/lib/confirm-before-delete.ts";
import { formFailure, readForm } from "#app/lib/form.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { parseIdParam, parsePageParam } from "#app/lib/url-params.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import { imagesFor } from "#app/platform/images/images.server.ts";
import { MAX_QUERY_LENGTH } from "#app/platform/search/korean-search.ts";
import type { Route } from "./+types/products";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: "상품 검색",
      description: "도매처가 등록한 상품과 외부 인기 상품을 이름으로 한 번에 찾아보세요.",
      query: ["q", "page", "epage", "supplier"],
    },
    args,
  );

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  // `/products?supplier={id}`: one listing's products (공급사 인증); a malformed id lists nothing.
  const supplierParam = url.searchParams.get("supplier");
  const supplier = supplierParam === null ? undefined : (parseIdParam(supplierParam) ?? 0);
  const [user, productPage, externalPage] = await Promise.all([
    getUser(request),
    listProducts({ q, supplier, page: parsePageParam(url.searchParams.get("page")), countCap: PUBLIC_COUNT_CAP }),
    listExternalProducts({ q, page: parsePageParam(url.searchParams.get("epage")), countCap: PUBLIC_COUNT_CAP }),
  ]);
  // Both lists' pictures in one query; the outside addresses stay on the server.
  const [pictures, supplierNames] = await Promise.all([
    imagesFor([...productPage.items, ...externalPage.items].map((item) => item.imageUrl)),
    supplierNamesOf(productPage.items.map((item) => item.wholesalerId)),
  ]);
  const filteredBy = supplier ? await supplierNamesOf([supplier]) : null;
  return {
    q,
    // `/products?supplier={id}`: the listing whose products these are (none for an unknown or waiting one).
    supplier: supplier && filteredBy?.has(supplier) ? { id: supplier, name: filteredBy.get(supplier)! } : null,
    supplierFilter: supplier !== undefined,
    signedIn: Boolean(user),
    products: {
      ...productPage,
      // Owner ids stay on the server: the page only learns what this visitor may do with each card.
      items: productPage.items.map(({ createdBy, imageUrl, wholesalerId, ...product }) => ({
        ...product,
        supplier:
          wholesalerId !== null && supplierNames.has(wholesalerId) ? { id: wholesalerId, name: supplierNames.get(wholesalerId)! } : null,
        image: pictures.get(imageUrl) ?? null,
        canEdit: canEditProduct({ createdBy }, user),
        canDelete: canDeleteProduct({ createdBy }, user),
      })),
    },
    external: {
      ...externalPage,
      items: externalPage.items.map(({ imageUrl, ...item }) => ({ ...item, image: pictures.get(imageUrl) ?? null })),
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "delete") return formFailure("잘못된 요청입니다.");
  return deleteProductAction(request, form);
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { q, signedIn, products, external, supplier, supplierFilter } = loaderData;
  const [params] = useSearchParams();
  const { deletingId } = useProductDeletion();
  const visibleProducts = products.items.filter((product) => product.id !== deletingId);
  const nothing = products.total === 0 && external.total === 0;

  // A delete sent without confirm=1 (no JavaScript yet): the server asks first (lib/confirm-before-delete.ts).
  const confirmDelete = deleteConfirmationOf(actionData);
  if (confirmDelete) {
    // The step names what would go (the card it was pressed on is on this page of the list).
    const named = products.items.find((product) => String(product.id) === confirmDelete.productId);
    return <DeleteConfirmation fields={confirmDelete} what={named ? `삭제할 상품: ${named.name}` : undefined} />;
  }
  return (
    <>
      <PageHeading
        actions={
          signedIn ? (
            <Link to="/add" className="rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700">
              상품 등록
            </Link>
          ) : null
        }
      >
        상품 검색
      </PageHeading>

      <ProductSearchBox
        id="product-search"
        label="상품 검색"
        placeholder="상품명으로 검색 (예: 텀블러)"
        defaultValue={params.get("q") ?? q}
      />

      {supplierFilter ? (
        <p className="mb-4 text-slate-700">
          {supplier ? (
            <>
              <Link to={`/wholesaler/${supplier.id}`} className="font-semibold text-blue-700 hover:underline">
                {supplier.name}
              </Link>
              의 상품입니다.{" "}
            </>
          ) : (
            "찾는 도매처가 없습니다. "
          )}
          <Link to="/products" className="text-sm font-medium text-blue-700 hover:underline">
            전체 상품 보기
          </Link>
        </p>
      ) : null}

      <div className="mb-6 empty:hidden">
        <FormAlert message={actionData?.message} />
      </div>

      {nothing ? (
        <EmptyState message="검색 결과가 없습니다." />
      ) : (
        <>
          <CatalogueSection
            id="products"
            title="도매처 등록 상품"
            page={products}
            empty="해당하는 등록 상품이 없습니다."
            param="page"
            pagerLabel="도매처 등록 상품 페이지"
            className="mb-12"
          >
            {visibleProducts.length === 0
              ? null
              : visibleProducts.map((product, i) => <ProductCard key={product.id} product={product} eager={i === 0} />)}
          </CatalogueSection>
          <CatalogueSection
            id="external"
            title="외부 인기 상품"
            page={external}
            empty="해당하는 외부 인기 상품이 없습니다."
            param="epage"
            pagerLabel="외부 인기 상품 페이지"
          >
            {external.items.length === 0
              ? null
              : external.items.map((product, i) => (
                  <ExternalProductCard key={product.id} product={product} eager={i === 0 && visibleProducts.length === 0} />
                ))}
          </CatalogueSection>
        </>
      )}
    </>
  );
}

/** One of the page's two catalogues: its heading and count, its cards (or what to say without any), its pager. */
function CatalogueSection({
  id,
  title,
  page,
  empty,
  param,
  pagerLabel,
  className = "",
  children,
}: {
  id: string;
  title: string;
  page: { total: number; totalIsCapped: boolean; page: number; pageCount: number };
  empty: string;
  param: string;
  pagerLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <div className="mb-4 flex items-baseline gap-2">
        <h2 id={`${id}-heading`} className="text-xl font-bold">
          {title}
        </h2>
        <span className="text-sm text-slate-500">
          {page.total.toLocaleString("ko-KR")}개{page.totalIsCapped ? " 이상" : ""}
        </span>
      </div>
      {children ? (
        <div className={gridClass}>{children}</div>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">{empty}</p>
      )}
      <Pager page={page.page} pageCount={page.pageCount} totalIsCapped={page.totalIsCapped} param={param} label={pagerLabel} />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
