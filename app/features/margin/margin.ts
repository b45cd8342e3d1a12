import { FEE_PRESETS, findFeePreset } from "#content/fee-presets.ts";

/**
 * The margin calculator's arithmetic and the parsing of its query, shared by the /tools/margin loader (no JavaScript)
 * and the page component (live results as one types). Pure: no I/O, whole won in and out.
 *
 * Model (stated on the page): every amount a seller types includes VAT, as Korean prices are quoted.
 *   결제 금액      = 판매가 + 고객 배송비
 *   수수료         = 결제 금액 × 수수료율, rounded to the won (half up)
 *   정산 예정액    = 결제 금액 − 수수료
 *   부가세 전 이익 = 정산 예정액 − 공급가 − 판매자 부담 배송비 − 광고비
 *   순이익         = 부가세 전 이익 × 10/11 (an 일반과세자 pays VAT on sales minus VAT on purchases, fees and ads:
 *                    (매출 − 매입) / 11), rounded to the won (half away from zero)
 *   마진율         = 순이익 ÷ 부가세를 뺀 결제 금액 (= 부가세 전 이익 ÷ 결제 금액), one decimal
 *   손익분기 광고비 = 정산 예정액 − 공급가 − 판매자 부담 배송비: the ad cost per unit at which 순이익 is 0
 */

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
export type MarginField = AmountField | "rate";
export const FEE_BASES = ["custom", ...FEE_PRESETS.map((preset) => preset.id)] as const;
export type FeeBasis = (typeof FEE_BASES)[number];

/** The form's raw text, exactly as in the URL (or as typed). */
export type MarginValues = Record<MarginField, string> & { fee: FeeBasis };

export type MarginInput = Record<AmountField, number> & {
  /** Hundredths of a percent: 6.63 % → 663. */
  rateHundredths: number;
};

export type MarginResult = {
  gross: number;
  fee: number;
  settlement: number;
  beforeVat: number;
  vat: number;
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

export function computeMargin(input: MarginInput): MarginResult {
  const gross = input.price + input.customerShipping;
  const fee = roundDiv(gross * input.rateHundredths, 10_000);
  const settlement = gross - fee;
  const beforeVat = settlement - input.cost - input.shipping - input.ad;
  const profit = roundDiv(beforeVat * 10, 11);
  return {
    gross,
    fee,
    settlement,
    beforeVat,
    vat: beforeVat - profit,
    profit,
    marginTenths: roundDiv(beforeVat * 1000, gross),
    breakEvenAd: settlement - input.cost - input.shipping,
  };
}

// The field names a query may carry; anything else is ignored. Values are cut short before parsing so a
// 10,000-character parameter costs nothing and is never echoed back whole.
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
export type MarginOutcome = { errors: MarginErrors; result: MarginResult | null };

const EMPTY_VALUES: MarginValues = { price: "", cost: "", customerShipping: "0", shipping: "0", rate: "", ad: "0", fee: "custom" };

/**
 * The form's values from a URL query. `submitted` is true once the form itself was sent (the query carries
 * `price`): only then are empty fields reported. A prefill link (e.g. `?shipping=3000` from a supplier page)
 * fills fields without complaining about the rest.
 */
export function readMarginValues(params: URLSearchParams): { values: MarginValues; submitted: boolean } {
  const values: MarginValues = { ...EMPTY_VALUES };
  for (const field of [...AMOUNT_FIELDS.map((f) => f.name), "rate"] as const) {
    const raw = params.get(field);
    if (raw !== null) values[field] = raw.slice(0, MAX_RAW_LENGTH);
  }
  const fee = params.get("fee");
  values.fee = (FEE_BASES as readonly string[]).includes(fee ?? "") ? (fee as FeeBasis) : "custom";
  return { values: withPresetRate(values), submitted: params.has("price") };
}

/** A preset decides the rate; "직접 입력" keeps what the seller typed. */
export function withPresetRate(values: MarginValues): MarginValues {
  const preset = findFeePreset(values.fee);
  return preset ? { ...values, rate: preset.rate } : values;
}

/** Validates the values and computes the result; a result only when every field is valid. */
export function evaluateMargin(values: MarginValues): MarginOutcome {
  const checked = withPresetRate(values);
  const errors: MarginErrors = {};
  const amounts = {} as Record<AmountField, number>;
  for (const { name } of AMOUNT_FIELDS) {
    const parsed = parseAmount(checked[name], AMOUNT_RULES[name].object, AMOUNT_RULES[name].min);
    if (parsed.ok) amounts[name] = parsed.value;
    else errors[name] = parsed.error;
  }
  const rate = parseRate(checked.rate);
  if (!rate.ok) errors.rate = rate.error;
  if (!rate.ok || Object.keys(errors).length > 0) return { errors, result: null };
  return { errors: {}, result: computeMargin({ ...amounts, rateHundredths: rate.value }) };
}

/** The shareable URL of a set of values (the GET form produces the same). */
export function marginHref(values: MarginValues): string {
  const params = new URLSearchParams();
  for (const field of AMOUNT_FIELDS.map((f) => f.name)) params.set(field, values[field]);
  params.set("fee", values.fee);
  params.set("rate", values.rate);
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
