import { CheckboxField, CheckboxGroup, SelectField, TextField } from "#app/components/form-field.tsx";
import type { FieldErrors } from "#app/lib/form-kit.ts";
import { inputHints } from "#app/lib/form-kit.ts";
import { seoulDay } from "#app/lib/format.ts";
import { TERM_LABELS, TERM_OPTIONS, VARIES_LABEL } from "./wholesaler-terms.ts";
import { wholesalerTermsSchema } from "./wholesaler-terms-schema.ts";

type Values = Partial<Record<string, string | string[]>>;

/** What each form that holds the terms says about them first. */
const INTRO = {
  admin:
    "공급사 페이지에서 직접 확인한 내용만 입력하세요. 모르는 항목은 ‘확인 필요’로 두세요. 상품마다 조건이 다른 플랫폼이면 ‘상품마다 다름’을 고르세요. 확인 필요와 상품마다 다름은 어디에도 예나 아니오로 표시되지 않고, 필터에도 걸리지 않습니다.",
  supplier:
    "지금 적용 중인 조건을 입력하세요. 저장하면 바로 공개되고, 조건 출처는 ‘공급사 제공’, 조건 확인일은 오늘로 표시됩니다. 상품마다 조건이 다르면 ‘상품마다 다름’을 고르세요. 바뀐 조건은 도매처 페이지의 조건 변경 이력에 남습니다.",
  report:
    "공급사 페이지에서 직접 확인한 조건만 골라 주세요. ‘확인 필요’로 둔 항목은 제보에 들어가지 않고 바뀌지도 않습니다. 상품마다 조건이 다르면 ‘상품마다 다름’을 고르세요.",
} as const;

/**
 * The terms of a form (ui-contract.md "Supplier terms"), with the contract's labels and field names; each problem
 * shows beside its input. `values` are the stored terms or what a failed save sent. `kind`: the admin forms, a
 * manager's /supplier/{id}/edit, or a seller's 조건 제보; only the admins type 조건 확인일 and 조건 출처 (the others'
 * are set by the save, or by the report's own date and evidence).
 */
export function WholesalerTermsFields({
  values,
  errors,
  kind = "admin",
}: {
  values: Values;
  errors: FieldErrors;
  kind?: keyof typeof INTRO;
}) {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? value : "";
  };
  const choice = (name: string) => text(name) || "unknown";
  const ticked = (name: string) => ["yes", "on", "true"].includes(text(name));
  const integration = values.integration;
  const hints = (name: string) => inputHints(wholesalerTermsSchema, name);
  const select = (name: "dropshipping" | "returns" | "imageUse" | "pricePolicy") => (
    <SelectField label={TERM_LABELS[name]} name={name} options={TERM_OPTIONS[name]} defaultValue={choice(name)} error={errors[name]} />
  );
  const amount = (name: "minOrder" | "shippingFee" | "freeShippingOver", hint: string) => (
    <TextField label={TERM_LABELS[name]} name={name} defaultValue={text(name)} error={errors[name]} {...hints(name)} hint={hint} />
  );
  const variesBox = (term: "minOrder" | "shippingFee") => (
    <VariesCheckbox name={`${term}Varies`} term={TERM_LABELS[term]} checked={ticked(`${term}Varies`)} error={errors[`${term}Varies`]} />
  );
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">위탁 조건</legend>
      <p className="mb-4 text-sm text-slate-600">{INTRO[kind]}</p>
      <div className="grid gap-4 md:grid-cols-2">
        {select("dropshipping")}
        {amount("minOrder", "개수만 입력하세요. 모르면 비워 두세요.")}
        {variesBox("minOrder")}
        {amount("shippingFee", "원 단위로 입력하세요. 무료 배송이면 0입니다.")}
        {amount("freeShippingOver", "이 금액 이상 주문하면 배송비가 무료입니다.")}
        {variesBox("shippingFee")}
        {select("returns")}
        {select("imageUse")}
        {select("pricePolicy")}
        <CheckboxGroup
          label={TERM_LABELS.integration}
          name="integration"
          options={TERM_OPTIONS.integration}
          checked={Array.isArray(integration) ? integration : typeof integration === "string" ? [integration] : []}
          error={errors.integration}
          hint="아무것도 고르지 않으면 확인 필요로 표시됩니다."
        />
        <TextField
          label={TERM_LABELS.businessNumber}
          name="businessNumber"
          defaultValue={text("businessNumber")}
          error={errors.businessNumber}
          {...hints("businessNumber")}
          placeholder="123-45-67890"
          autoComplete="off"
        />
        {kind !== "admin" ? null : (
          <>
            <TextField
              label={TERM_LABELS.termsCheckedAt}
              name="termsCheckedAt"
              type="date"
              defaultValue={text("termsCheckedAt")}
              error={errors.termsCheckedAt}
              max={seoulDay()}
              hint="조건을 바꾸고 이 날짜를 그대로 두면 오늘 날짜로 저장됩니다."
            />
            <div className="md:col-span-2">
              <TextField
                label={TERM_LABELS.termsSource}
                name="termsSource"
                defaultValue={text("termsSource")}
                error={errors.termsSource}
                {...hints("termsSource")}
                placeholder="https://"
                hint="조건을 읽은 공급사 페이지의 주소입니다."
              />
            </div>
          </>
        )}
      </div>
    </fieldset>
  );
}

/**
 * `상품마다 다름` for a number term (최소 주문 수량, 배송비): when ticked the number beside it is not saved
 * (wholesaler-terms-schema.ts termsToStore). Named `상품마다 다름` only (the hint says of which term), so the
 * number's label names one input.
 */
function VariesCheckbox({ name, term, checked, error }: { name: string; term: string; checked: boolean; error?: string }) {
  return (
    <CheckboxField
      name={name}
      label={VARIES_LABEL}
      checked={checked}
      error={error}
      hint={`체크하면 ${term} 칸의 숫자는 저장되지 않습니다.`}
      className="flex flex-col justify-end"
    />
  );
}
