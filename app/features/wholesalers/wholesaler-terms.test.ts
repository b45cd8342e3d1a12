import { expect, test } from "vitest";
import type { WholesalerTerms } from "#app/db/term-values.ts";
import { factsOfMask, maskOf, masksWithAll, termGroupValue } from "#app/db/term-values.ts";
import { parseCompareIds } from "#app/features/compare/compare-ids.server.ts";
import { formatBusinessNumber, hasValidCheckDigit, parseBusinessNumber } from "#app/lib/business-number.ts";
import { validateForm } from "#app/lib/form.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import { demoWholesalers } from "#content/demo/wholesalers.ts";
import { listHref, parseListParams } from "./wholesaler-list-params.ts";
import { adminWholesalerFormSchema } from "./wholesaler-schema.ts";
import {
  ADMIN_SOURCE,
  cardFactLabels,
  checkedDayAfterSave,
  factsOf,
  REPORTED_SOURCE,
  SUPPLIED_SOURCE,
  termRows,
  UNKNOWN_TERMS,
} from "./wholesaler-terms.ts";
import { wholesalerTermsSchema } from "./wholesaler-terms-schema.ts";

const formOf = (entries: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const one of [value].flat()) form.append(name, one);
  return form;
};

test("사업자등록번호: the check digit (weights 1,3,7,1,3,7,1,3,5) is verified, hyphens are optional, it shows as 123-45-67890", () => {
  // Published numbers of real companies (네이버 220-81-62517, 쿠팡 120-88-00767).
  expect(hasValidCheckDigit("2208162517")).toBe(true);
  expect(hasValidCheckDigit("1208800767")).toBe(true);
  expect(hasValidCheckDigit("2208162518")).toBe(false);
  expect(parseBusinessNumber("220-81-62517")).toEqual({ ok: true, value: "2208162517" });
  expect(parseBusinessNumber(" 220 81 62517 ")).toEqual({ ok: true, value: "2208162517" });
  expect(parseBusinessNumber("２２０-８１-６２５１７")).toEqual({ ok: true, value: "2208162517" });
  expect(parseBusinessNumber("")).toEqual({ ok: true, value: null });
  expect(parseBusinessNumber("220-81-62518")).toEqual({
    ok: false,
    error: "사업자등록번호가 올바르지 않습니다. 번호를 다시 확인해 주세요.",
  });
  expect(parseBusinessNumber("220-81-6251")).toMatchObject({ ok: false, error: expect.stringContaining("숫자 10자리") });
  expect(parseBusinessNumber("22O-81-62517")).toMatchObject({ ok: false });
  expect(formatBusinessNumber("2208162517")).toBe("220-81-62517");
});

test("조건 출처 says where each known term came from: 공급사 제공, the page an admin read, 관리자 확인, or a seller's applied report", () => {
  const source = (terms: Parameters<typeof termRows>[0]) => termRows(terms).at(-1);
  const known = { ...UNKNOWN_TERMS, dropshipping: "yes" as const, returns: "no" as const };
  expect(source(known)).toEqual({ label: "조건 출처", value: ADMIN_SOURCE });
  expect(source({ ...known, termsSource: "https://shop.example/guide" })).toMatchObject({ value: "https://shop.example/guide" });
  expect(source({ ...known, termsSuppliedAt: new Date() })).toEqual({ label: "조건 출처", value: SUPPLIED_SOURCE });
  // A report applied to 위탁 판매: its page (or, for a picture, 셀러 제보 (관리자 확인)) for that term, the rest as before.
  const reported = (url: string | null) => ({
    ...known,
    termsSuppliedAt: new Date(),
    termSources: { dropshipping: { value: termGroupValue(known, "dropshipping"), url, day: "2026-11-20" } },
  });
  expect(source(reported("https://shop.example/notice"))).toEqual({
    label: "조건 출처",
    value: `https://shop.example/notice (위탁 판매) · ${SUPPLIED_SOURCE} (단순 변심 반품)`,
    parts: [
      { value: "https://shop.example/notice", href: "https://shop.example/notice", terms: ["위탁 판매"] },
      { value: SUPPLIED_SOURCE, terms: ["단순 변심 반품"] },
    ],
  });
  expect(source(reported(null))?.value).toBe(`${REPORTED_SOURCE} (위탁 판매) · ${SUPPLIED_SOURCE} (단순 변심 반품)`);
  // Changed since by any other hand: the report no longer speaks for it.
  expect(source({ ...reported(null), dropshipping: "no" })?.value).toBe(SUPPLIED_SOURCE);
});

