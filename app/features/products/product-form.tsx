import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { TextAreaField, TextField } from "#app/components/form-field.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import type { ProductFormResult } from "./product-actions.server.ts";
import { PRODUCT_NAME_MAX, PRODUCT_SUMMARY_MAX, type ProductField, type ProductFormValues, URL_MAX } from "./product-schema.ts";

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
  result: ProductFormResult | undefined;
  submitLabel: string;
  pendingLabel: string;
  /** Shown above the button after a successful save (e.g. the admin form's link). */
  status?: ReactNode;
  /** /add and /admin/add-product start over after a save; /edit keeps the saved values on screen. */
  clearOnSuccess?: boolean;
};

/**
 * The product form of /add, /edit/{id} and /admin/add-product: a real form post that works without
 * JavaScript; the failure reason shows inline, the fields keep what was typed, and a successful save
 * clears them (a new key remounts the uncontrolled fields).
 */
export function ProductForm({ defaults, result, submitLabel, pendingLabel, status, clearOnSuccess = true }: Props) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { note, onSiteUrlInput } = useImageLookup();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-product";
  const failure = result && !result.ok ? result : null;
  const cleared = Boolean(result?.ok && clearOnSuccess);
  const values = failure ? failure.values : cleared ? EMPTY_PRODUCT : defaults;
  const invalid = (field: ProductField) =>
    failure?.fieldErrors[field] ? { "aria-invalid": true as const, "aria-describedby": "product-form-error" } : {};

  return (
    <Form
      key={cleared && result?.ok ? `saved-${result.savedId}` : "form"}
      method="post"
      className="max-w-2xl space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <input type="hidden" name="intent" value="save-product" />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <TextField label="상품명" name="name" required maxLength={PRODUCT_NAME_MAX} defaultValue={values.name} {...invalid("name")} />
      <TextField
        label="이미지 URL"
        name="imageUrl"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        maxLength={URL_MAX}
        defaultValue={values.imageUrl}
        hint="비워 두고 상품 페이지 URL을 입력하면 페이지의 대표 이미지를 찾아 채워 드립니다."
        {...invalid("imageUrl")}
      />
      <TextAreaField label="요약" name="summary" maxLength={PRODUCT_SUMMARY_MAX} defaultValue={values.summary} {...invalid("summary")} />
      <TextField
        label="가격"
        name="price"
        inputMode="numeric"
        autoComplete="off"
        placeholder="예: 12000"
        defaultValue={values.price}
        hint="원 단위 숫자로 입력해주세요. 12,000처럼 쉼표를 넣어도 됩니다."
        {...invalid("price")}
      />
      <TextField
        label="상품 페이지 URL"
        name="siteUrl"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        maxLength={URL_MAX}
        defaultValue={values.siteUrl}
        onChange={(event) => onSiteUrlInput(event.currentTarget)}
        {...invalid("siteUrl")}
      />
      <p aria-live="polite" className="min-h-5 text-sm text-emerald-700">
        {note}
      </p>
      {failure ? (
        <p id="product-form-error" role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm font-medium text-rose-700">
          {failure.error}
        </p>
      ) : null}
      {status}
      <button
        type="submit"
        disabled={pending}
        className="inline-flex items-center justify-center rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
      >
        {pending ? pendingLabel : submitLabel}
      </button>
    </Form>
  );
}
