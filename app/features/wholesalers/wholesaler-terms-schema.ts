import { z } from "zod";
import type { WholesalerTerms } from "#app/db/term-values.ts";
import { IMAGE_USE_VALUES, INTEGRATION_VALUES, PRICE_POLICY_VALUES, RETURNS_VALUES, YES_NO } from "#app/db/term-values.ts";
import { businessNumber, calendarDay, checkbox, choice, choiceSet, httpUrl, wholeNumber, wonAmount } from "#app/lib/form-fields.ts";
import { TERM_LABELS } from "./wholesaler-terms.ts";

/**
 * The terms part of the wholesaler form (and of an import row): the form's field names, values as the
 * contract gives them (`unknown` or empty is null), Korean messages. Exported on its own so the import
 * checks the same rules.
 */
export const wholesalerTermsShape = {
  dropshipping: choice(YES_NO, TERM_LABELS.dropshipping),
  minOrder: wholeNumber(TERM_LABELS.minOrder, { min: 1, max: 1_000_000 }),
  minOrderVaries: checkbox(TERM_LABELS.minOrderVaries),
  shippingFee: wonAmount(TERM_LABELS.shippingFee, { max: 1_000_000 }),
  freeShippingOver: wonAmount(TERM_LABELS.freeShippingOver)
    .refine((value) => value !== 0, `${TERM_LABELS.freeShippingOver}은 1원 이상이어야 합니다. 항상 무료이면 배송비에 0을 입력해 주세요.`)
    .meta({ hints: { inputMode: "numeric" } }),
  shippingFeeVaries: checkbox(TERM_LABELS.shippingFeeVaries),
  returns: choice(RETURNS_VALUES, TERM_LABELS.returns),
  imageUse: choice(IMAGE_USE_VALUES, TERM_LABELS.imageUse),
  pricePolicy: choice(PRICE_POLICY_VALUES, TERM_LABELS.pricePolicy),
  integration: choiceSet(INTEGRATION_VALUES, TERM_LABELS.integration),
  businessNumber: businessNumber(),
  termsCheckedAt: calendarDay(TERM_LABELS.termsCheckedAt),
  termsSource: httpUrl(TERM_LABELS.termsSource),
};
export const wholesalerTermsSchema = z.object(wholesalerTermsShape);

/**
 * The terms a form sent, as stored: "" from an empty URL field becomes null (unknown), and a ticked
 * `상품마다 다름` stands instead of the number beside it (the table never holds both).
 */
export function termsToStore(input: z.output<typeof wholesalerTermsSchema>): WholesalerTerms {
  return {
    ...input,
    minOrder: input.minOrderVaries ? null : input.minOrder,
    shippingFee: input.shippingFeeVaries ? null : input.shippingFee,
    freeShippingOver: input.shippingFeeVaries ? null : input.freeShippingOver,
    termsSource: input.termsSource || null,
  };
}
