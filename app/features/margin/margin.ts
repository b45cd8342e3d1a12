import type { CoupangCategory, FeeTable, FeeTier, NaverGrade, NaverOrder } from "#content/fee-presets.ts";
import type { GoodsType, TaxTable, TaxType } from "#content/tax-types.ts";

/**
 * The margin calculator's arithmetic and the parsing of its query, shared by the /tools/margin loader (no JavaScript)
 * and the page component (live results as one types). Pure: no I/O, whole won in and out. The fee and tax tables
 * (content/fee-presets.ts, content/tax-types.ts) come in as an argument: the loader reads them and hands them to the
 * page, so their sources and notes travel as data, not in the page's JavaScript.
 *
 * Model (stated on the page): every amount a seller types includes VAT, as Korean prices are quoted.
 *   결제 금액      = 판매가 + 고객 배송비
 *   수수료         = 판매가 × 수수료율 + 고객 배송비 × 배송비 수수료율, rounded to the won (half up)
 *   정산 예정액    = 결제 금액 − 수수료
 *   부가세 전 이익 = 정산 예정액 − 공급가 − 판매자 부담 배송비 − 광고비
 *   순이익         = 부가세 전 이익 − 낼 부가세. A 면세 product owes none, whatever the seller's type; otherwise by 과세 유형:
 *     일반과세자           (매출 − 매입) / 11 (every cost with a tax invoice), less the card credit when that is owed
 *     간이과세자           결제 금액 × 업종별 부가가치율 × 10% − 세금계산서 받은 비용 × 0.5% − the card credit, never below 0
 *     간이과세자(납부 면제)  nothing: 순이익 = 부가세 전 이익
 *     The card credit (신용카드 등 매출세액공제, 부가가치세법 제46조) is the rate of the day × 결제 금액, for 개인 일반과세자 up
 *     to 10억 and 간이과세자; it only lowers a positive tax, and the yearly cap is left to the seller (a per-sale figure).
 *   마진율         = 순이익 ÷ 매출 (일반과세자: 부가세를 뺀 결제 금액; others: 결제 금액), one decimal
 *   손익분기 광고비 = the ad cost per unit at which 순이익 is 0
 */

/** The fee and tax tables, and the Korean day they are applied on (the card credit's rate depends on it). */
export type MarginRules = { fees: FeeTable; taxes: TaxTable; day: string };

/** Larger amounts are typos, not products: 1억 원 per field keeps every product below 2^53 with room to spare. */
export const MAX_AMOUNT = 100_000_000;

export const AMOUNT_FIELDS = [
  { name: "price", label: "판매가", hint: "고객이 결제하는 상품 가격(부가세 포함)" },
  { name: "cost", label: "공급가", hint: "도매처에 내는 상품 1개 값(부가세 포함)" },
  { name: "customerShipping", label: "고객 배송비", hint: "고객이 따로 내는 배송비, 무료배송이면 0" },
  { name: "shipping", label: "판매자 부담 배송비", hint: "택배비·도매처 배송비 중 판매자가 내는 금액" },
  { name: "ad", label: "광고비(개당)", hint: "1개를 팔기까지 든 광고비, 없으면 0" },
] as const;

export type AmountField = (typeof AMOUNT_FIELDS)[number]["name"];
export type RateField = "rate" | "shippingRate";
export type MarginField = AmountField | RateField;

/** The select `수수료 기준`, in the contract's order; a fresh form starts on the first preset. */
export const FEE_BASES = ["custom", "smartstore", "coupang"] as const;
export type FeeBasis = (typeof FEE_BASES)[number];
export const DEFAULT_FEE_BASIS: FeeBasis = "smartstore";

export const TAX_TYPES = ["general", "general-large", "simplified", "simplified-exempt"] as const satisfies readonly TaxType[];
export const GOODS_TYPES = ["taxable", "exempt"] as const satisfies readonly GoodsType[];

/** The form's raw values, exactly as in the URL (or as typed). */
export type MarginValues = Record<MarginField, string> & {
  fee: FeeBasis;
  naverGrade: NaverGrade;
  naverOrder: NaverOrder;
  coupangCategory: CoupangCategory;
  tax: TaxType;
  goods: GoodsType;
};

export type MarginInput = Record<AmountField, number> & {
  /** Hundredths of a percent, VAT included: 6.63 % → 663. Charged on 판매가. */
  rateHundredths: number;
  /** The same, charged on 고객 배송비. */
  shippingRateHundredths: number;
  tax: TaxType;
  goods: GoodsType;
};

