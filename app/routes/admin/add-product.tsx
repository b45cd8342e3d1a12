import { PageHeading } from "#app/components/page-heading.tsx";
import { createProductAction } from "#app/features/products/product-actions.server.ts";
import { EMPTY_PRODUCT, ProductForm } from "#app/features/products/product-form.tsx";
import { getProduct } from "#app/features/products/products.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/add-product";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "상품 등록 (관리자)", description: "관리자 상품 등록" }),
  { name: "robots", content: "noindex" },
];

/** After a save (`?saved=<id>`): that it was saved, and the product's own page address for `등록된 상품 보기`. */
export async function loader({ request }: Route.LoaderArgs) {
  const savedId = parseIdParam(new URL(request.url).searchParams.get("saved"));
  const product = savedId ? await getProduct(savedId) : null;
  return { saved: Boolean(product), savedLink: product ? safeHttpUrl(product.siteUrl) : null };
}

export function action({ request, context }: Route.ActionArgs) {
  return createProductAction(request, { admin: context.get(adminContext) });
}

export default function AdminAddProduct({ loaderData, actionData }: Route.ComponentProps) {
  // Beside the button: `상품 등록 완료!`, replaced by a link to the product's page when it has one (ui-contract).
  const saved = !actionData && loaderData.saved;
  const link = saved ? loaderData.savedLink : null;

  return (
    <>
      <PageHeading>상품 등록 (관리자)</PageHeading>
      <ProductForm
        defaults={EMPTY_PRODUCT}
        result={actionData}
        submitLabel="등록하기"
        pendingLabel="등록 중..."
        status={
          saved ? (
            <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
              {link ? (
                <a href={link} target="_blank" rel="noopener noreferrer" className="underline">
                  등록된 상품 보기
                </a>
              ) : (
                "상품 등록 완료!"
              )}
            </p>
          ) : null
        }
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
