import { z } from "zod";
import { httpUrlField, singleLine } from "#app/features/products/product-schema.ts";

export const EXTERNAL_TITLE_MAX = 200;
export const EXTERNAL_PRICE_MAX = 50;

export const EXTERNAL_FIELDS = ["title", "productUrl", "imageUrl", "price"] as const;
export type ExternalField = (typeof EXTERNAL_FIELDS)[number];
export type ExternalFormValues = Record<ExternalField, string>;

/** The admin's external-product form and every imported row: the same rules. */
export const externalProductSchema = z.object({
  title: singleLine().pipe(
    z.string().min(1, "상품명을 입력해주세요.").max(EXTERNAL_TITLE_MAX, `상품명은 ${EXTERNAL_TITLE_MAX}자 이하로 입력해주세요.`),
  ),
  productUrl: httpUrlField("상품 URL").refine((value) => value !== "", "상품 URL을 입력해주세요."),
  imageUrl: httpUrlField("이미지 URL"),
  // Shown exactly as given ("29,900원~"), so only its length is bounded.
  price: singleLine().pipe(z.string().max(EXTERNAL_PRICE_MAX, `가격은 ${EXTERNAL_PRICE_MAX}자 이하로 입력해주세요.`)),
});

export type ExternalProductInput = z.output<typeof externalProductSchema>;

export function externalFormValues(form: FormData): ExternalFormValues {
  const text = (name: ExternalField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { title: text("title"), productUrl: text("productUrl"), imageUrl: text("imageUrl"), price: text("price") };
}