/** The VAT figures the arithmetic needs, on the day computed. */
export type VatFigures = {
  simplifiedValueAddedPercent: number;
  /** Tenths of a percent (0.5 % → 5). */
  simplifiedPurchaseCreditTenths: number;
  /** Tenths of a percent of the payment (1.3 % → 13), for the sellers who get it. */
  cardCreditTenths: number;
  /** The types that get the card credit. */
  cardCreditTypes: readonly TaxType[];
};

/** The figures of the tax table on a Korean day (`2026-11-28`): the card credit's rate changes after its `until`. */
export function vatFiguresOn(taxes: TaxTable, day: string): VatFigures {
  return {
    simplifiedValueAddedPercent: taxes.simplifiedValueAddedPercent,
    simplifiedPurchaseCreditTenths: taxes.simplifiedPurchaseCreditTenths,
    cardCreditTenths: day <= taxes.cardCredit.until ? taxes.cardCredit.tenths : taxes.cardCredit.laterTenths,
    cardCreditTypes: taxes.types.filter((type) => type.cardCredit).map((type) => type.id),
  };
}

export type MarginResult = {
  gross: number;
  fee: number;
  settlement: number;
  beforeVat: number;
  vat: number;
  /** The 신용카드 등 매출세액공제 taken off the VAT (0 when the seller gets none, or there was no tax to lower). */
  cardCredit: number;
  profit: number;
  /** Tenths of a percent: 25.9 % → 259. */
  marginTenths: number;
  breakEvenAd: number;
};

/** Round n / d to the nearest integer, halves away from zero. Integers only, so no float drift. */
export function roundDiv(n: number, d: number): number {
  const sign = Math.sign(n) * Math.sign(d);
  const a = Math.abs(n);
  const b = Math.abs(d);
  const q = Math.floor(a / b);
  const r = a - q * b;
  return sign * (r * 2 >= b ? q + 1 : q);
}

/** The largest integer not above n / d (d > 0), for negative n too. */
function floorDiv(n: number, d: number): number {
  const q = Math.trunc(n / d);
  return q * d > n ? q - 1 : q;
}

export function computeMargin(input: MarginInput, vat: VatFigures): MarginResult {
  const gross = input.price + input.customerShipping;
  const fee = roundDiv(input.price * input.rateHundredths + input.customerShipping * input.shippingRateHundredths, 10_000);
  const settlement = gross - fee;
  // What is left before ads and VAT, and the costs a tax invoice comes with before ads.
  const beforeAd = settlement - input.cost - input.shipping;
  const beforeVat = beforeAd - input.ad;
  const base = { gross, fee, settlement, beforeVat };
  const noVat = {
    ...base,
    vat: 0,
    cardCredit: 0,
    profit: beforeVat,
    marginTenths: roundDiv(beforeVat * 1000, gross),
    breakEvenAd: beforeAd,
  };

  // A 면세 product owes no VAT and deducts none, whoever sells it (부가가치세법 제26조); nor does a 간이과세자 under 4,800만 원.
  if (input.goods === "exempt" || input.tax === "simplified-exempt") return noVat;
  // The card credit, in thousandths of the payment like the 간이 rates below (1.3 % → 13).
  const card = vat.cardCreditTypes.includes(input.tax) ? vat.cardCreditTenths : 0;

  if (input.tax === "general" || input.tax === "general-large") {
    // (매출 − 매입) / 11, rounded as the profit is: 순이익 = 부가세 전 이익 × 10/11.
    const owed = beforeVat - roundDiv(beforeVat * 10, 11);
    // The credit lowers a tax that is owed, never below 0, and adds nothing to a refund (부가가치세법 제46조 제1항).
    const cardCredit = owed > 0 ? Math.min(owed, roundDiv(gross * card, 1000)) : 0;
    const profit = beforeVat - (owed - cardCredit);
    // 순이익 ÷ 부가세를 뺀 결제 금액 (gross × 10/11); without a credit that is 부가세 전 이익 ÷ 결제 금액, kept exact.
    const marginTenths = cardCredit > 0 ? roundDiv(profit * 1100, gross) : roundDiv(beforeVat * 1000, gross);
    // 순이익 stays ≥ 0 exactly while 부가세 전 이익 does: spending all of it is the break-even.
    return { ...base, vat: owed - cardCredit, cardCredit, profit, marginTenths, breakEvenAd: beforeAd };
  }

  // 간이과세자: 결제 금액 × 부가가치율 × 10% − 세금계산서 받은 비용 × 0.5% − the card credit, in thousandths of the won
  // amounts. Deductions larger than the tax leave 0: no refund (부가가치세법 제63조, 제46조).
  const rate = vat.simplifiedValueAddedPercent;
  const credit = vat.simplifiedPurchaseCreditTenths;
  const purchasesBeforeAd = fee + input.cost + input.shipping;
  const vatOf = (ad: number, cardTenths: number) =>
    Math.max(0, roundDiv(gross * (rate - cardTenths) - (purchasesBeforeAd + ad) * credit, 1000));
  const owed = vatOf(input.ad, card);
  const profit = beforeVat - owed;
  // 순이익(ad) = beforeAd − ad − VAT(ad) falls as ad grows; where it reaches 0, rounded down so that spending it is
  // never a loss. If no VAT is due at ad = beforeAd, the answer is beforeAd itself.
  // (The VAT rounds to the won, so one won more may still leave exactly 0.)
  const profitAt = (ad: number) => beforeAd - ad - vatOf(ad, card);
  const exact =
    gross * (rate - card) - (purchasesBeforeAd + beforeAd) * credit <= 0
      ? beforeAd
      : floorDiv(1000 * beforeAd - gross * (rate - card) + purchasesBeforeAd * credit, 1000 - credit);
  const breakEvenAd = profitAt(exact + 1) >= 0 ? exact + 1 : exact;
  return {
    ...base,
    vat: owed,
    cardCredit: vatOf(input.ad, 0) - owed,
    profit,
    marginTenths: roundDiv(profit * 1000, gross),
    breakEvenAd,
  };
}