test("every term is worded as the contract says, and unknown is always 확인 필요", () => {
  const words = (terms: Partial<WholesalerTerms>) =>
    Object.fromEntries(termRows({ ...UNKNOWN_TERMS, ...terms }).map((row) => [row.label, row.value]));
  expect(words({})).toEqual({
    "위탁 판매": "확인 필요",
    "최소 주문 수량": "확인 필요",
    배송비: "확인 필요",
    "단순 변심 반품": "확인 필요",
    "상세페이지 이미지 사용": "확인 필요",
    "가격 정책": "확인 필요",
    "상품 연동": "확인 필요",
    사업자등록번호: "확인 필요",
    "조건 확인일": "확인 필요",
    "조건 출처": "확인 필요",
  });
  expect(
    words({
      dropshipping: "yes",
      minOrder: 1,
      shippingFee: 0,
      returns: "conditional",
      imageUse: "yes",
      pricePolicy: "minimum",
      integration: ["api", "excel", "sender"],
      businessNumber: "2208162517",
      termsCheckedAt: "2026-11-22",
      termsSource: "https://example.com/guide",
    }),
  ).toEqual({
    "위탁 판매": "가능",
    "최소 주문 수량": "1개부터",
    배송비: "무료",
    "단순 변심 반품": "조건부",
    "상세페이지 이미지 사용": "허용",
    "가격 정책": "최저가 준수",
    "상품 연동": "API, 엑셀, 전송 프로그램",
    사업자등록번호: "220-81-62517",
    "조건 확인일": "2026. 11. 22.",
    "조건 출처": "https://example.com/guide",
  });
  expect(
    words({ dropshipping: "no", minOrder: 1200, shippingFee: 3000, returns: "no", imageUse: "no", pricePolicy: "closed" }),
  ).toMatchObject({
    "위탁 판매": "불가",
    "최소 주문 수량": "1,200개부터",
    배송비: "3,000원",
    "단순 변심 반품": "불가",
    "상세페이지 이미지 사용": "불가",
    "가격 정책": "폐쇄몰 전용",
  });
  expect(words({ shippingFee: 3000, freeShippingOver: 50000, returns: "yes", pricePolicy: "free" })).toMatchObject({
    배송비: "3,000원 (50,000원 이상 무료)",
    "단순 변심 반품": "가능",
    "가격 정책": "자율",
  });
  expect(words({ freeShippingOver: 30000 })).toMatchObject({ 배송비: "30,000원 이상 무료 (기본 배송비 확인 필요)" });
  expect(termRows({ ...UNKNOWN_TERMS, termsSource: "https://example.com/" }).at(-1)).toEqual({
    label: "조건 출처",
    value: "https://example.com/",
    href: "https://example.com/",
  });
});

test("the facts behind the filters and card labels come only from known-true terms", () => {
  expect(factsOf(UNKNOWN_TERMS)).toEqual([]);
  expect(
    factsOf({
      ...UNKNOWN_TERMS,
      dropshipping: "no",
      returns: "conditional",
      imageUse: "no",
      pricePolicy: "minimum",
      minOrder: 2,
      shippingFee: 2500,
    }),
  ).toEqual([]);
  expect(
    factsOf({ ...UNKNOWN_TERMS, dropshipping: "yes", shippingFee: 0, returns: "yes", imageUse: "yes", pricePolicy: "free", minOrder: 1 }),
  ).toEqual(["dropshipping", "free-shipping", "returns", "image-use", "free-price", "single-unit"]);
  expect(factsOf({ ...UNKNOWN_TERMS, shippingFee: 3000, freeShippingOver: 50000 })).toEqual(["free-shipping"]);
  expect(cardFactLabels(maskOf(["single-unit", "returns", "dropshipping", "image-use", "free-shipping"]))).toEqual([
    "위탁 가능",
    "무료 배송",
    "반품 가능",
  ]);
  expect(cardFactLabels(maskOf(["image-use", "free-price", "single-unit"]))).toEqual([]);
  expect(cardFactLabels(0)).toEqual([]);
  // The filter masks: every mask holding the asked bits, and only those.
  expect(masksWithAll(["dropshipping", "free-shipping", "returns"])).toEqual([
    7, 15, 23, 31, 39, 47, 55, 63, 71, 79, 87, 95, 103, 111, 119, 127,
  ]);
  expect(masksWithAll(["single-unit"])).toHaveLength(64);
  expect(masksWithAll(["business-verified", "dropshipping"])).toEqual([
    65, 67, 69, 71, 73, 75, 77, 79, 81, 83, 85, 87, 89, 91, 93, 95, 97, 99, 101, 103, 105, 107, 109, 111, 113, 115, 117, 119, 121, 123, 125,
    127,
  ]);
  expect(masksWithAll([])).toHaveLength(128);
  expect(factsOfMask(maskOf(["returns", "dropshipping"]))).toEqual(["dropshipping", "returns"]);
});

