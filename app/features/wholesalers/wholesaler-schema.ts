import { z } from "zod";
import { httpUrl, multiLine, singleLine } from "#app/lib/form-fields.ts";
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

const text = (max: number, messages: { required?: string; tooLong: string }) => singleLine({ max, ...messages });
const nameField = text(WHOLESALER_LIMITS.name, {
  required: "이름을 입력해 주세요.",
  tooLong: `이름은 ${WHOLESALER_LIMITS.name}자 이하로 입력해 주세요.`,
});
// Supplier addresses are often typed without the scheme: `example.com` is read as `https://example.com`.
const siteAddress = (label: string, required?: string) => httpUrl(label, { addMissingScheme: true, ...(required ? { required } : {}) });
const contactTooLong = `연락처는 ${WHOLESALER_LIMITS.contact}자 이하로 입력해 주세요.`;
const categoryTooLong = `카테고리는 ${WHOLESALER_LIMITS.category}자 이하로 입력해 주세요.`;

/**
 * The first release's three details (배송 방식, 사입 여부, 해외 배송): required on the simple /admin/add form,
 * optional on the admin form; one definition, so both forms check them alike.
 */
function detailShape({ required }: { required: boolean }) {
  const detail = (_label: string, requiredMessage: string, tooLong: string) =>
    text(WHOLESALER_LIMITS.detail, { ...(required ? { required: requiredMessage } : {}), tooLong });
  return {
    delivery: detail("배송 방식", "배송 방식을 입력해 주세요.", `배송 방식은 ${WHOLESALER_LIMITS.detail}자 이하로 입력해 주세요.`),
    purchase: detail("사입 여부", "사입 여부를 입력해 주세요.", `사입 여부는 ${WHOLESALER_LIMITS.detail}자 이하로 입력해 주세요.`),
    international: detail(
      "해외 배송",
      "해외 배송 여부를 입력해 주세요.",
      `해외 배송은 ${WHOLESALER_LIMITS.detail}자 이하로 입력해 주세요.`,
    ),
  };
}

/** The labels and examples of those details, for both forms' inputs. */
export const DETAIL_FIELDS = [
  { name: "delivery", label: "배송 방식", placeholder: "예: 택배 배송, 위탁 배송" },
  { name: "purchase", label: "사입 여부", placeholder: "예: 사입 가능, 위탁 전용" },
  { name: "international", label: "해외 배송", placeholder: "예: 해외 배송 가능, 국내 전용" },
] as const;

/** The admin form on /admin, /admin/wholesaler-add and /admin/wholesaler-edit/{id} (and the bulk import's rows). */
export const adminWholesalerSchema = z.object({
  name: nameField,
  category: text(WHOLESALER_LIMITS.category, { tooLong: categoryTooLong }),
  siteUrl: siteAddress("사이트 URL"),
  contact: text(WHOLESALER_LIMITS.contact, { tooLong: contactTooLong }),
  logoUrl: siteAddress("로고 URL"),
  summary: multiLine({ max: WHOLESALER_LIMITS.summary, tooLong: `요약은 ${WHOLESALER_LIMITS.summary}자 이하로 입력해 주세요.` }),
});
/** What a save of a supplier carries; the three details only from the admin forms (an import leaves them alone). */
export type AdminWholesalerInput = z.infer<typeof adminWholesalerSchema> & { delivery?: string; purchase?: string; international?: string };
export const ADMIN_WHOLESALER_FIELDS = ["name", "category", "siteUrl", "contact", "logoUrl", "summary"] as const;

/**
 * What the admin form on /admin, /admin/wholesaler-add and /admin/wholesaler-edit/{id} sends: the
 * fields above plus the supplier's terms (wholesaler-terms.ts), checked by this one schema on the
 * page and in the action.
 */
export const adminWholesalerFormSchema = adminWholesalerSchema.extend(detailShape({ required: false })).extend(wholesalerTermsShape);
export type AdminWholesalerFormInput = z.infer<typeof adminWholesalerFormSchema>;

/**
 * What a manager of a listing sends on /supplier/{id}/edit: picked from the admin form's schema (the same fields,
 * rules and messages), without name, category, addresses, 조건 확인일 and 조건 출처, which stay with the admins or
 * are set by the save itself.
 */
export const supplierWholesalerFormSchema = adminWholesalerFormSchema.pick({
  dropshipping: true,
  minOrder: true,
  minOrderVaries: true,
  shippingFee: true,
  shippingFeeVaries: true,
  freeShippingOver: true,
  returns: true,
  imageUse: true,
  pricePolicy: true,
  integration: true,
  businessNumber: true,
  summary: true,
  contact: true,
  delivery: true,
  purchase: true,
  international: true,
});
/** Fields of the admin form a manager's form never carries: a request that sends one was not made by the page. */
export const ADMIN_ONLY_FIELDS = ["name", "category", "siteUrl", "logoUrl", "termsCheckedAt", "termsSource", "status"] as const;

/**
 * The simple form on /admin/add: every field of the first release required, built from the same pieces
 * as the admin form, plus the same terms (ui-contract "Smaller changes").
 */
export const simpleWholesalerSchema = z
  .object({
    name: nameField,
    category: text(WHOLESALER_LIMITS.category, { required: "카테고리를 입력해 주세요.", tooLong: categoryTooLong }),
    ...detailShape({ required: true }),
    contact: text(WHOLESALER_LIMITS.contact, { required: "연락처를 입력해 주세요.", tooLong: contactTooLong }),
    website: siteAddress("웹사이트", "웹사이트 주소를 입력해 주세요."),
    image: siteAddress("이미지 URL", "이미지 URL을 입력해 주세요."),
  })
  .extend(wholesalerTermsShape);
export type SimpleWholesalerInput = z.infer<typeof simpleWholesalerSchema>;
