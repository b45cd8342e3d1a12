import { Link } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { createProductAction, savedProductOf } from "#app/features/products/product-actions.server.ts";
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
  const [suppliers, saved] = await Promise.all([managedListings(account.id), savedProductOf(request, account)]);
  return { suppliers: suppliers.map(({ id, name }) => ({ id, name: name.trim() || "이름 없음" })), saved };
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
        status={
          // After a save (`?saved=`): the empty form again, and the way to the new product's page.
          loaderData.saved && !actionData ? (
            <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
              등록한 상품:{" "}
              <Link to={`/product/${loaderData.saved.id}`} className="underline">
                ‘{loaderData.saved.name}’ 상품 페이지 보기
              </Link>
            </p>
          ) : null
        }
      />
    </>
  );
}
