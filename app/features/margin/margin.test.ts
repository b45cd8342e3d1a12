import { describe, expect, test } from "vitest";
import { FEE_TABLE, type FeeSource, type FeeTier } from "#content/fee-presets.ts";
import { TAX_TABLE } from "#content/tax-types.ts";
import {
  computeMargin,
  defaultMarginValues,
  evaluateMargin,
  formatRate,
  formatTenthsPercent,
  type MarginInput,
  type MarginRules,
  type MarginValues,
  marginHref,
  platformRates,
  readMarginValues,
  roundDiv,
  vatFiguresOn,
} from "./margin.ts";

// A fixed Korean day: the card credit's rate is 1.3 % until 2026-12-31 and 1 % after it.
const rules: MarginRules = { fees: FEE_TABLE, taxes: TAX_TABLE, day: "2026-11-28" };
const VAT_2026 = vatFiguresOn(TAX_TABLE, "2026-11-28");

const values = (overrides: Partial<MarginValues>): MarginValues => ({
  price: "20000",
  cost: "10000",
  customerShipping: "0",
  shipping: "3000",
  rate: "6.63",
  shippingRate: "",
  ad: "500",
  fee: "custom",
  naverGrade: "small",
  naverOrder: "standard",
  coupangCategory: "furniture",
  // The plain (매출 − 매입) / 11 of an 일반과세자 without the card credit, unless the case says otherwise.
  tax: "general-large",
  goods: "taxable",
  ...overrides,
});

/** One sale of a 과세 상품, 일반과세자 without the card credit and one rate on the whole payment unless the case says otherwise. */
const compute = (input: Partial<MarginInput> & Pick<MarginInput, "price" | "cost" | "shipping" | "rateHundredths">) =>
  computeMargin(
    { customerShipping: 0, ad: 0, tax: "general-large", goods: "taxable", shippingRateHundredths: input.rateHundredths, ...input },
    VAT_2026,
  );

describe("the arithmetic, worked by hand", () => {
  test("a profitable sale: fee on the payment, VAT out of the profit, margin on the price without VAT", () => {
    // 20,000 × 6.63% = 1,326 → 정산 18,674; 18,674 − 10,000 − 3,000 − 500 = 5,174 before VAT;
    // VAT (매출 − 매입)/11 = 470.36…; 5,174 × 10/11 = 4,703.63… → 4,704; 5,174 / 20,000 = 25.87% → 25.9%;
    // break-even ad: 18,674 − 10,000 − 3,000 = 5,674.
    expect(compute({ price: 20_000, cost: 10_000, shipping: 3_000, ad: 500, rateHundredths: 663 })).toEqual({
      gross: 20_000,
      fee: 1_326,
      settlement: 18_674,
      beforeVat: 5_174,
      vat: 470,
      cardCredit: 0,
      profit: 4_704,
      marginTenths: 259,
      breakEvenAd: 5_674,
    });
  });

  test("the customer's shipping fee is paid in and, at one rate, charged the same rate", () => {
    // (10,000 + 3,000) × 10% = 1,300 → 정산 11,700; 11,700 − 6,000 − 3,000 = 2,700; × 10/11 = 2,454.54… → 2,455;
    // 2,700 / 13,000 = 20.769…% → 20.8%.
    const r = compute({ price: 10_000, cost: 6_000, customerShipping: 3_000, shipping: 3_000, rateHundredths: 1_000 });
    expect([r.gross, r.fee, r.settlement, r.profit, r.marginTenths, r.breakEvenAd]).toEqual([13_000, 1_300, 11_700, 2_455, 208, 2_700]);
  });

  test("fees are rounded to the won, halves up; margins to one decimal", () => {
    // 1,001 × 50% = 500.5 → 501.
    expect(compute({ price: 1_001, cost: 0, shipping: 0, rateHundredths: 5_000 }).fee).toBe(501);
    // 9,990 × 5.5% = 549.45 → 549; 9,441 − 5,000 = 4,441; × 10/11 = 4,037.27… → 4,037; 4,441/9,990 = 44.454…% → 44.5%.
    const r = compute({ price: 9_990, cost: 5_000, shipping: 0, rateHundredths: 550 });
    expect([r.fee, r.settlement, r.profit, r.marginTenths]).toEqual([549, 9_441, 4_037, 445]);
    expect(formatTenthsPercent(r.marginTenths)).toBe("44.5%");
  });

  test("a loss stays a loss: negative profit, margin and break-even, rounded away from zero", () => {
    // 10,000 × 11.88% = 1,188 → 8,812; 8,812 − 9,500 − 3,000 = −3,688; × 10/11 = −3,352.72… → −3,353; −36.88% → −36.9%.
    const r = compute({ price: 10_000, cost: 9_500, shipping: 3_000, rateHundredths: 1_188 });
    expect([r.fee, r.profit, r.marginTenths, r.breakEvenAd]).toEqual([1_188, -3_353, -369, -3_688]);
    // The card credit adds nothing to a refund: the 개인 일반과세자 gets the same loss.
    expect(compute({ price: 10_000, cost: 9_500, shipping: 3_000, rateHundredths: 1_188, tax: "general" })).toMatchObject({
      vat: -335,
      cardCredit: 0,
      profit: -3_353,
    });
    expect(formatTenthsPercent(r.marginTenths)).toBe("-36.9%");
  });

  test("roundDiv rounds halves away from zero and never goes through floating point", () => {
    expect([roundDiv(5, 2), roundDiv(-5, 2), roundDiv(4, 3), roundDiv(-4, 3), roundDiv(0, 7)]).toEqual([3, -3, 1, -1, 0]);
    // The largest case the form allows: 2억 원 × 100% stays an exact integer.
    expect(compute({ price: 100_000_000, cost: 0, customerShipping: 100_000_000, shipping: 0, rateHundredths: 10_000 }).fee).toBe(
      200_000_000,
    );
  });
});

