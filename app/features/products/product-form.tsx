import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { useResetAfterSave } from "#app/components/form-alert.tsx";
import { SelectField, TextAreaField, TextField } from "#app/components/form-field.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { type FormFailure, failedValue, failureOf, inputHints } from "#app/lib/form-kit.ts";
import { type ProductFormValues, productSchema } from "./product-schema.ts";

export const EMPTY_PRODUCT: ProductFormValues = { name: "", imageUrl: "", summary: "", price: "", siteUrl: "" };

const LOOKUP_DELAY_MS = 600;

/**
 * Fills an empty 이미지 URL from the product page's og:image while the person types the page address.
 * The browser only asks our own /api/og-image (the server does the outside fetch, safely).
 */
function useImageLookup() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const [note, setNote] = useState("");

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  function onSiteUrlInput(input: HTMLInputElement) {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    const imageInput = input.form?.elements.namedItem("imageUrl");
    if (!(imageInput instanceof HTMLInputElement)) return;
    const pageUrl = input.value.trim();
    if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(pageUrl) || imageInput.value.trim()) return;
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      inFlight.current = controller;
      try {
        const response = await fetch(`/api/og-image?url=${encodeURIComponent(pageUrl)}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        if (!response.ok) return;
        const body = (await response.json()) as { imageUrl?: unknown };
        const found = typeof body.imageUrl === "string" && /^https?:\/\//i.test(body.imageUrl) ? body.imageUrl : null;
        // Someone may have typed an image address meanwhile: theirs wins.
        if (found && !imageInput.value.trim() && input.value.trim() === pageUrl) {
          imageInput.value = found;
          setNote("상품 페이지에서 대표 이미지 주소를 가져왔습니다.");
        }
      } catch {
        // Aborted by newer typing, or offline: the field simply stays empty.
      }
    }, LOOKUP_DELAY_MS);
  }

  return { note, onSiteUrlInput };
}

type Props = {
  defaults: ProductFormValues;
  /** The action's answer: a failure to show; a save redirects, and the form starts over (`clearOnSuccess`). */
  result: FormFailure | undefined;
  submitLabel: string;
  pendingLabel: string;
  /** Shown above the button after a successful save (e.g. the admin form's link). */
  status?: ReactNode;
  /** /add and /admin/add-product start over after a save; /edit keeps the saved values on screen. */
  clearOnSuccess?: boolean;
  /** The listings the account manages (공급사 인증): with any, the form has the select `도매처`. */
  suppliers?: readonly { id: number; name: string }[];
  /** The listing the product is tied to now (/edit/{id}); null is 직접 등록. */
  supplierId?: number | null;
};

/**
 * The product form of /add, /edit/{id} and /admin/add-product: a real form post that works without
 * JavaScript; the failure reason shows inline and the fields keep what was typed; a save redirects with its
 * message, and /add and /admin/add-product start over with an empty form.
 */
export function ProductForm({
  defaults,
  result,
  submitLabel,
  pendingLabel,
  status,
  clearOnSuccess = true,
  suppliers = [],
  supplierId = null,
}: Props) {
  const { note, onSiteUrlInput } = useImageLookup();
  const failure = failureOf(result);
  const form = useResetAfterSave(clearOnSuccess ? (failure ?? undefined) : { ok: false }, "save-product");
  const value = (field: keyof ProductFormValues) => failedValue(failure, field) ?? defaults[field];
  // Every field the schema knows gets its hints (required, maxLength, inputMode) from it.
  const field = (name: keyof ProductFormValues) => ({
    name,
    defaultValue: value(name),
    ...inputHints(productSchema, name),
    ...(failure?.errors[name] ? { "aria-invalid": true as const, "aria-describedby": "product-form-error" } : {}),
  });

  return (
    <Form ref={form} method="post" className="max-w-2xl space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <input type="hidden" name="intent" value="save-product" />
      {suppliers.length > 0 ? (
        <SelectField
          label="도매처"
          name="wholesalerId"
          options={[
            { value: "", label: "직접 등록" },
            ...suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
          ]}
          defaultValue={failedValue(failure, "wholesalerId") ?? (supplierId === null ? "" : String(supplierId))}
          hint="운영자로 인증한 도매처를 고르면 상품 카드에 도매처 이름이 표시되고 도매처 페이지에 상품이 나옵니다."
        />
      ) : null}
      <TextField label="상품명" {...field("name")} />
      <TextField
        label="이미지 URL"
        autoComplete="off"
        placeholder="https://"
        hint="비워 두고 상품 페이지 URL을 입력하면 페이지의 대표 이미지를 찾아 채워 드립니다."
        {...field("imageUrl")}
      />
      <TextAreaField label="요약" {...field("summary")} />
      <TextField
        label="가격"
        autoComplete="off"
        placeholder="예: 12000"
        hint="원 단위 숫자로 입력해 주세요. 12,000처럼 쉼표를 넣어도 됩니다."
        {...field("price")}
      />
      <TextField
        label="상품 페이지 URL"
        autoComplete="url"
        placeholder="https://"
        onChange={(event) => onSiteUrlInput(event.currentTarget)}
        {...field("siteUrl")}
      />
      <p aria-live="polite" className="min-h-5 text-sm text-emerald-700">
        {note}
      </p>
      {failure ? (
        <p id="product-form-error" role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm font-medium text-rose-700">
          {failure.message}
        </p>
      ) : null}
      {status}
      <SubmitButton intent="save-product" pendingLabel={pendingLabel}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
