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
} from "./margin.ts";

const rules: MarginRules = { fees: FEE_TABLE, taxes: TAX_TABLE };

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
  tax: "general",
  ...overrides,
});

/** One sale, 일반과세자 and one rate on the whole payment unless the case says otherwise. */
const compute = (input: Partial<MarginInput> & Pick<MarginInput, "price" | "cost" | "shipping" | "rateHundredths">) =>
  computeMargin({ customerShipping: 0, ad: 0, tax: "general", shippingRateHundredths: input.rateHundredths, ...input }, TAX_TABLE);

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
  const naver = (naverGrade: MarginValues["naverGrade"], naverOrder: MarginValues["naverOrder"], tax: MarginValues["tax"] = "general") =>
    evaluateMargin(values({ ...exampleA, fee: "smartstore", naverGrade, naverOrder, tax }), rules).result;

  test("A at the 일반 grade on an ordinary order (6.63%): fee 1,326, VAT 425, 순이익 4,249, 23.4%, break-even ad 4,674", () => {
    expect(naver("general", "standard")).toEqual({
      gross: 20_000,
      fee: 1_326,
      settlement: 18_674,
      beforeVat: 4_674,
      vat: 425,
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
    expect(evaluateMargin(values({ ...tangerines, tax: "general" }), rules).result?.profit).toBe(4_317);
    const exempt = evaluateMargin(values({ ...tangerines, tax: "exempt" }), rules).result;
    expect([exempt?.vat, exempt?.profit, exempt?.breakEvenAd]).toEqual([0, 4_749, 4_749]);
  });

  test("간이과세자: under 4,800만 원 no VAT at all (4,674); above it 20,000 × 15% × 10% − 15,326 × 0.5% ≈ 223원", () => {
    expect(naver("general", "standard", "simplified-exempt")).toMatchObject({
      vat: 0,
      profit: 4_674,
      marginTenths: 234,
      breakEvenAd: 4_674,
    });
    // 300 − 76.63 = 223.37 → 223; 4,674 − 223 = 4,451; 4,451 / 20,000 = 22.3%.
    const simplified = naver("general", "standard", "simplified");
    expect(simplified).toMatchObject({ vat: 223, profit: 4_451, marginTenths: 223 });
    // Break-even: spending it leaves 0, one won more is a loss.
    const breakEven = simplified?.breakEvenAd ?? 0;
    expect(breakEven).toBe(4_473);
    const at = (ad: number) =>
      evaluateMargin(
        values({ ...exampleA, ad: String(ad), fee: "smartstore", naverGrade: "general", naverOrder: "standard", tax: "simplified" }),
        rules,
      ).result?.profit;
    expect(at(breakEven)).toBe(0);
    expect(at(breakEven + 1)).toBeLessThan(0);
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
      },
      TAX_TABLE,
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
        },
        TAX_TABLE,
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
    expect(rate("food")).toEqual(["11", "3.3"]);
    expect(rate("beauty")).toEqual(["11.55", "3.3"]);
    expect(rate("appliances")).toEqual(["8.58", "3.3"]);
  });

  test("쿠팡: a category known only as a range takes its upper end and says so", () => {
    const byId = new Map(FEE_TABLE.coupang.categories.map((c) => [c.id, c]));
    expect(byId.get("food")).toMatchObject({ percent: "10", shortLabel: "식품" });
    expect(byId.get("food")?.caveat).toMatch(/8~10%/);
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
      rate: "4.98",
      shippingRate: "4.98",
    });
    const outcome = evaluateMargin({ ...fresh, price: "20000", cost: "11000", shipping: "3000" }, rules);
    expect(outcome.errors).toEqual({});
    expect(outcome.result?.profit).toBe(4_549);
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

  test("the tax type applies to both columns", () => {
    const outcome = evaluateMargin(values({ price: "24900", cost: "15000", shipping: "3500", ad: "0", tax: "exempt" }), rules);
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
    const custom = values({ fee: "custom", rate: "7.5", shippingRate: "", tax: "exempt", naverGrade: "general", naverOrder: "marketing" });
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

  test("the tax table: the three kinds of seller the issue names, figures, sources and a reading date", () => {
    expect(TAX_TABLE.types.map((t) => t.label)).toEqual(expect.arrayContaining(["일반과세자", "간이과세자", "면세 상품"]));
    expect(TAX_TABLE.types.map((t) => t.id).sort()).toEqual(["exempt", "general", "simplified", "simplified-exempt"]);
    expect([TAX_TABLE.simplifiedValueAddedPercent, TAX_TABLE.simplifiedPurchaseCreditTenths]).toEqual([15, 5]);
    expect(isRealPastDay(TAX_TABLE.readOn)).toBe(true);
    checkSources(TAX_TABLE.sources);
  });
});