// content-review-2026-11-26.md, section (b): the review's hand-worked examples, to the won.
describe("the review's worked examples", () => {
  // Example A: 판매가 20,000, 무료배송, 공급가 11,000, 택배비 3,000, 광고비 0.
  const exampleA = { price: "20000", cost: "11000", customerShipping: "0", shipping: "3000", ad: "0" };
  const naver = (
    naverGrade: MarginValues["naverGrade"],
    naverOrder: MarginValues["naverOrder"],
    tax: MarginValues["tax"] = "general-large",
  ) => evaluateMargin(values({ ...exampleA, fee: "smartstore", naverGrade, naverOrder, tax }), rules).result;

  test("A at the 일반 grade on an ordinary order (6.63%): fee 1,326, VAT 425, 순이익 4,249, 23.4%, break-even ad 4,674", () => {
    expect(naver("general", "standard")).toEqual({
      gross: 20_000,
      fee: 1_326,
      settlement: 18_674,
      beforeVat: 4_674,
      vat: 425,
      cardCredit: 0,
      profit: 4_249,
      marginTenths: 234,
      breakEvenAd: 4_674,
    });
  });

  test("the same order at the seller's real tier: 마케팅 링크 4.63%, 영세 4.98%, 영세 + 마케팅 링크 2.98%", () => {
    const marketing = naver("general", "marketing");
    expect([marketing?.fee, marketing?.profit, marketing && formatTenthsPercent(marketing.marginTenths)]).toEqual([926, 4_613, "25.4%"]);
    const small = naver("small", "standard");
    expect([small?.fee, small?.profit]).toEqual([996, 4_549]);
    const smallMarketing = naver("small", "marketing");
    expect([smallMarketing?.profit, smallMarketing && formatTenthsPercent(smallMarketing.marginTenths)]).toEqual([4_913, "27.0%"]);
  });

  test("B on 쿠팡 (가구·홈인테리어) with the customer paying shipping: 10.8% + VAT on the price, 3% + VAT on the shipping", () => {
    // 판매가 15,900, 고객 배송비 3,000, 공급가 8,000, 택배비 3,000, 광고비 500.
    const exampleB = { price: "15900", customerShipping: "3000", cost: "8000", shipping: "3000", ad: "500" };
    const coupang = evaluateMargin(values({ ...exampleB, fee: "coupang", coupangCategory: "furniture" }), rules).result;
    // 15,900 × 11.88% = 1,888.92 and 3,000 × 3.3% = 99 → 1,988; B = 18,900 − 1,988 − 11,500 = 5,412; × 10/11 = 4,920; 28.6%.
    expect([coupang?.fee, coupang?.beforeVat, coupang?.profit, coupang && formatTenthsPercent(coupang.marginTenths)]).toEqual([
      1_988,
      5_412,
      4_920,
      "28.6%",
    ]);
    // The old single rate on the whole payment overstated the fee by 257원 and understated the profit by 234원.
    const oneRate = evaluateMargin(values({ ...exampleB, fee: "custom", rate: "11.88", shippingRate: "" }), rules).result;
    expect([oneRate?.fee, oneRate?.profit, oneRate?.breakEvenAd]).toEqual([2_245, 4_686, 5_655]);
    expect((oneRate?.fee ?? 0) - (coupang?.fee ?? 0)).toBe(257);
  });

  test("면세 goods (제주 감귤 24,900, 공급가 15,000, 택배비 3,500 at 6.63%): 순이익 4,749, not the 일반과세자's 4,317", () => {
    const tangerines = {
      price: "24900",
      cost: "15000",
      customerShipping: "0",
      shipping: "3500",
      ad: "0",
      fee: "smartstore",
      naverGrade: "general",
    } as const;
    expect(evaluateMargin(values({ ...tangerines, goods: "taxable" }), rules).result?.profit).toBe(4_317);
    const exempt = evaluateMargin(values({ ...tangerines, goods: "exempt" }), rules).result;
    expect([exempt?.vat, exempt?.profit, exempt?.breakEvenAd]).toEqual([0, 4_749, 4_749]);
  });

  test("간이과세자: under 4,800만 원 no VAT at all (4,674); above it 20,000 × 15% × 10% − 15,326 × 0.5% ≈ 223원", () => {
    expect(naver("general", "standard", "simplified-exempt")).toMatchObject({
      vat: 0,
      profit: 4_674,
      marginTenths: 234,
      breakEvenAd: 4_674,
    });
    // Without the card credit: 300 − 76.63 = 223.37 → 223; 4,674 − 223 = 4,451; 4,451 / 20,000 = 22.3%.
    const noCard = { ...VAT_2026, cardCreditTenths: 0 };
    const sale = { price: 20_000, cost: 11_000, customerShipping: 0, shipping: 3_000, rateHundredths: 663, shippingRateHundredths: 663 };
    const simplified = (ad: number) => computeMargin({ ...sale, ad, tax: "simplified", goods: "taxable" }, noCard);
    expect(simplified(0)).toMatchObject({ vat: 223, profit: 4_451, marginTenths: 223 });
    // Break-even: spending it leaves 0, one won more is a loss.
    const breakEven = simplified(0).breakEvenAd;
    expect(breakEven).toBe(4_473);
    expect(simplified(breakEven).profit).toBe(0);
    expect(simplified(breakEven + 1).profit).toBeLessThan(0);
  });
});

