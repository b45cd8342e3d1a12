import { beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { maskOf } from "#app/db/term-values.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { cardFactLabels, shippingCardLabel, termRows, UNKNOWN_TERMS, VARIES_LABEL } from "./wholesaler-terms.ts";
import { wholesalerTermsSchema } from "./wholesaler-terms-schema.ts";

withTestDatabase();

beforeEach(async () => {
  await db().delete(wholesalers);
});

test("상품마다 다름 is a value of five terms, worded as the contract says, on the detail page and /compare rows", () => {
  const words = Object.fromEntries(
    termRows({
      ...UNKNOWN_TERMS,
      minOrderVaries: true,
      shippingFeeVaries: true,
      returns: "varies",
      imageUse: "varies",
      pricePolicy: "varies",
    }).map((row) => [row.label, row.value]),
  );
  expect(words).toMatchObject({
    "최소 주문 수량": VARIES_LABEL,
    배송비: VARIES_LABEL,
    "단순 변심 반품": VARIES_LABEL,
    "상세페이지 이미지 사용": VARIES_LABEL,
    "가격 정책": VARIES_LABEL,
    "위탁 판매": "확인 필요",
  });
  expect(VARIES_LABEL).toBe("상품마다 다름");
  // The checkboxes read what a box and an import cell send; anything else is refused in Korean.
  expect(wholesalerTermsSchema.parse({ minOrderVaries: "yes", shippingFeeVaries: "varies" })).toMatchObject({
    minOrderVaries: true,
    shippingFeeVaries: true,
  });
  expect(wholesalerTermsSchema.parse({})).toMatchObject({ minOrderVaries: false, shippingFeeVaries: false });
  const refused = wholesalerTermsSchema.safeParse({ minOrderVaries: "maybe" });
  expect(refused.success).toBe(false);
  expect(refused.error?.issues[0]?.message).toMatch(/상품마다 다름/);
  // 위탁 판매 has no such value.
  expect(wholesalerTermsSchema.safeParse({ dropshipping: "varies" }).success).toBe(false);
});

test("the card's shipping label: 무료 배송 only for a fee of 0, `50,000원 이상 무료` for a threshold", () => {
  const mask = maskOf(["free-shipping"]);
  expect(cardFactLabels(mask, { shippingFee: 0, freeShippingOver: null })).toEqual(["무료 배송"]);
  expect(cardFactLabels(mask, { shippingFee: 3000, freeShippingOver: 50000 })).toEqual(["50,000원 이상 무료"]);
  expect(cardFactLabels(mask, { shippingFee: null, freeShippingOver: 30000 })).toEqual(["30,000원 이상 무료"]);
  expect(shippingCardLabel({ shippingFee: 0, freeShippingOver: 50000 })).toBe("무료 배송");
  expect(cardFactLabels(0, { shippingFee: 3000, freeShippingOver: null })).toEqual([]);
});