/** "2.73" → 273 hundredths of a percent; the tables hold at most two decimals. */
function hundredthsOf(percent: string): number {
  const [whole = "0", fraction = ""] = percent.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/** A rate the platform quotes without VAT, with 10 % VAT on top, at the form's two decimals. */
const withVat = (hundredths: number) => roundDiv(hundredths * 11, 10);

/** 498 → "4.98", 330 → "3.3", 1100 → "11": how a rate is written in the form. */
export function formatRate(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

const pick = <Id extends string>(tiers: FeeTier<Id>[], id: string): FeeTier<Id> =>
  tiers.find((tier) => tier.id === id) ?? (tiers[0] as FeeTier<Id>);

export type PlatformRate = {
  label: string;
  /** The tiers chosen, for the page to explain (notes, sources, dates). */
  tiers: FeeTier[];
  rateHundredths: number;
  shippingRateHundredths: number;
};

/** What each platform charges for the tiers chosen in the form, VAT included. */
export function platformRates(values: Pick<MarginValues, "naverGrade" | "naverOrder" | "coupangCategory">, fees: FeeTable) {
  const grade = pick(fees.smartstore.grades, values.naverGrade);
  const order = pick(fees.smartstore.orders, values.naverOrder);
  const naverRate = withVat(hundredthsOf(grade.percent) + hundredthsOf(order.percent));
  const category = pick(fees.coupang.categories, values.coupangCategory);
  return {
    smartstore: {
      label: `${fees.smartstore.label}(${grade.shortLabel ?? grade.label} · ${order.shortLabel ?? order.label})`,
      tiers: [grade, order],
      rateHundredths: naverRate,
      // The 주문관리 수수료 is charged on the whole payment; the 판매수수료's base is unverified, so the higher case.
      shippingRateHundredths: naverRate,
    },
    coupang: {
      label: `${fees.coupang.label}(${category.shortLabel ?? category.label})`,
      tiers: [category, fees.coupang.shipping],
      rateHundredths: withVat(hundredthsOf(category.percent)),
      shippingRateHundredths: withVat(hundredthsOf(fees.coupang.shipping.percent)),
    },
  } satisfies Record<"smartstore" | "coupang", PlatformRate>;
}

// Values are cut short before parsing so a 10,000-character parameter costs nothing and is never echoed back whole.
const MAX_RAW_LENGTH = 30;

type Parsed = { ok: true; value: number } | { ok: false; error: string };

// Plain parsers rather than a zod schema: the page recomputes as one types, and the schema library would add about
// 20 KB to its JavaScript (the 130 KB first-load budget). The loader runs the same functions.
function parseAmount(raw: string, object: string, min: number): Parsed {
  const text = raw.trim();
  if (text === "") return { ok: false, error: `${object} 입력해 주세요.` };
  if (/^-\s*[\d,]+$/.test(text)) return { ok: false, error: `${min}원 이상으로 입력해 주세요.` };
  // Digits with optional thousands separators: 12000 or 12,000.
  if (!/^(\d{1,3}(,\d{3})+|\d+)$/.test(text)) return { ok: false, error: "숫자만 입력해 주세요(원 단위, 소수점 없이)." };
  const digits = text.replace(/,/g, "").replace(/^0+(?=\d)/, "");
  if (digits.length > 9 || Number(digits) > MAX_AMOUNT) return { ok: false, error: "1억 원 이하로 입력해 주세요." };
  const value = Number(digits);
  if (value < min) return { ok: false, error: `${min}원 이상으로 입력해 주세요.` };
  return { ok: true, value };
}

/** 6.63 or 6.63% → 663 hundredths of a percent. */
function parseRate(raw: string): Parsed {
  const text = raw.trim().replace(/%$/, "").trim();
  if (text === "") return { ok: false, error: "판매 수수료율을 입력해 주세요." };
  if (/^-\s*\d/.test(text)) return { ok: false, error: "0 이상으로 입력해 주세요." };
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { ok: false, error: "숫자로 입력해 주세요(소수점 아래 두 자리까지, 예: 6.63)." };
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (hundredths > 10_000) return { ok: false, error: "100 이하로 입력해 주세요." };
  return { ok: true, value: hundredths };
}

/** What each amount field is called in its "입력해 주세요" message, and its smallest value. */
const AMOUNT_RULES: Record<AmountField, { object: string; min: number }> = {
  price: { object: "판매가를", min: 1 },
  cost: { object: "공급가를", min: 0 },
  customerShipping: { object: "고객 배송비를", min: 0 },
  shipping: { object: "판매자 부담 배송비를", min: 0 },
  ad: { object: "광고비를", min: 0 },
};

export type MarginErrors = Partial<Record<MarginField, string>>;

/** The same product on both platforms, at the tiers chosen in the form. */
export type MarginComparison = Record<"smartstore" | "coupang", PlatformRate & { result: MarginResult }>;

export type MarginOutcome = {
  errors: MarginErrors;
  result: MarginResult | null;
  comparison: MarginComparison | null;
  /** The amounts as whole won, once every field is valid (the picture of the margin draws them, margin-bar.ts). */
  amounts: Record<AmountField, number> | null;
};

/** The fields a seller types in (the rest are choices), in the form's order. */
const TEXT_FIELDS = [...AMOUNT_FIELDS.map((f) => f.name), "rate", "shippingRate"] as const;

/** A fresh form: the first preset chosen, so the first 계산하기 needs only the amounts. */
export function defaultMarginValues(rules: MarginRules): MarginValues {
  return withPresetRate(
    {
      price: "",
      cost: "",
      customerShipping: "0",
      shipping: "0",
      ad: "0",
      rate: "",
      shippingRate: "",
      fee: DEFAULT_FEE_BASIS,
      naverGrade: rules.fees.smartstore.grades[0]?.id ?? "small",
      naverOrder: rules.fees.smartstore.orders[0]?.id ?? "standard",
      coupangCategory: rules.fees.coupang.categories[0]?.id ?? "furniture",
      tax: "general",
      goods: "taxable",
    },
    rules,
  );
}

const oneOf = <T extends string>(allowed: readonly T[], raw: string | null, fallback: T): T =>
  (allowed as readonly string[]).includes(raw ?? "") ? (raw as T) : fallback;

/**
 * The form's values from a URL query. `submitted` is true once the form itself was sent (the query carries
 * `price`): only then are empty fields reported. A prefill link (e.g. `?shipping=3000` from a supplier page)
 * fills fields without complaining about the rest. A query without `fee` starts on the first preset; an unknown
 * `fee` keeps the rate it came with (직접 입력).
 */
export function readMarginValues(params: URLSearchParams, rules: MarginRules): { values: MarginValues; submitted: boolean } {
  const defaults = defaultMarginValues(rules);
  const values: MarginValues = { ...defaults };
  for (const field of TEXT_FIELDS) {
    const raw = params.get(field);
    if (raw !== null) values[field] = raw.slice(0, MAX_RAW_LENGTH);
  }
  const fee = params.get("fee");
  values.fee = fee === null ? DEFAULT_FEE_BASIS : oneOf(FEE_BASES, fee, "custom");
  values.naverGrade = oneOf(
    rules.fees.smartstore.grades.map((t) => t.id),
    params.get("naverGrade"),
    defaults.naverGrade,
  );
  values.naverOrder = oneOf(
    rules.fees.smartstore.orders.map((t) => t.id),
    params.get("naverOrder"),
    defaults.naverOrder,
  );
  values.coupangCategory = oneOf(
    rules.fees.coupang.categories.map((t) => t.id),
    params.get("coupangCategory"),
    defaults.coupangCategory,
  );
  // Before 면세 was a choice of its own it was a 과세 유형 (`tax=exempt`): such a link still opens a 면세 product.
  const tax = params.get("tax");
  values.tax = oneOf(TAX_TYPES, tax, "general");
  values.goods = oneOf(GOODS_TYPES, params.get("goods"), tax === "exempt" ? "exempt" : "taxable");
  return { values: withPresetRate(values, rules), submitted: params.has("price") };
}

/** A preset decides both rates from the tiers chosen; "직접 입력" keeps what the seller typed. */
export function withPresetRate(values: MarginValues, rules: MarginRules): MarginValues {
  if (values.fee === "custom") return values;
  const chosen = platformRates(values, rules.fees)[values.fee];
  return { ...values, rate: formatRate(chosen.rateHundredths), shippingRate: formatRate(chosen.shippingRateHundredths) };
}

/** Validates the values and computes the result and the side-by-side comparison; both only when every field is valid. */
export function evaluateMargin(values: MarginValues, rules: MarginRules): MarginOutcome {
  const checked = withPresetRate(values, rules);
  const errors: MarginErrors = {};
  const amounts = {} as Record<AmountField, number>;
  for (const { name } of AMOUNT_FIELDS) {
    const parsed = parseAmount(checked[name], AMOUNT_RULES[name].object, AMOUNT_RULES[name].min);
    if (parsed.ok) amounts[name] = parsed.value;
    else errors[name] = parsed.error;
  }
  const rate = parseRate(checked.rate);
  if (!rate.ok) errors.rate = rate.error;
  // An empty 배송비 수수료율 means the same rate as the sale (old links and most custom cases).
  const shippingRate = checked.shippingRate.trim() === "" ? rate : parseRate(checked.shippingRate);
  if (!shippingRate.ok && checked.shippingRate.trim() !== "") errors.shippingRate = shippingRate.error;
  if (!rate.ok || !shippingRate.ok || Object.keys(errors).length > 0) return { errors, result: null, comparison: null, amounts: null };

  const vat = vatFiguresOn(rules.taxes, rules.day);
  const run = (rateHundredths: number, shippingRateHundredths: number) =>
    computeMargin({ ...amounts, rateHundredths, shippingRateHundredths, tax: checked.tax, goods: checked.goods }, vat);
  const platforms = platformRates(checked, rules.fees);
  return {
    errors: {},
    amounts,
    result: run(rate.value, shippingRate.value),
    comparison: {
      smartstore: {
        ...platforms.smartstore,
        result: run(platforms.smartstore.rateHundredths, platforms.smartstore.shippingRateHundredths),
      },
      coupang: { ...platforms.coupang, result: run(platforms.coupang.rateHundredths, platforms.coupang.shippingRateHundredths) },
    },
  };
}

/** The shareable URL of a set of values (the GET form produces the same). */
export function marginHref(values: MarginValues): string {
  const params = new URLSearchParams();
  for (const field of AMOUNT_FIELDS.map((f) => f.name)) params.set(field, values[field]);
  params.set("fee", values.fee);
  params.set("naverGrade", values.naverGrade);
  params.set("naverOrder", values.naverOrder);
  params.set("coupangCategory", values.coupangCategory);
  params.set("rate", values.rate);
  params.set("shippingRate", values.shippingRate);
  params.set("tax", values.tax);
  params.set("goods", values.goods);
  return `/tools/margin?${params.toString()}`;
}

/** 259 → "25.9%", −369 → "-36.9%". */
export function formatTenthsPercent(tenths: number): string {
  const sign = tenths < 0 ? "-" : "";
  const abs = Math.abs(tenths);
  return `${sign}${Math.floor(abs / 10)}.${abs % 10}%`;
}

/**
 * Which messages to show: after the form was sent, all of them; before (a fresh page, a prefill link, or
 * while typing for the first time), only those of fields that hold something, so an empty form is not a wall
 * of "입력해 주세요".
 */
export function visibleErrors(errors: MarginErrors, values: MarginValues, submitted: boolean): MarginErrors {
  if (submitted) return errors;
  const shown: MarginErrors = {};
  for (const [field, message] of Object.entries(errors) as [MarginField, string][]) {
    if (values[field].trim() !== "") shown[field] = message;
  }
  return shown;
}
