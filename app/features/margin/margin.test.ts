import { describe, expect, test } from "vitest";
import { FEE_PRESETS } from "#content/fee-presets.ts";
import { computeMargin, evaluateMargin, formatTenthsPercent, type MarginValues, marginHref, readMarginValues, roundDiv } from "./margin.ts";

const values = (overrides: Partial<MarginValues>): MarginValues => ({
  price: "20000",
  cost: "10000",
  customerShipping: "0",
  shipping: "3000",
  rate: "6.63",
  ad: "500",
  fee: "custom",
  ...overrides,
});

describe("the arithmetic, worked by hand", () => {
  test("a profitable sale: fee on the payment, VAT out of the profit, margin on the price without VAT", () => {
    // 20,000 × 6.63% = 1,326 → 정산 18,674; 18,674 − 10,000 − 3,000 − 500 = 5,174 before VAT;
    // VAT (매출 − 매입)/11 = 470.36…; 5,174 × 10/11 = 4,703.63… → 4,704; 5,174 / 20,000 = 25.87% → 25.9%;
    // break-even ad: 18,674 − 10,000 − 3,000 = 5,674.
    expect(computeMargin({ price: 20_000, cost: 10_000, customerShipping: 0, shipping: 3_000, ad: 500, rateHundredths: 663 })).toEqual({
      gross: 20_000,
      fee: 1_326,
      settlement: 18_674,
      beforeVat: 5_174,
      vat: 470,
      profit: 4_704,
      marginTenths: 259,
      breakEvenAd: 5_674,
    });
  });

  test("the customer's shipping fee is paid in and charged the same rate", () => {
    // (10,000 + 3,000) × 10% = 1,300 → 정산 11,700; 11,700 − 6,000 − 3,000 = 2,700; × 10/11 = 2,454.54… → 2,455;
    // 2,700 / 13,000 = 20.769…% → 20.8%.
    const r = computeMargin({ price: 10_000, cost: 6_000, customerShipping: 3_000, shipping: 3_000, ad: 0, rateHundredths: 1_000 });
    expect([r.gross, r.fee, r.settlement, r.profit, r.marginTenths, r.breakEvenAd]).toEqual([13_000, 1_300, 11_700, 2_455, 208, 2_700]);
  });

  test("fees are rounded to the won, halves up; margins to one decimal", () => {
    // 1,001 × 50% = 500.5 → 501.
    expect(computeMargin({ price: 1_001, cost: 0, customerShipping: 0, shipping: 0, ad: 0, rateHundredths: 5_000 }).fee).toBe(501);
    // 9,990 × 5.5% = 549.45 → 549; 9,441 − 5,000 = 4,441; × 10/11 = 4,037.27… → 4,037; 4,441/9,990 = 44.454…% → 44.5%.
    const r = computeMargin({ price: 9_990, cost: 5_000, customerShipping: 0, shipping: 0, ad: 0, rateHundredths: 550 });
    expect([r.fee, r.settlement, r.profit, r.marginTenths]).toEqual([549, 9_441, 4_037, 445]);
    expect(formatTenthsPercent(r.marginTenths)).toBe("44.5%");
  });

  test("a loss stays a loss: negative profit, margin and break-even, rounded away from zero", () => {
    // 10,000 × 11.88% = 1,188 → 8,812; 8,812 − 9,500 − 3,000 = −3,688; × 10/11 = −3,352.72… → −3,353; −36.88% → −36.9%.
    const r = computeMargin({ price: 10_000, cost: 9_500, customerShipping: 0, shipping: 3_000, ad: 0, rateHundredths: 1_188 });
    expect([r.fee, r.profit, r.marginTenths, r.breakEvenAd]).toEqual([1_188, -3_353, -369, -3_688]);
    expect(formatTenthsPercent(r.marginTenths)).toBe("-36.9%");
  });

  test("roundDiv rounds halves away from zero and never goes through floating point", () => {
    expect([roundDiv(5, 2), roundDiv(-5, 2), roundDiv(4, 3), roundDiv(-4, 3), roundDiv(0, 7)]).toEqual([3, -3, 1, -1, 0]);
    // The largest case the form allows: 2억 원 × 100% stays an exact integer.
    expect(
      computeMargin({ price: 100_000_000, cost: 0, customerShipping: 100_000_000, shipping: 0, ad: 0, rateHundredths: 10_000 }).fee,
    ).toBe(200_000_000);
  });
});

