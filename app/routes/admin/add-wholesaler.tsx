import { Form } from "react-router";
import { FormAlert, useResetAfterSave } from "#app/components/form-alert.tsx";
import { SchemaTextFields } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { CategoryOptions } from "#app/features/wholesalers/admin-wholesaler-form.tsx";
import { addSimpleWholesalerAction } from "#app/features/wholesalers/wholesaler-actions.server.ts";
import { DETAIL_FIELDS, simpleWholesalerSchema } from "#app/features/wholesalers/wholesaler-schema.ts";
import { WholesalerTermsFields } from "#app/features/wholesalers/wholesaler-terms-fields.tsx";
import { failedValue, failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/add-wholesaler";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "도매처 등록", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export function action({ request, context }: Route.ActionArgs) {
  return addSimpleWholesalerAction(request, context.get(adminContext));
}

// Every field of the first release is required; `required`, `maxLength` and `inputMode` come from the action's
// own schema. The terms below are the admin form's own fields (wholesaler-terms-fields.tsx).
const SIMPLE_FIELDS = [
  { name: "name", label: "이름" },
  { name: "category", label: "카테고리", list: "simple-wholesaler-categories" },
  ...DETAIL_FIELDS,
  { name: "contact", label: "연락처" },
  { name: "website", label: "웹사이트", placeholder: "https://" },
  { name: "image", label: "이미지 URL", placeholder: "https://" },
] as const;

export default function AddWholesaler({ actionData }: Route.ComponentProps) {
  const result = failureOf(actionData) ?? undefined;
  const form = useResetAfterSave(result, "add");
  const value = (field: string) => failedValue(result ?? null, field) ?? "";
  const errors = result?.errors ?? {};
  return (
    <>
      <PageHeading>도매처 등록</PageHeading>
      <Form method="post" ref={form} className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <input type="hidden" name="intent" value="add" />
        <div key={result ? JSON.stringify(result.values) : "empty"} className="grid gap-4 md:grid-cols-2">
          <SchemaTextFields schema={simpleWholesalerSchema} fields={SIMPLE_FIELDS} value={value} errors={errors} />
          <div className="md:col-span-2">
            <WholesalerTermsFields values={result?.values ?? {}} errors={errors} />
          </div>
        </div>
        <CategoryOptions id="simple-wholesaler-categories" />
        <FormAlert message={result?.message} />
        <SubmitButton intent="add" pendingLabel="등록 중...">
          등록
        </SubmitButton>
      </Form>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
