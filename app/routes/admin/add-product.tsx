import { useEffect } from "react";
import { toast } from "sonner";
import { ErrorMessage } from "#app/components/error-message.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { createProductAction } from "#app/features/products/product-actions.server.ts";
import { EMPTY_PRODUCT, ProductForm } from "#app/features/products/product-form.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/add-product";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "상품 등록 (관리자)", description: "관리자 상품 등록" }),
  { name: "robots", content: "noindex" },
];

export function action({ request, context }: Route.ActionArgs) {
  return createProductAction(request, { admin: context.get(adminContext) });
}

export default function AdminAddProduct({ actionData }: Route.ComponentProps) {
  const saved = actionData?.ok ? actionData : null;
  const link = saved ? safeHttpUrl(saved.link) : null;

  useEffect(() => {
    // With a product page the inline message becomes a link; the toast still says it was saved.
    if (actionData?.ok && safeHttpUrl(actionData.link)) toast.success(actionData.message, { id: `admin-product-${actionData.savedId}` });
  }, [actionData]);

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
                saved.message
              )}
            </p>
          ) : null
        }
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorMessage error={error} />;
}
