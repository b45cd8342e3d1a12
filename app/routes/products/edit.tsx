import { PageHeading } from "#app/components/page-heading.tsx";
import { loadProductForEdit, updateProductAction } from "#app/features/products/product-actions.server.ts";
import { ProductForm } from "#app/features/products/product-form.tsx";
import { managedListings } from "#app/features/suppliers/claims.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { requireUser } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/edit";

// A save over the hourly picture cap (429) carries Retry-After to the browser.
export { routeHeaders as headers } from "#app/lib/headers.ts";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "상품 수정", description: "등록한 상품의 정보를 고칩니다." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadProductForEdit(request, params.id);
  // The `도매처` select: the listings this account manages (공급사 인증).
  const suppliers = await managedListings((await requireUser(request)).id);
  return { ...loaded, suppliers: suppliers.map(({ id, name }) => ({ id, name: name.trim() || "이름 없음" })) };
}

export function action({ request, params }: Route.ActionArgs) {
  return updateProductAction(request, params.id);
}

/** A save comes back here with `수정 완료!`, and moves on to /products a second later (the message's `next`). */
export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading>상품 수정</PageHeading>
      <ProductForm
        defaults={loaderData.values}
        result={actionData}
        submitLabel="수정하기"
        pendingLabel="수정 중..."
        clearOnSuccess={false}
        suppliers={loaderData.suppliers}
        supplierId={loaderData.wholesalerId}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
