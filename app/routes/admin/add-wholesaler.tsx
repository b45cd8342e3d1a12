import { Form } from "react-router";
import { ErrorMessage } from "#app/components/error-message.tsx";
import { TextField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { AdminNav } from "#app/components/admin-nav.tsx";
import { CategoryOptions, FormAlert, useResetAfterSave } from "#app/features/wholesalers/admin-wholesaler-form.tsx";
import { addSimpleWholesalerAction } from "#app/features/wholesalers/wholesaler-actions.server.ts";
import { WHOLESALER_LIMITS } from "#app/features/wholesalers/wholesaler-schema.ts";
import { requireAdmin } from "#app/lib/auth.server.ts";
import { failedValue, failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/add-wholesaler";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "도매처 등록", description: "관리자 페이지" }), { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export function action({ request }: Route.ActionArgs) {
  return addSimpleWholesalerAction(request);
}

export default function AddWholesaler({ actionData }: Route.ComponentProps) {
  const result = failureOf(actionData) ?? undefined;
  const form = useResetAfterSave(result, "add");
  const value = (field: string) => failedValue(result ?? null, field) ?? "";
  const errors = result?.errors ?? {};
  const text = { required: true, autoComplete: "off" } as const;
  return (
    <>
      <PageHeading>도매처 등록</PageHeading>
      <AdminNav />
      <Form method="post" ref={form} className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <input type="hidden" name="intent" value="add" />
        <div key={result ? JSON.stringify(result.values) : "empty"} className="grid gap-4 md:grid-cols-2">
          <TextField label="이름" name="name" defaultValue={value("name")} error={errors.name} maxLength={WHOLESALER_LIMITS.name} {...text} />
          <TextField
            label="카테고리"
            name="category"
            defaultValue={value("category")}
            error={errors.category}
            maxLength={WHOLESALER_LIMITS.category}
            list="simple-wholesaler-categories"
            {...text}
          />
          <TextField
            label="배송 방식"
            name="delivery"
            defaultValue={value("delivery")}
            error={errors.delivery}
            maxLength={WHOLESALER_LIMITS.detail}
            placeholder="예: 택배 배송, 위탁 배송"
            {...text}
          />
          <TextField
            label="사입 여부"
            name="purchase"
            defaultValue={value("purchase")}
            error={errors.purchase}
            maxLength={WHOLESALER_LIMITS.detail}
            placeholder="예: 사입 가능, 위탁 전용"
            {...text}
          />
          <TextField
            label="해외 배송"
            name="international"
            defaultValue={value("international")}
            error={errors.international}
            maxLength={WHOLESALER_LIMITS.detail}
            placeholder="예: 해외 배송 가능, 국내 전용"
            {...text}
          />
          <TextField label="연락처" name="contact" defaultValue={value("contact")} error={errors.contact} maxLength={WHOLESALER_LIMITS.contact} {...text} />
          <TextField
            label="웹사이트"
            name="website"
            defaultValue={value("website")}
            error={errors.website}
            inputMode="url"
            maxLength={WHOLESALER_LIMITS.url}
            placeholder="https://"
            {...text}
          />
          <TextField
            label="이미지 URL"
            name="image"
            defaultValue={value("image")}
            error={errors.image}
            inputMode="url"
            maxLength={WHOLESALER_LIMITS.url}
            placeholder="https://"
            {...text}
          />
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorMessage error={error} />;
}