test("조건 확인일: a term change sets today unless the date was changed in the same save", () => {
  const stored: WholesalerTerms = { ...UNKNOWN_TERMS, dropshipping: "yes", termsCheckedAt: "2026-01-05" };
  const today = "2026-11-23";
  // Nothing about the terms changed: the date stays.
  expect(checkedDayAfterSave(stored, stored, today)).toBe("2026-01-05");
  // A term changed, the date field left as it was: today.
  expect(checkedDayAfterSave(stored, { ...stored, returns: "no" }, today)).toBe(today);
  expect(checkedDayAfterSave(stored, { ...stored, integration: ["excel"] }, today)).toBe(today);
  // The admin typed a date in the same save: theirs.
  expect(checkedDayAfterSave(stored, { ...stored, returns: "no", termsCheckedAt: "2026-11-01" }, today)).toBe("2026-11-01");
  expect(checkedDayAfterSave(stored, { ...stored, termsCheckedAt: null }, today)).toBeNull();
  // A new supplier: today when it comes with terms, its own date when given, none without terms.
  expect(checkedDayAfterSave(null, { ...UNKNOWN_TERMS, minOrder: 1 }, today)).toBe(today);
  expect(checkedDayAfterSave(null, { ...UNKNOWN_TERMS, minOrder: 1, termsCheckedAt: "2026-10-10" }, today)).toBe("2026-10-10");
  expect(checkedDayAfterSave(null, UNKNOWN_TERMS, today)).toBeNull();
});

test("the terms schema reads the contract's form values and refuses bad ones in Korean", () => {
  const ok = wholesalerTermsSchema.parse({
    dropshipping: "yes",
    minOrder: "1,000",
    shippingFee: "3,000원",
    freeShippingOver: "50000",
    returns: "unknown",
    imageUse: "",
    pricePolicy: "closed",
    integration: ["excel", "api", "excel", "unknown"],
    businessNumber: "220-81-62517",
    termsCheckedAt: "2026-11-01",
    termsSource: "https://example.com/notice",
  });
  expect(ok).toEqual({
    dropshipping: "yes",
    minOrder: 1000,
    minOrderVaries: false,
    shippingFee: 3000,
    freeShippingOver: 50000,
    shippingFeeVaries: false,
    returns: null,
    imageUse: null,
    pricePolicy: "closed",
    integration: ["api", "excel"],
    businessNumber: "2208162517",
    termsCheckedAt: "2026-11-01",
    termsSource: "https://example.com/notice",
  });
  // An import cell may hold the set as one comma-separated text.
  expect(wholesalerTermsSchema.parse({ integration: "sender, api" }).integration).toEqual(["api", "sender"]);
  expect(wholesalerTermsSchema.parse({})).toMatchObject({ dropshipping: null, minOrder: null, integration: null, termsSource: "" });

  const bad = validateForm(
    formOf({
      name: "도매처",
      dropshipping: "maybe",
      minOrder: "0",
      shippingFee: "-100",
      freeShippingOver: "abc",
      returns: "YES",
      imageUse: "<script>",
      pricePolicy: "cheap",
      integration: ["api", "fax"],
      businessNumber: "123-45-67890",
      termsCheckedAt: "2026-02-30",
      termsSource: "javascript:alert(1)",
    }),
    adminWholesalerFormSchema,
  );
  expect(bad.ok).toBe(false);
  if (bad.ok) return;
  expect(bad.errors).toEqual({
    dropshipping: "위탁 판매를 목록에 있는 값으로 골라 주세요.",
    minOrder: "최소 주문 수량은 1 이상이어야 합니다.",
    shippingFee: "배송비는 0원 이상이어야 합니다.",
    freeShippingOver: "무료 배송 기준 금액은 숫자로 입력해 주세요. (예: 12000, 12,000원)",
    returns: "단순 변심 반품을 목록에 있는 값으로 골라 주세요.",
    imageUse: "상세페이지 이미지 사용을 목록에 있는 값으로 골라 주세요.",
    pricePolicy: "가격 정책을 목록에 있는 값으로 골라 주세요.",
    integration: "상품 연동을 목록에 있는 값으로 골라 주세요.",
    businessNumber: "사업자등록번호가 올바르지 않습니다. 번호를 다시 확인해 주세요.",
    termsCheckedAt: "조건 확인일은 2026-11-22 형식의 날짜로 입력해 주세요.",
    termsSource: "조건 출처는 http:// 또는 https://로 시작하는 주소여야 합니다.",
  });
  const more = validateForm(
    formOf({
      name: "도매처",
      minOrder: "열 개",
      shippingFee: "1.5",
      freeShippingOver: "0",
      termsCheckedAt: "2999-01-01",
      termsSource: "ftp://example.com",
    }),
    adminWholesalerFormSchema,
  );
  expect(more.ok ? {} : more.errors).toEqual({
    minOrder: "최소 주문 수량은 숫자로 입력해 주세요.",
    shippingFee: "배송비는 소수점 없이 원 단위로 입력해 주세요.",
    freeShippingOver: "무료 배송 기준 금액은 1원 이상이어야 합니다. 항상 무료이면 배송비에 0을 입력해 주세요.",
    termsCheckedAt: "조건 확인일은 오늘 이후의 날짜일 수 없습니다.",
    termsSource: "조건 출처는 http:// 또는 https://로 시작하는 주소여야 합니다.",
  });
  expect(wholesalerTermsSchema.safeParse({ termsCheckedAt: seoulDay() }).success).toBe(true);
  expect(wholesalerTermsSchema.safeParse({ termsCheckedAt: "1999-12-31" }).success).toBe(false);
});