// 부가가치세법 제46조: 1.3 % of the card and 간편결제 payment (1 % after 2026-12-31) off the VAT of a 개인 일반과세자 up to
// 10억 and of a 간이과세자, never below 0.
describe("the 신용카드 등 매출세액공제", () => {
  const exampleA = { price: "20000", cost: "11000", customerShipping: "0", shipping: "3000", ad: "0" };
  const sellA = (tax: MarginValues["tax"], day = "2026-11-28") =>
    evaluateMargin(values({ ...exampleA, fee: "smartstore", naverGrade: "general", naverOrder: "standard", tax }), { ...rules, day })
      .result;

  test("A for a 개인 일반과세자: VAT 425 − 260 = 165, 순이익 4,509 (not 4,249), 24.8%", () => {
    // 20,000 × 6.63% = 1,326 → 부가세 전 이익 4,674; (매출 − 매입)/11: 4,674 − 4,249.09… → 425;
    // credit 20,000 × 1.3% = 260 → VAT 165; 4,674 − 165 = 4,509; 4,509 ÷ (20,000 × 10/11) = 24.799…% → 24.8%.
    expect(sellA("general")).toEqual({
      gross: 20_000,
      fee: 1_326,
      settlement: 18_674,
      beforeVat: 4_674,
      vat: 165,
      cardCredit: 260,
      profit: 4_509,
      marginTenths: 248,
      breakEvenAd: 4_674,
    });
    // A company, or a 개인 above 10억, gets none: the review's 425 and 4,249.
    expect(sellA("general-large")).toMatchObject({ vat: 425, cardCredit: 0, profit: 4_249, marginTenths: 234 });
  });

  test("after 2026-12-31 the law's rate is 1 %: 425 − 200 = 225, 순이익 4,449", () => {
    // 20,000 × 1% = 200; 4,674 − 225 = 4,449; 4,449 ÷ 18,181.8… = 24.469…% → 24.5%.
    expect(sellA("general", "2027-01-04")).toMatchObject({ vat: 225, cardCredit: 200, profit: 4_449, marginTenths: 245 });
    expect(sellA("general", "2026-12-31")).toMatchObject({ vat: 165, cardCredit: 260 });
  });

  test("A for a 간이과세자: 300 − 76.63 − 260 < 0, so no VAT and no refund: 순이익 4,674", () => {
    // 20,000 × 15% × 10% = 300; (1,326 + 11,000 + 3,000) × 0.5% = 76.63; 300 − 76.63 − 260 = −36.63 → 0.
    // The credit used is the 223원 it took off; 4,674 / 20,000 = 23.37% → 23.4%.
    const simplified = sellA("simplified");
    expect(simplified).toMatchObject({ vat: 0, cardCredit: 223, profit: 4_674, marginTenths: 234 });
    // No VAT even at ad = 4,674: 20,000 × 0.2% − 20,000 × 0.5% < 0, so the whole 부가세 전 이익 is the break-even.
    expect(simplified?.breakEvenAd).toBe(4_674);
    const at = (ad: number) =>
      evaluateMargin(values({ ...exampleA, ad: String(ad), fee: "smartstore", naverGrade: "general", tax: "simplified" }), rules).result
        ?.profit;
    expect([at(4_674), at(4_675)]).toEqual([0, -1]);
  });

  test("a tax smaller than the credit goes to 0, never to a refund", () => {
    // 10,000 × 10% = 1,000 → 부가세 전 이익 1,000; 1,000 − round(909.09…) = 91 owed; credit 130 → only 91 used, VAT 0;
    // 순이익 1,000; 1,000 ÷ (10,000 × 10/11) = 11.0%.
    expect(compute({ price: 10_000, cost: 8_000, shipping: 0, rateHundredths: 1_000, tax: "general" })).toMatchObject({
      vat: 0,
      cardCredit: 91,
      profit: 1_000,
      marginTenths: 110,
      breakEvenAd: 1_000,
    });
  });
});

