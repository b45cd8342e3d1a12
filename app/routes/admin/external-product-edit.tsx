import { Form, Link } from "react-router";
import { TextField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import {
  loadExternalProductForEdit,
  updateExternalProductAction,
} from "#app/features/external-products/external-product-actions.server.ts";
import { externalProductSchema } from "#app/features/external-products/external-product-schema.ts";
import { failedValue, failureOf, inputHints } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/external-product-edit";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "외부 인기 상품 수정", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export function loader({ params }: Route.LoaderArgs) {
  return loadExternalProductForEdit(params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return updateExternalProductAction(request, params.id);
}

export default function EditExternalProduct({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const field = (name: keyof typeof externalProductSchema.shape) => ({
    name,
    defaultValue: failedValue(failure, name) ?? loaderData[name],
    ...inputHints(externalProductSchema, name),
    ...(failure?.errors[name] ? { "aria-invalid": true as const, "aria-describedby": "external-form-error" } : {}),
  });
  return (
    <>
      <PageHeading>외부 인기 상품 수정</PageHeading>
      <Form method="post" className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <TextField label="상품명" {...field("title")} />
        <TextField label="상품 URL" {...field("productUrl")} />
        <TextField
          label="이미지 URL"
          hint="상품 URL을 바꾸고 이 칸을 비우면 새 페이지의 대표 이미지를 찾아 저장합니다."
          {...field("imageUrl")}
        />
        <TextField label="가격" hint="입력한 그대로 보여 줍니다." {...field("price")} />
        {failure ? (
          <p id="external-form-error" role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm font-medium text-rose-700">
            {failure.message}
          </p>
        ) : null}
        <div className="flex items-center gap-3">
          <SubmitButton pendingLabel="저장 중...">저장</SubmitButton>
          <Link to="/admin/external-products" className="rounded-lg border border-slate-300 px-4 py-2.5 font-medium hover:bg-slate-50">
            목록으로
          </Link>
        </div>
      </Form>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