describe("validation: a Korean message per field and no result", () => {
  test.each([
    ["letters", { price: "만원" }, "price", "숫자만 입력해 주세요(원 단위, 소수점 없이)."],
    ["a negative amount", { cost: "-500" }, "cost", "0원 이상으로 입력해 주세요."],
    ["an astronomically large amount", { shipping: "99999999999999999999" }, "shipping", "1억 원 이하로 입력해 주세요."],
    ["a rate over 100%", { rate: "150" }, "rate", "100 이하로 입력해 주세요."],
    ["an empty price", { price: "" }, "price", "판매가를 입력해 주세요."],
    ["an empty ad cost", { ad: " " }, "ad", "광고비를 입력해 주세요."],
    ["a zero price", { price: "0" }, "price", "1원 이상으로 입력해 주세요."],
    ["decimals in won", { price: "1000.5" }, "price", "숫자만 입력해 주세요(원 단위, 소수점 없이)."],
    ["three decimals in a rate", { rate: "6.633" }, "rate", "숫자로 입력해 주세요(소수점 아래 두 자리까지, 예: 6.63)."],
    ["Infinity", { customerShipping: "Infinity" }, "customerShipping", "숫자만 입력해 주세요(원 단위, 소수점 없이)."],
  ] as const)("%s", (_name, overrides, field, message) => {
    const outcome = evaluateMargin(values(overrides));
    expect(outcome.result).toBeNull();
    expect(outcome.errors).toEqual({ [field]: message });
  });

  test("thousands separators and a trailing % are understood", () => {
    const outcome = evaluateMargin(values({ price: "20,000", cost: "10,000", rate: "6.63%" }));
    expect(outcome.errors).toEqual({});
    expect(outcome.result?.profit).toBe(4_704);
  });

  test("every field wrong at once: one message each", () => {
    const outcome = evaluateMargin({ price: "a", cost: "-1", customerShipping: "", shipping: "1e9", rate: "101", ad: "x", fee: "custom" });
    expect(Object.keys(outcome.errors).sort()).toEqual(["ad", "cost", "customerShipping", "price", "rate", "shipping"]);
    expect(outcome.result).toBeNull();
  });
});

describe("the query", () => {
  test("a prefill link fills its field and is not yet a submission", () => {
    const { values: v, submitted } = readMarginValues(new URLSearchParams("shipping=3000"));
    expect(submitted).toBe(false);
    expect(v).toMatchObject({ shipping: "3000", price: "", customerShipping: "0", ad: "0", fee: "custom" });
  });

  test("a preset sets the rate whatever the query says; an unknown basis falls back to 직접 입력", () => {
    const naver = readMarginValues(new URLSearchParams("price=1&fee=smartstore&rate=99")).values;
    expect(naver.rate).toBe(FEE_PRESETS.find((p) => p.id === "smartstore")?.rate);
    expect(readMarginValues(new URLSearchParams("fee=amazon&rate=7")).values).toMatchObject({ fee: "custom", rate: "7" });
  });

  test("a 10,000-character parameter is cut before it is parsed or shown", () => {
    const { values: v } = readMarginValues(new URLSearchParams({ price: "1".repeat(10_000) }));
    expect(v.price.length).toBeLessThanOrEqual(30);
    expect(evaluateMargin(v).errors.price).toBe("1억 원 이하로 입력해 주세요.");
  });

  test("the shareable link reproduces the same values", () => {
    const v = values({ fee: "coupang", rate: "11.88" });
    expect(readMarginValues(new URL(marginHref(v), "http://x").searchParams).values).toEqual(v);
  });
});

describe("the fee presets", () => {
  const today = new Date().toISOString().slice(0, 10);
  test.each(FEE_PRESETS.map((p) => [p.label, p] as const))("%s: a rate, a real past reading date and dated sources", (_label, preset) => {
    expect(preset.rate).toMatch(/^\d{1,2}(\.\d{1,2})?$/);
    expect(preset.readOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const read = new Date(`${preset.readOn}T00:00:00Z`);
    expect(read.toISOString().slice(0, 10)).toBe(preset.readOn); // a real calendar date (no 2026-02-30)
    expect(preset.readOn <= today).toBe(true);
    expect(preset.assumption.length).toBeGreaterThan(20);
    expect(preset.sources.length).toBeGreaterThanOrEqual(2);
    for (const source of preset.sources) {
      expect(source.date <= today).toBe(true);
      expect(new URL(source.url).protocol).toMatch(/^https?:$/);
    }
  });
});
