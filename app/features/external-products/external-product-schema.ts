import { z } from "zod";
import { productName } from "#app/features/products/product-schema.ts";
import { httpUrl, singleLine } from "#app/lib/form-fields.ts";

export const EXTERNAL_TITLE_MAX = 200;
export const EXTERNAL_PRICE_MAX = 50;

/** The admin's external-product form and every imported row: the same rules. */
export const externalProductSchema = z.object({
  title: productName(EXTERNAL_TITLE_MAX),
  productUrl: httpUrl("상품 URL", { required: "상품 URL을 입력해 주세요." }),
  imageUrl: httpUrl("이미지 URL"),
  // Shown exactly as given ("29,900원~"), so only its length is bounded.
  price: singleLine({ max: EXTERNAL_PRICE_MAX, tooLong: `가격은 ${EXTERNAL_PRICE_MAX}자 이하로 입력해 주세요.` }),
});

export type ExternalProductInput = z.output<typeof externalProductSchema>;