test("/list filters live in the URL: parsed in a fixed order, toggled by the form's buttons, written back by listHref", () => {
  const state = parseListParams(
    new URLSearchParams("q=도매&category=식품&filter=returns&filter=dropshipping&filter=bogus&sort=name&page=3"),
  );
  expect(state).toEqual({ q: "도매", category: "식품", sort: "name", page: 3, facts: ["dropshipping", "returns"] });
  const href = listHref(state);
  expect(href).toBe(
    `/list?q=${encodeURIComponent("도매")}&category=${encodeURIComponent("식품")}&filter=dropshipping&filter=returns&sort=name&page=3`,
  );
  // A reload (or a shared link) reads the same state back.
  expect(parseListParams(new URL(href, "http://x").searchParams)).toEqual(state);

  // A filter button sends `toggle` with the filters that are on and the current category.
  const toggledOn = parseListParams(new URLSearchParams("q=&filter=returns&toggle=free-shipping&current-category=식품&sort=views"));
  expect(toggledOn).toMatchObject({ category: "식품", facts: ["free-shipping", "returns"], page: 1 });
  const toggledOff = parseListParams(new URLSearchParams("filter=returns&filter=free-shipping&toggle=returns"));
  expect(toggledOff.facts).toEqual(["free-shipping"]);
  // A chip sends `category` itself, which wins over the kept one (`전체` is the empty category).
  expect(parseListParams(new URLSearchParams("category=&current-category=식품")).category).toBe("");
  expect(parseListParams(new URLSearchParams("filter=dropshipping,image-use&toggle=nonsense")).facts).toEqual([
    "dropshipping",
    "image-use",
  ]);
  expect(listHref({ facts: [] })).toBe("/list");
});

test("/compare ids: junk, negatives, duplicates and floods are ignored; at most four are kept", () => {
  expect(parseCompareIds("3,17,5")).toEqual({ ids: [3, 17, 5], more: false });
  expect(parseCompareIds("3,3,abc,-1,0,1.5,99999999999,%27,17")).toEqual({ ids: [3, 17], more: false });
  expect(parseCompareIds("1,2,3,4,5")).toEqual({ ids: [1, 2, 3, 4], more: true });
  expect(parseCompareIds("1.2.3", ".")).toEqual({ ids: [1, 2, 3], more: false });
  expect(parseCompareIds(" 4 , 9 ")).toEqual({ ids: [4, 9], more: false });
  expect(parseCompareIds(null)).toEqual({ ids: [], more: false });
  const flood = Array.from({ length: 10_000 }, (_, i) => i + 1).join(",");
  expect(parseCompareIds(flood)).toEqual({ ids: [1, 2, 3, 4], more: true });
  expect(parseCompareIds(Array(10_000).fill("7").join(","))).toEqual({ ids: [7], more: false });
});

test("demo terms are valid terms, each with the page it was read from and the day it was read", () => {
  const withTerms = demoWholesalers.filter((w) => w.terms);
  expect(withTerms.length).toBeGreaterThan(0);
  for (const { name, terms } of withTerms) {
    const { termsSource, termsCheckedAt, ...rest } = terms!;
    const parsed = wholesalerTermsSchema.safeParse({
      ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, Array.isArray(value) ? value : String(value)])),
      termsSource,
      termsCheckedAt,
    });
    expect(parsed.success, name).toBe(true);
    expect(termsSource, name).toMatch(/^https:\/\//);
    expect(termsCheckedAt <= seoulDay(), name).toBe(true);
    // At least one term besides the source and the date: a source alone says nothing.
    expect(Object.keys(rest).length, name).toBeGreaterThan(0);
  }
});
