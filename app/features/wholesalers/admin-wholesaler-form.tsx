import { Form } from "react-router";
import { FormAlert, useResetAfterSave } from "#app/components/form-alert.tsx";
import { SchemaTextFields, TextAreaField } from "#app/components/form-field.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { CATEGORIES } from "#app/db/categories.ts";
import { type FormFailure, inputHints } from "#app/lib/form-kit.ts";
import { adminWholesalerFormSchema, DETAIL_FIELDS } from "./wholesaler-schema.ts";
import { WholesalerTermsFields } from "./wholesaler-terms-fields.tsx";

/** The form's values: the text fields, and the terms (`integration` is a list of checked values). */
export type AdminWholesalerValues = Record<string, string | string[]>;

/** Suggestions for every category field; people may still type a category of their own. */
export function CategoryOptions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {CATEGORIES.map((category) => (
        <option key={category} value={category} />
      ))}
      <option value="기타" />
    </datalist>
  );
}

// `required`, `maxLength` and `inputMode` come from the schema the action checks.
const ADMIN_TEXT_FIELDS = [
  { name: "name", label: "이름" },
  { name: "category", label: "카테고리", list: "admin-wholesaler-categories", hint: "목록에서 고르거나 직접 입력하세요." },
  { name: "siteUrl", label: "사이트 URL", placeholder: "https://", hint: "https://를 빼고 입력하면 자동으로 붙습니다." },
  { name: "contact", label: "연락처" },
  { name: "logoUrl", label: "로고 URL", placeholder: "https://" },
] as const;

type Props = {
  defaults?: Partial<AdminWholesalerValues>;
  result?: FormFailure;
  submitLabel: string;
  pendingLabel: string;
  /** Empty the form after a successful save (the registration form on /admin). */
  resetOnSuccess?: boolean;
};

/**
 * The admin wholesaler form: 이름, 카테고리, 사이트 URL, 연락처, 로고 URL, 요약, 배송 방식, 사입 여부, 해외 배송 and the
 * terms: the same fields as /admin/add (there all of the first release's are required).
 */
export function AdminWholesalerForm({ defaults = {}, result, submitLabel, pendingLabel, resetOnSuccess = false }: Props) {
  const form = useResetAfterSave(resetOnSuccess ? result : { ok: true }, "save");
  // After a failed save the form shows what was sent, not the stored values.
  const value = (field: string) => {
    const given = result?.values[field] ?? defaults[field];
    return typeof given === "string" ? given : "";
  };
  const errors = result?.errors ?? {};
  // A failed save re-renders the inputs with what was sent (uncontrolled inputs need a new key for that).
  const version = result ? JSON.stringify(result.values) : "defaults";
  return (
    <Form method="post" ref={form} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" noValidate>
      <input type="hidden" name="intent" value="save" />
      <div key={version} className="grid gap-4 md:grid-cols-2">
        <SchemaTextFields schema={adminWholesalerFormSchema} fields={ADMIN_TEXT_FIELDS} value={value} errors={errors} />
        <div className="md:col-span-2">
          <TextAreaField
            label="요약"
            name="summary"
            defaultValue={value("summary")}
            error={errors.summary}
            {...inputHints(adminWholesalerFormSchema, "summary")}
            rows={3}
          />
        </div>
        <SchemaTextFields schema={adminWholesalerFormSchema} fields={DETAIL_FIELDS} value={value} errors={errors} />
        <div className="md:col-span-2">
          <WholesalerTermsFields values={result?.values ?? defaults} errors={errors} />
        </div>
      </div>
      <CategoryOptions id="admin-wholesaler-categories" />
      <FormAlert message={result?.message} />
      <SubmitButton intent="save" pendingLabel={pendingLabel}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
