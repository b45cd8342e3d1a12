import { z } from "zod";
import { httpUrl, multiLine, singleLine, wonAmount } from "#app/lib/form-fields.ts";

export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_SUMMARY_MAX = 1000;

/** 상품명: required, one line, at most `max` characters; the product form's name and an external product's title. */
export const productName = (max: number) =>
  singleLine({ max, required: "상품명을 입력해 주세요.", tooLong: `상품명은 ${max}자 이하로 입력해 주세요.` });

/** The product form of /add, /edit/{id} and /admin/add-product. Only these fields are ever written. */
export const productSchema = z.object({
  name: productName(PRODUCT_NAME_MAX),
  imageUrl: httpUrl("이미지 URL"),
  summary: multiLine({
    max: PRODUCT_SUMMARY_MAX,
    tooLong: `요약은 ${PRODUCT_SUMMARY_MAX.toLocaleString("ko-KR")}자 이하로 입력해 주세요.`,
  }),
  price: wonAmount("가격"),
  siteUrl: httpUrl("상품 페이지 URL"),
});

export type ProductInput = z.output<typeof productSchema>;
/** The form's fields as typed (strings), e.g. a product read back for /edit/{id}. */
export type ProductFormValues = Record<keyof typeof productSchema.shape, string>;
