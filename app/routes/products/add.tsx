import { PageHeading } from "#app/components/page-heading.tsx";
import { createProductAction } from "#app/features/products/product-actions.server.ts";
import { EMPTY_PRODUCT, ProductForm } from "#app/features/products/product-form.tsx";
import { managedListings } from "#app/features/suppliers/claims.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { requireUser } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/add";

// A save over the hourly picture cap (429) carries Retry-After to the browser.
export { routeHeaders as headers } from "#app/lib/headers.ts";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "상품 등록", description: "판매할 상품을 등록합니다." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const account = await requireUser(request);
  // The `도매처` select: the listings this account manages (공급사 인증).
  const suppliers = await managedListings(account.id);
  return { suppliers: suppliers.map(({ id, name }) => ({ id, name: name.trim() || "이름 없음" })) };
}

export function action({ request }: Route.ActionArgs) {
  return createProductAction(request, { admin: null });
}

export default function AddProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading>상품 등록</PageHeading>
      <ProductForm
        defaults={EMPTY_PRODUCT}
        result={actionData}
        submitLabel="등록하기"
        pendingLabel="등록 중..."
        suppliers={loaderData.suppliers}
      />
    </>
  );
}