// 면세 belongs to the product (부가가치세법 제26조), the 과세 유형 to the seller: the two are separate choices.
describe("면세 per product, whatever the seller's 과세 유형", () => {
  // 제주 감귤 on 쿠팡 식품 (10.6% + VAT = 11.66%): 24,900, 공급가 15,000, 택배비 3,500, 무료배송.
  const tangerines = { price: "24900", cost: "15000", customerShipping: "0", shipping: "3500", ad: "0", fee: "coupang" } as const;
  const sell = (tax: MarginValues["tax"], goods: MarginValues["goods"], day = "2026-11-28") =>
    evaluateMargin(values({ ...tangerines, coupangCategory: "food", tax, goods }), { ...rules, day }).result;

  test("a company selling 감귤 as 과세 would owe 318원; as 면세 it owes none: 순이익 3,497, 14.0%", () => {
    // 24,900 × 11.66% = 2,903.34 → 2,903; 24,900 − 2,903 − 18,500 = 3,497 before VAT.
    // 과세: 3,497 − round(3,497 × 10/11 = 3,179.09…) = 318. 면세: 0; 3,497 / 24,900 = 14.04…% → 14.0%.
    expect(sell("general-large", "taxable")).toMatchObject({ fee: 2_903, beforeVat: 3_497, vat: 318, profit: 3_179 });
    expect(sell("general-large", "exempt")).toMatchObject({ vat: 0, cardCredit: 0, profit: 3_497, marginTenths: 140, breakEvenAd: 3_497 });
  });

  test("a 간이과세자 selling 면세 감귤 owes nothing, where the same sale of a 과세 product owes 17원 (in 2027, at 1 %)", () => {
    // 과세: 24,900 × 1.5% = 373.5; (2,903 + 15,000 + 3,500) × 0.5% = 107.015; card 24,900 × 1% = 249;
    // 373.5 − 107.015 − 249 = 17.485 → 17. 면세: 0, and no credit is counted.
    expect(sell("simplified", "taxable", "2027-01-04")).toMatchObject({ vat: 17, profit: 3_480 });
    expect(sell("simplified", "exempt", "2027-01-04")).toMatchObject({ vat: 0, cardCredit: 0, profit: 3_497 });
    for (const tax of ["general", "general-large", "simplified", "simplified-exempt"] as const)
      expect(sell(tax, "exempt")?.profit, tax).toBe(3_497);
  });

  test("an old link with 면세 as its 과세 유형 (tax=exempt) opens a 면세 product of an 일반과세자", () => {
    expect(readMarginValues(new URLSearchParams("price=1&tax=exempt"), rules).values).toMatchObject({ tax: "general", goods: "exempt" });
    expect(readMarginValues(new URLSearchParams("price=1&tax=simplified&goods=exempt"), rules).values).toMatchObject({
      tax: "simplified",
      goods: "exempt",
    });
    expect(readMarginValues(new URLSearchParams("price=1&goods=x"), rules).values.goods).toBe("taxable");
  });
});

