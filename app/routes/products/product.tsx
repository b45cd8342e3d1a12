import { Link } from "react-router";
import { DeleteConfirmation } from "#app/components/delete-confirmation.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { ShareButton } from "#app/components/share-button.tsx";
import { PRIMARY_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { deleteProductAction, loadProductPage } from "#app/features/products/product-actions.server.ts";
import { ProductControls } from "#app/features/products/product-card.tsx";
import { ProductImage } from "#app/features/products/product-image.tsx";
import { deleteConfirmationOf } from "#app/lib/confirm-before-delete.ts";
import { formFailure, readForm } from "#app/lib/form.server.ts";
import { formatWon } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import type { Route } from "./+types/product";

/** Plain links and forms only (the 삭제 asks on the server's own step): sent without React (ADR 0031). */
export const handle = SCRIPT_FREE;

export function loader({ request, params }: Route.LoaderArgs) {
  return loadProductPage(request, params.id);
}

/** 삭제 (`intent=delete`): the page is gone after it, so the person goes on to /products. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "delete") return formFailure("잘못된 요청입니다.");
  return deleteProductAction(request, form, { after: "/products" });
}

export const meta: Route.MetaFunction = (args) => {
  const product = args.loaderData?.product;
  if (!product) return [{ title: "상품을 찾을 수 없습니다. | 도매온" }, { name: "robots", content: "noindex" }];
  const price = product.price === null ? "가격 문의" : formatWon(product.price);
  const description = product.summary.trim() || `${product.name}: ${price}. 도매온에 등록된 상품입니다.`;
  // Our own copy of its picture, when there is one, is what a shared link shows.
  const image = args.loaderData?.jsonLd.image;
  return pageMeta(
    { title: product.name, description: description.slice(0, 160), image: typeof image === "string" ? image : undefined },
    args,
  );
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, supplier, canEdit, canDelete, jsonLd } = loaderData;
  // A 삭제 sent without confirm=1: the server asks first, naming what would be deleted.
  const confirmDelete = deleteConfirmationOf(actionData);
  if (confirmDelete) return <DeleteConfirmation fields={confirmDelete} what={`삭제할 상품: ${product.name}`} />;
  return (
    <article className="mx-auto max-w-3xl">
      <JsonLd data={jsonLd} />
      <Link to="/products" className="text-sm font-medium text-blue-700 hover:underline">
        ← 상품 검색으로
      </Link>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <ProductImage image={product.image} eager />
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">{product.name}</h1>
          <p className="text-xl font-bold text-rose-600">{product.price === null ? "가격 문의" : formatWon(product.price)}</p>
          <p className="text-slate-700">
            {supplier ? (
              <>
                공급 도매처:{" "}
                <Link to={`/wholesaler/${supplier.id}`} className="font-semibold text-blue-700 hover:underline">
                  {supplier.name}
                </Link>
              </>
            ) : (
              "직접 등록한 상품입니다."
            )}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            {product.siteUrl ? (
              <a href={product.siteUrl} target="_blank" rel="noopener noreferrer" className={PRIMARY_BUTTON_CLASS}>
                상품 페이지 방문
              </a>
            ) : null}
            <ShareButton
              path={`/product/${product.id}`}
              title={product.name}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
            />
          </div>
          <ProductControls id={product.id} canEdit={canEdit} canDelete={canDelete} />
          <div className="empty:hidden">
            <FormAlert message={actionData?.message} />
          </div>
        </div>
      </div>
      <section aria-labelledby="product-summary-heading" className="mt-8">
        <h2 id="product-summary-heading" className="text-lg font-semibold text-slate-900">
          상품 설명
        </h2>
        <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-700">{product.summary.trim() || "설명 없음"}</p>
      </section>
    </article>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
