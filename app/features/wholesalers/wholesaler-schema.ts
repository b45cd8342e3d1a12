import { z } from "zod";
import { safeHttpUrl, withHttps } from "#app/lib/safe-url.ts";
import { wholesalerTermsShape } from "./wholesaler-terms-schema.ts";

/** Length bounds of every stored wholesaler field (the pages use them for maxLength too). */
export const WHOLESALER_LIMITS = {
  name: 100,
  category: 50,
  url: 2048,
  contact: 200,
  summary: 1000,
  /** delivery, purchase, international */
  detail: 200,
} as const;

/**
 * Form values arrive as strings, or null when the field is missing: both read as text. Control
 * characters (other than line breaks and tabs) are dropped: PostgreSQL cannot store NUL, and nobody
 * types the others on purpose.
 */
const formText = (value: unknown) =>
  value === null || value === undefined
    ? ""
    : // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      typeof value === "string" ? value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "") : value;

function text(max: number, messages: { required?: string; tooLong: string }) {
  const base = z.string({ error: messages.required ?? "값의 형식이 올바르지 않습니다." }).trim().max(max, messages.tooLong);
  return z.preprocess(formText, messages.required ? base.min(1, messages.required) : base);
}

/**
 * A site or image address: trimmed, `https://` added when the scheme is missing, then only http(s)
 * is accepted (javascript:, data: and the like are refused). Stored normalised; "" when left empty.
 */
function httpUrl(messages: { required?: string; invalid: string; tooLong: string }) {
  const base = z
    .string({ error: messages.invalid })
    .trim()
    .max(WHOLESALER_LIMITS.url, messages.tooLong)
    .refine((value) => !messages.required || value !== "", messages.required ?? "")
    .transform(withHttps)
    .refine((value) => value === "" || safeHttpUrl(value) !== null, messages.invalid)
    .transform((value) => (value === "" ? "" : (safeHttpUrl(value) ?? "")))
    .refine((value) => value.length <= WHOLESALER_LIMITS.url, messages.tooLong);
  return z.preprocess(formText, base);
}

const nameField = text(WHOLESALER_LIMITS.name, { required: "이름을 입력해주세요.", tooLong: `이름은 ${WHOLESALER_LIMITS.name}자 이하로 입력해주세요.` });
const contactTooLong = `연락처는 ${WHOLESALER_LIMITS.contact}자 이하로 입력해주세요.`;
const categoryTooLong = `카테고리는 ${WHOLESALER_LIMITS.category}자 이하로 입력해주세요.`;

/** The admin form on /admin, /admin/wholesaler-add and /admin/wholesaler-edit/{id} (and the bulk import's rows). */
export const adminWholesalerSchema = z.object({
  name: nameField,
  category: text(WHOLESALER_LIMITS.category, { tooLong: categoryTooLong }),
  siteUrl: httpUrl({
    invalid: "사이트 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.",
    tooLong: "사이트 URL이 너무 깁니다.",
  }),
  contact: text(WHOLESALER_LIMITS.contact, { tooLong: contactTooLong }),
  logoUrl: httpUrl({
    invalid: "로고 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.",
    tooLong: "로고 URL이 너무 깁니다.",
  }),
  summary: text(WHOLESALER_LIMITS.summary, { tooLong: `요약은 ${WHOLESALER_LIMITS.summary}자 이하로 입력해주세요.` }),
});
export type AdminWholesalerInput = z.infer<typeof adminWholesalerSchema>;
export const ADMIN_WHOLESALER_FIELDS = ["name", "category", "siteUrl", "contact", "logoUrl", "summary"] as const;

/**
 * What the admin form on /admin, /admin/wholesaler-add and /admin/wholesaler-edit/{id} sends: the
 * fields above plus the supplier's terms (wholesaler-terms.ts), checked by this one schema on the
 * page and in the action.
 */
export const adminWholesalerFormSchema = adminWholesalerSchema.extend(wholesalerTermsShape);
export type AdminWholesalerFormInput = z.infer<typeof adminWholesalerFormSchema>;

/** The simple form on /admin/add: every field required. */
export const simpleWholesalerSchema = z.object({
  name: nameField,
  category: text(WHOLESALER_LIMITS.category, { required: "카테고리를 입력해주세요.", tooLong: categoryTooLong }),
  delivery: text(WHOLESALER_LIMITS.detail, {
    required: "배송 방식을 입력해주세요.",
    tooLong: `배송 방식은 ${WHOLESALER_LIMITS.detail}자 이하로 입력해주세요.`,
  }),
  purchase: text(WHOLESALER_LIMITS.detail, {
    required: "사입 여부를 입력해주세요.",
    tooLong: `사입 여부는 ${WHOLESALER_LIMITS.detail}자 이하로 입력해주세요.`,
  }),
  international: text(WHOLESALER_LIMITS.detail, {
    required: "해외 배송 여부를 입력해주세요.",
    tooLong: `해외 배송은 ${WHOLESALER_LIMITS.detail}자 이하로 입력해주세요.`,
  }),
  contact: text(WHOLESALER_LIMITS.contact, { required: "연락처를 입력해주세요.", tooLong: contactTooLong }),
  website: httpUrl({
    required: "웹사이트 주소를 입력해주세요.",
    invalid: "웹사이트는 http:// 또는 https://로 시작하는 주소여야 합니다.",
    tooLong: "웹사이트 주소가 너무 깁니다.",
  }),
  image: httpUrl({
    required: "이미지 URL을 입력해주세요.",
    invalid: "이미지 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.",
    tooLong: "이미지 URL이 너무 깁니다.",
  }),
});
export type SimpleWholesalerInput = z.infer<typeof simpleWholesalerSchema>;
/** A wholesaler id from the URL: a positive 32-bit integer written in plain digits, else null. */
export function parseWholesalerId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