describe("간이과세자 edge cases", () => {
  test("a deduction larger than the tax leaves no VAT and no refund", () => {
    // 10,000 × 1.5% = 150 owed; costs 40,000 × 0.5% = 200 deducted → 0, never −50.
    const r = computeMargin(
      {
        price: 10_000,
        cost: 39_000,
        customerShipping: 0,
        shipping: 0,
        ad: 0,
        rateHundredths: 1_000,
        shippingRateHundredths: 1_000,
        tax: "simplified",
        goods: "taxable",
      },
      VAT_2026,
    );
    expect([r.fee, r.vat, r.profit]).toEqual([1_000, 0, -30_000]);
    expect(r.breakEvenAd).toBeLessThan(0);
  });

  test("the break-even ad cost is the most one can spend and still not lose a won", () => {
    // 1,000 × 5% = 50 → 950 before ads. VAT at ad a: (15,000 − (50 + a) × 5) / 1,000, rounded.
    const at = (ad: number) =>
      computeMargin(
        {
          price: 1_000,
          cost: 0,
          customerShipping: 0,
          shipping: 0,
          ad,
          rateHundredths: 500,
          shippingRateHundredths: 500,
          tax: "simplified",
          goods: "taxable",
        },
        { ...VAT_2026, cardCreditTenths: 0 },
      );
    expect([at(0).vat, at(0).profit]).toEqual([15, 935]);
    expect(at(0).breakEvenAd).toBe(940);
    expect(at(940).profit).toBe(0);
    expect(at(941).profit).toBeLessThan(0);
  });
});

describe("validation: a Korean message per field and no result", () => {
  test.each([
    ["letters", { price: "만원" }, "price", "숫자만 입력해 주세요(원 단위, 소수점 없이)."],
    ["a negative amount", { cost: "-500" }, "cost", "0원 이상으로 입력해 주세요."],
    ["an astronomically large amount", { shipping: "99999999999999999999" }, "shipping", "1억 원 이하로 입력해 주세요."],
    ["a rate over 100%", { rate: "150" }, "rate", "100 이하로 입력해 주세요."],
    ["a shipping rate over 100%", { shippingRate: "101" }, "shippingRate", "100 이하로 입력해 주세요."],
    ["an empty price", { price: "" }, "price", "판매가를 입력해 주세요."],
    ["an empty ad cost", { ad: " " }, "ad", "광고비를 입력해 주세요."],
    ["a zero price", { price: "0" }, "price", "1원 이상으로 입력해 주세요."],
    ["decimals in won", { price: "1000.5" }, "price", "숫자만 입력해 주세요(원 단위, 소수점 없이)."],
    ["three decimals in a rate", { rate: "6.633" }, "rate", "숫자로 입력해 주세요(소수점 아래 두 자리까지, 예: 6.63)."],
    ["Infinity", { customerShipping: "Infinity" }, "customerShipping", "숫자만 입력해 주세요(원 단위, 소수점 없이)."],
  ] as const)("%s", (_name, overrides, field, message) => {
    const outcome = evaluateMargin(values(overrides), rules);
    expect(outcome.result).toBeNull();
    expect(outcome.comparison).toBeNull();
    expect(outcome.errors).toEqual({ [field]: message });
  });

  test("thousands separators and a trailing % are understood; an empty shipping rate is the sale's rate", () => {
    const outcome = evaluateMargin(values({ price: "20,000", cost: "10,000", rate: "6.63%" }), rules);
    expect(outcome.errors).toEqual({});
    expect(outcome.result?.profit).toBe(4_704);
  });

  test("every field wrong at once: one message each", () => {
    const outcome = evaluateMargin(
      values({ price: "a", cost: "-1", customerShipping: "", shipping: "1e9", rate: "101", shippingRate: "x", ad: "x" }),
      rules,
    );
    expect(Object.keys(outcome.errors).sort()).toEqual(["ad", "cost", "customerShipping", "price", "rate", "shipping", "shippingRate"]);
    expect(outcome.result).toBeNull();
  });
});

