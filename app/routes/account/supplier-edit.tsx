import { Form, Link } from "react-router";
import { FormAlert } from "#app/components/form-alert.tsx";
import { SchemaTextFields, TextAreaField, TextField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { loadSupplierEdit, saveSupplierEditAction } from "#app/features/suppliers/supplier-desk.server.ts";
import { DETAIL_FIELDS, supplierWholesalerFormSchema } from "#app/features/wholesalers/wholesaler-schema.ts";
import { WholesalerTermsFields } from "#app/features/wholesalers/wholesaler-terms-fields.tsx";
import { failureOf, inputHints } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/supplier-edit";

/** A 4th change of the 사업자등록번호 in a day: 429 with Retry-After (the next day). */
export { routeHeaders as headers } from "#app/lib/headers.ts";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "위탁 조건 수정", description: "운영하시는 도매처의 위탁 조건을 수정합니다." }),
  { name: "robots", content: "noindex" },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadSupplierEdit(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return saveSupplierEditAction(request, params.id);
}

export default function SupplierEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, values } = loaderData;
  const failure = failureOf(actionData);
  const shown: Partial<Record<string, string | string[]>> = failure?.values ?? values;
  const text = (field: string) => {
    const value = shown[field];
    return typeof value === "string" ? value : "";
  };
  const errors = failure?.errors ?? {};
  const version = failure ? JSON.stringify(failure.values) : "stored";
  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/supplier" className="text-sm font-medium text-blue-700 hover:underline">
        ← 내 도매처
      </Link>
      <div className="mt-4">
        <PageHeading>위탁 조건 수정</PageHeading>
      </div>
      <p className="mb-4 text-slate-700">
        <Link to={`/wholesaler/${id}`} className="font-semibold hover:underline">
          {name}
        </Link>
        의 조건입니다. 이름, 카테고리, 사이트 주소는 도매처 페이지의 ‘정보 수정 요청’으로 알려 주세요.
      </p>
      <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" noValidate>
        <input type="hidden" name="intent" value="save" />
        <div key={version} className="space-y-4">
          <TextAreaField
            label="요약"
            name="summary"
            defaultValue={text("summary")}
            error={errors.summary}
            {...inputHints(supplierWholesalerFormSchema, "summary")}
            rows={3}
          />
          <TextField
            label="연락처"
            name="contact"
            defaultValue={text("contact")}
            error={errors.contact}
            {...inputHints(supplierWholesalerFormSchema, "contact")}
          />
          {/* 배송 방식, 사입 여부, 해외 배송: the first release's details, the manager's to keep too. */}
          <SchemaTextFields schema={supplierWholesalerFormSchema} fields={DETAIL_FIELDS} value={text} errors={errors} />
          <WholesalerTermsFields values={shown} errors={errors} kind="supplier" />
        </div>
        <FormAlert message={failure?.message} />
        <SubmitButton intent="save" pendingLabel="저장 중...">
          저장
        </SubmitButton>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