describe("the presets by the seller's tier", () => {
  test("스마트스토어: 주문관리 수수료 by grade plus 판매수수료 by order source, with VAT, as the review computes them", () => {
    const rate = (naverGrade: MarginValues["naverGrade"], naverOrder: MarginValues["naverOrder"]) => {
      const r = platformRates({ naverGrade, naverOrder, coupangCategory: "furniture" }, FEE_TABLE).smartstore;
      return [formatRate(r.rateHundredths), formatRate(r.shippingRateHundredths)];
    };
    expect(rate("small", "standard")).toEqual(["4.98", "4.98"]);
    expect(rate("small", "marketing")).toEqual(["2.98", "2.98"]);
    expect(rate("general", "standard")).toEqual(["6.63", "6.63"]);
    expect(rate("general", "marketing")).toEqual(["4.63", "4.63"]);
    // 중소1–3: (2.35 | 2.5 | 2.75 + 2.73) × 1.1 = 5.588, 5.753, 6.028; with 0.91: 3.586, 3.751, 4.026, each rounded half up.
    expect(rate("medium1", "standard")).toEqual(["5.59", "5.59"]);
    expect(rate("medium2", "standard")).toEqual(["5.75", "5.75"]);
    expect(rate("medium3", "standard")).toEqual(["6.03", "6.03"]);
    expect(rate("medium1", "marketing")).toEqual(["3.59", "3.59"]);
    expect(rate("medium2", "marketing")).toEqual(["3.75", "3.75"]);
    expect(rate("medium3", "marketing")).toEqual(["4.03", "4.03"]);
  });

  test("every grade the issue names is offered, in the order of the platform's table, each rate above the one before", () => {
    expect(FEE_TABLE.smartstore.grades.map((g) => g.label)).toEqual(["영세", "중소1", "중소2", "중소3", "일반"]);
    const percents = FEE_TABLE.smartstore.grades.map((g) => Number(g.percent));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // The 영세·중소 rates are the last table we could read (2022); the page says they may be a little high since 2025-02-14.
    for (const grade of FEE_TABLE.smartstore.grades.slice(0, 4)) expect(grade.caveat, grade.label).toMatch(/2025년 2월 14일/);
  });

  test("쿠팡: the category's rate on the price and its own 3.3% on the customer's shipping fee", () => {
    const rate = (coupangCategory: MarginValues["coupangCategory"]) => {
      const r = platformRates({ naverGrade: "small", naverOrder: "standard", coupangCategory }, FEE_TABLE).coupang;
      return [formatRate(r.rateHundredths), formatRate(r.shippingRateHundredths)];
    };
    expect(rate("furniture")).toEqual(["11.88", "3.3"]);
    expect(rate("fashion")).toEqual(["11.55", "3.3"]);
    // 식품 10.6 × 1.1 = 11.66.
    expect(rate("food")).toEqual(["11.66", "3.3"]);
    expect(rate("beauty")).toEqual(["11.55", "3.3"]);
    expect(rate("appliances")).toEqual(["8.58", "3.3"]);
  });

  test("쿠팡: 식품 at the 10.6% of 2026 tables, not the 10% 'upper end' of a range; 화장품 at the higher of two figures", () => {
    const byId = new Map(FEE_TABLE.coupang.categories.map((c) => [c.id, c]));
    expect(byId.get("food")).toMatchObject({ percent: "10.6", shortLabel: "식품" });
    // The caveat says which tables: Wing's own is not public, so a dated third-party table, named as one.
    expect(byId.get("food")?.caveat).toMatch(/Wing.*로그인.*2026년 7월 수수료 표/);
    expect(byId.get("food")?.sources.map((s) => s.date)).toContain("2026-07");
    expect(byId.get("beauty")?.caveat).toMatch(/9\.6%/);
    expect(byId.get("beauty")).toMatchObject({ percent: "10.5", shortLabel: "화장품" });
    expect(byId.get("beauty")?.caveat).toMatch(/9~10\.5%/);
  });

  test("a fresh form starts on the first preset with its rate filled, so the first 계산하기 needs only the amounts", () => {
    const fresh = defaultMarginValues(rules);
    expect(fresh).toMatchObject({
      fee: "smartstore",
      naverGrade: "small",
      naverOrder: "standard",
      tax: "general",
      goods: "taxable",
      rate: "4.98",
      shippingRate: "4.98",
    });
    // A 개인 일반과세자 with the card credit: 20,000 × 4.98% = 996 → 5,004; 455 − 260 = 195 → 4,809.
    const outcome = evaluateMargin({ ...fresh, price: "20000", cost: "11000", shipping: "3000" }, rules);
    expect(outcome.errors).toEqual({});
    expect(outcome.result).toMatchObject({ vat: 195, cardCredit: 260, profit: 4_809 });
  });
});

describe("the side-by-side comparison", () => {
  test("the same product on both platforms at the chosen tiers, whatever the basis of the main result", () => {
    const outcome = evaluateMargin(
      values({
        price: "15900",
        customerShipping: "3000",
        cost: "8000",
        shipping: "3000",
        ad: "500",
        fee: "custom",
        rate: "10",
        naverGrade: "general",
        naverOrder: "marketing",
      }),
      rules,
    );
    // The main result follows the typed 10%; the table follows the tiers.
    expect(outcome.result?.fee).toBe(1_890);
    const { smartstore, coupang } = outcome.comparison!;
    // 18,900 × 4.63% = 875.07 → 875; B = 18,900 − 875 − 11,500 = 6,525 → 5,932.
    expect([smartstore.result.fee, smartstore.result.profit]).toEqual([875, 5_932]);
    expect([coupang.result.fee, coupang.result.profit]).toEqual([1_988, 4_920]);
    expect(smartstore.label).toBe("네이버 스마트스토어(일반 · 마케팅 링크·광고 주문)");
    expect(coupang.label).toBe("쿠팡(가구·홈인테리어)");
  });

  test("the tax type and the product's 면세 apply to both columns", () => {
    const outcome = evaluateMargin(values({ price: "24900", cost: "15000", shipping: "3500", ad: "0", goods: "exempt" }), rules);
    expect(outcome.comparison?.smartstore.result.vat).toBe(0);
    expect(outcome.comparison?.coupang.result.vat).toBe(0);
  });
});

describe("the query", () => {
  test("a prefill link fills its field, starts on the first preset and is not yet a submission", () => {
    const { values: v, submitted } = readMarginValues(new URLSearchParams("shipping=3000"), rules);
    expect(submitted).toBe(false);
    expect(v).toMatchObject({
      shipping: "3000",
      price: "",
      customerShipping: "0",
      ad: "0",
      fee: "smartstore",
      rate: "4.98",
      tax: "general",
    });
  });

  test("a preset sets both rates whatever the query says; an unknown basis falls back to 직접 입력; unknown tiers to the first", () => {
    const naver = readMarginValues(new URLSearchParams("price=1&fee=smartstore&naverGrade=general&rate=99&shippingRate=1"), rules).values;
    expect([naver.rate, naver.shippingRate]).toEqual(["6.63", "6.63"]);
    const coupang = readMarginValues(new URLSearchParams("price=1&fee=coupang&coupangCategory=appliances&rate=99"), rules).values;
    expect([coupang.rate, coupang.shippingRate]).toEqual(["8.58", "3.3"]);
    expect(readMarginValues(new URLSearchParams("fee=amazon&rate=7"), rules).values).toMatchObject({ fee: "custom", rate: "7" });
    expect(readMarginValues(new URLSearchParams("naverGrade=huge&coupangCategory=x&tax=y"), rules).values).toMatchObject({
      naverGrade: "small",
      coupangCategory: "furniture",
      tax: "general",
    });
  });

  test("a 10,000-character parameter is cut before it is parsed or shown", () => {
    const { values: v } = readMarginValues(new URLSearchParams({ price: "1".repeat(10_000) }), rules);
    expect(v.price.length).toBeLessThanOrEqual(30);
    expect(evaluateMargin(v, rules).errors.price).toBe("1억 원 이하로 입력해 주세요.");
  });

  test("the shareable link reproduces the same values", () => {
    const v = values({ fee: "coupang", rate: "11.88", shippingRate: "3.3", coupangCategory: "furniture", tax: "simplified" });
    expect(readMarginValues(new URL(marginHref(v), "http://x").searchParams, rules).values).toEqual(v);
    const custom = values({
      fee: "custom",
      rate: "7.5",
      shippingRate: "",
      goods: "exempt",
      naverGrade: "general",
      naverOrder: "marketing",
    });
    expect(readMarginValues(new URL(marginHref(custom), "http://x").searchParams, rules).values).toEqual(custom);
  });
});

describe("the fee and tax tables", () => {
  const today = new Date().toISOString().slice(0, 10);
  const isRealPastDay = (day: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day && day <= today;
  const checkSources = (sources: FeeSource[]) => {
    expect(sources.length).toBeGreaterThanOrEqual(1);
    for (const source of sources) {
      for (const value of [source.name, source.publisher, source.date]) expect(value.trim()).not.toBe("");
      // A page's own date, never in the future, or plainly said to be undated.
      expect(/^\d/.test(source.date) ? source.date.slice(0, 10) <= today : true).toBe(true);
      expect(new URL(source.url).protocol).toMatch(/^https?:$/);
    }
  };
  const tiers: FeeTier[] = [
    ...FEE_TABLE.smartstore.grades,
    ...FEE_TABLE.smartstore.orders,
    ...FEE_TABLE.coupang.categories,
    FEE_TABLE.coupang.shipping,
  ];

  test.each(tiers.map((t) => [t.label, t] as const))(
    "%s: a rate without VAT, a real past reading date and dated sources",
    (_label, tier) => {
      expect(tier.percent).toMatch(/^\d{1,2}(\.\d{1,2})?$/);
      expect(isRealPastDay(tier.readOn)).toBe(true);
      expect(tier.note.length).toBeGreaterThan(10);
      checkSources(tier.sources);
    },
  );

  test("the tax table: the kinds of seller, 면세 as the product's, figures, sources (the law first) and a reading date", () => {
    expect(TAX_TABLE.types.map((t) => t.label)).toEqual(expect.arrayContaining(["간이과세자", "간이과세자(납부 면제)"]));
    expect(TAX_TABLE.types.map((t) => t.id).sort()).toEqual(["general", "general-large", "simplified", "simplified-exempt"]);
    expect(TAX_TABLE.goods.map((g) => g.label.replace(/\(.*$/, ""))).toEqual(["과세 상품", "면세 상품"]);
    expect([TAX_TABLE.simplifiedValueAddedPercent, TAX_TABLE.simplifiedPurchaseCreditTenths]).toEqual([15, 5]);
    expect(TAX_TABLE.cardCredit).toEqual({ tenths: 13, until: "2026-12-31", laterTenths: 10 });
    // The rules read from the law itself, not a site root or an undated blog.
    for (const article of ["제46조", "제61조", "제63조", "제69조", "시행령/제109조", "시행령/제111조"])
      expect(TAX_TABLE.sources.map((s) => decodeURI(s.url).replace("%20", " ").replace(" 시행령", "시행령"))).toEqual(
        expect.arrayContaining([expect.stringContaining(article)]),
      );
    for (const source of TAX_TABLE.sources) expect(new URL(source.url).pathname, source.name).not.toBe("/");
    expect(isRealPastDay(TAX_TABLE.readOn)).toBe(true);
    checkSources(TAX_TABLE.sources);
  });
});
