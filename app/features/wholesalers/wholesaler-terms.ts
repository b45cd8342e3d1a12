import {
  FACTS,
  type Fact,
  IMAGE_USE_VALUES,
  type ImageUseValue,
  INTEGRATION_VALUES,
  type Integration,
  PRICE_POLICY_VALUES,
  type PricePolicy,
  RETURNS_VALUES,
  type ReportedTermSources,
  type ReturnsValue,
  TERM_GROUP_NAMES,
  type TermGroup,
  termGroupValue,
  type WholesalerTerms,
  YES_NO,
  type YesNo,
} from "#app/db/term-values.ts";
import { formatBusinessNumber } from "#app/lib/business-number.ts";
import { formatDay, formatWon, seoulDay } from "#app/lib/format.ts";

export const UNKNOWN_LABEL = "확인 필요";
/** `조건 출처` of terms a manager of the listing saved (features/suppliers). */
export const SUPPLIED_SOURCE = "공급사 제공";
/** `조건 출처` of terms an administrator entered without naming the page they were read from. */
export const ADMIN_SOURCE = "관리자 확인";
/** `조건 출처` of terms a seller reported with a picture and an administrator applied (features/reports, 조건 제보). */
export const REPORTED_SOURCE = "셀러 제보 (관리자 확인)";
/** A platform whose terms differ per product (docs/spec/decisions.md 38): neither yes nor unknown. */
export const VARIES_LABEL = "상품마다 다름";

export const TERM_LABELS = {
  dropshipping: "위탁 판매",
  minOrder: "최소 주문 수량",
  minOrderVaries: "최소 주문 수량: 상품마다 다름",
  shippingFee: "배송비",
  freeShippingOver: "무료 배송 기준 금액",
  shippingFeeVaries: "배송비: 상품마다 다름",
  returns: "단순 변심 반품",
  imageUse: "상세페이지 이미지 사용",
  pricePolicy: "가격 정책",
  integration: "상품 연동",
  businessNumber: "사업자등록번호",
  termsCheckedAt: "조건 확인일",
  termsSource: "조건 출처",
} as const satisfies Record<keyof WholesalerTerms, string>;

export const DROPSHIPPING_WORDS: Record<YesNo, string> = { yes: "가능", no: "불가" };
export const RETURNS_WORDS: Record<ReturnsValue, string> = { yes: "가능", no: "불가", conditional: "조건부", varies: VARIES_LABEL };
export const IMAGE_USE_WORDS: Record<ImageUseValue, string> = { yes: "허용", no: "불가", varies: VARIES_LABEL };
export const PRICE_POLICY_WORDS: Record<PricePolicy, string> = {
  free: "자율",
  minimum: "최저가 준수",
  closed: "폐쇄몰 전용",
  varies: VARIES_LABEL,
};
export const INTEGRATION_WORDS: Record<Integration, string> = { api: "API", excel: "엑셀", sender: "전송 프로그램" };

/** The choices of a select, `확인 필요` first: the default of a new supplier. */
const optionsOf = <T extends string>(values: readonly T[], words: Record<T, string>) => [
  { value: "unknown", label: UNKNOWN_LABEL },
  ...values.map((value) => ({ value, label: words[value] })),
];
export const TERM_OPTIONS = {
  dropshipping: optionsOf(YES_NO, DROPSHIPPING_WORDS),
  returns: optionsOf(RETURNS_VALUES, RETURNS_WORDS),
  imageUse: optionsOf(IMAGE_USE_VALUES, IMAGE_USE_WORDS),
  pricePolicy: optionsOf(PRICE_POLICY_VALUES, PRICE_POLICY_WORDS),
  integration: INTEGRATION_VALUES.map((value) => ({ value, label: INTEGRATION_WORDS[value] })),
};

// The card's and the filters' words live apart, so /list's JavaScript carries no term rows or form options.
export { cardFactLabels, isBusinessVerified, shippingCardLabel, TERM_FILTERS } from "./wholesaler-facts.ts";
export { FACTS, type Fact };

/**
 * The facts of some terms, as the database derives them into `wholesalers.fact_mask` (db/schema.ts): for
 * pages and data built without the database (the bench's reference page, tests).
 */
export function factsOf(
  terms: Pick<WholesalerTerms, "dropshipping" | "shippingFee" | "freeShippingOver" | "returns" | "imageUse" | "pricePolicy" | "minOrder">,
): Fact[] {
  const known: Record<Fact, boolean> = {
    dropshipping: terms.dropshipping === "yes",
    "free-shipping": terms.shippingFee === 0 || terms.freeShippingOver !== null,
    returns: terms.returns === "yes",
    "image-use": terms.imageUse === "yes",
    "free-price": terms.pricePolicy === "free",
    "single-unit": terms.minOrder === 1,
    // Not derived from the terms: only the official records set it.
    "business-verified": false,
  };
  return FACTS.filter((fact) => known[fact]);
}

function shippingWords(fee: number | null, freeOver: number | null, varies = false): string {
  if (varies) return VARIES_LABEL;
  if (fee === 0) return "무료";
  if (fee !== null && freeOver !== null) return `${formatWon(fee)} (${formatWon(freeOver)} 이상 무료)`;
  if (fee !== null) return formatWon(fee);
  if (freeOver !== null) return `${formatWon(freeOver)} 이상 무료 (기본 배송비 ${UNKNOWN_LABEL})`;
  return UNKNOWN_LABEL;
}

/** Where a term came from: its words, and the page when it is one. */
export type TermSource = { value: string; href?: string };
/** A row of the terms; `조건 출처` also lists its sources apart (`parts`) when the terms came from more than one. */
export type TermRow = { label: string; value: string; href?: string; parts?: (TermSource & { terms: string[] })[] };

type SourcedTerms = WholesalerTerms & { termsSuppliedAt?: Date | string | null; termSources?: ReportedTermSources };

/** Whether a group of terms (term-values.ts TERM_GROUPS) is known: anything but `확인 필요`. */
export const isKnownGroup = (terms: Partial<WholesalerTerms>, group: TermGroup) =>
  termGroupValue({ ...UNKNOWN_TERMS, ...terms }, group) !== termGroupValue(UNKNOWN_TERMS, group);

/**
 * Where one known group of terms came from (ui-contract.md "Terms reported by sellers"): a seller's report an
 * administrator applied, while the group still has the value it set (its evidence page, or `셀러 제보 (관리자 확인)`
 * for a picture); else the listing's own: `공급사 제공` when its managers keep the terms, the page an administrator
 * read them from, or `관리자 확인`.
 */
export function termSourceOf(terms: SourcedTerms, group: TermGroup): TermSource {
  const reported = terms.termSources?.[group];
  if (reported && reported.value === termGroupValue(terms, group))
    return reported.url ? { value: reported.url, href: reported.url } : { value: REPORTED_SOURCE };
  if (terms.termsSuppliedAt) return { value: SUPPLIED_SOURCE };
  if (terms.termsSource) return { value: terms.termsSource, href: terms.termsSource };
  return { value: ADMIN_SOURCE };
}

/** `조건 출처`: the one source of the known terms, or each source with the terms it gave when there are several. */
function sourceRow(terms: SourcedTerms): TermRow {
  const label = TERM_LABELS.termsSource;
  const parts: (TermSource & { terms: string[] })[] = [];
  for (const group of TERM_GROUP_NAMES.filter((name) => isKnownGroup(terms, name))) {
    const source = termSourceOf(terms, group);
    const part = parts.find((known) => known.value === source.value);
    if (part) part.terms.push(TERM_LABELS[group]);
    else parts.push({ ...source, terms: [TERM_LABELS[group]] });
  }
  if (parts.length === 0) {
    if (terms.termsSuppliedAt) return { label, value: SUPPLIED_SOURCE };
    return terms.termsSource ? { label, value: terms.termsSource, href: terms.termsSource } : { label, value: UNKNOWN_LABEL };
  }
  if (parts.length === 1) return { label, value: parts[0]!.value, ...(parts[0]!.href ? { href: parts[0]!.href } : {}) };
  return { label, value: parts.map((part) => `${part.value} (${part.terms.join(", ")})`).join(" · "), parts };
}

/** Every term as the contract words it, one row each, in the contract's order (detail page, compare). */
export function termRows(terms: SourcedTerms): TermRow[] {
  const word = <T extends string>(value: T | null, words: Record<T, string>) => (value === null ? UNKNOWN_LABEL : words[value]);
  return [
    { label: TERM_LABELS.dropshipping, value: word(terms.dropshipping, DROPSHIPPING_WORDS) },
    {
      label: TERM_LABELS.minOrder,
      value: terms.minOrderVaries
        ? VARIES_LABEL
        : terms.minOrder === null
          ? UNKNOWN_LABEL
          : `${terms.minOrder.toLocaleString("ko-KR")}개부터`,
    },
    { label: TERM_LABELS.shippingFee, value: shippingWords(terms.shippingFee, terms.freeShippingOver, terms.shippingFeeVaries) },
    { label: TERM_LABELS.returns, value: word(terms.returns, RETURNS_WORDS) },
    { label: TERM_LABELS.imageUse, value: word(terms.imageUse, IMAGE_USE_WORDS) },
    { label: TERM_LABELS.pricePolicy, value: word(terms.pricePolicy, PRICE_POLICY_WORDS) },
    {
      label: TERM_LABELS.integration,
      value: terms.integration?.length ? terms.integration.map((value) => INTEGRATION_WORDS[value]).join(", ") : UNKNOWN_LABEL,
    },
    { label: TERM_LABELS.businessNumber, value: terms.businessNumber ? formatBusinessNumber(terms.businessNumber) : UNKNOWN_LABEL },
    { label: TERM_LABELS.termsCheckedAt, value: terms.termsCheckedAt ? formatDay(terms.termsCheckedAt) : UNKNOWN_LABEL },
    sourceRow(terms),
  ];
}

/** Each group's value in the words of the terms table (a report's `<label>: <now> → <reported>`). */
export function termGroupWords(terms: Partial<WholesalerTerms>): Record<TermGroup, string> {
  const rows = termRows({ ...UNKNOWN_TERMS, ...terms });
  return Object.fromEntries(
    TERM_GROUP_NAMES.map((group) => [group, rows.find((row) => row.label === TERM_LABELS[group])?.value ?? UNKNOWN_LABEL]),
  ) as Record<TermGroup, string>;
}

/** The terms' field names, in the contract's order (wholesaler-terms-schema.ts checks them). */
export const TERM_FIELDS = [
  "dropshipping",
  "minOrder",
  "minOrderVaries",
  "shippingFee",
  "freeShippingOver",
  "shippingFeeVaries",
  "returns",
  "imageUse",
  "pricePolicy",
  "integration",
  "businessNumber",
  "termsCheckedAt",
  "termsSource",
] as const satisfies readonly (keyof WholesalerTerms)[];

/** The terms of a supplier nobody has checked yet. */
export const UNKNOWN_TERMS: WholesalerTerms = {
  dropshipping: null,
  minOrder: null,
  minOrderVaries: false,
  shippingFee: null,
  freeShippingOver: null,
  shippingFeeVaries: false,
  returns: null,
  imageUse: null,
  pricePolicy: null,
  integration: null,
  businessNumber: null,
  termsCheckedAt: null,
  termsSource: null,
};

const sameTerm = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `조건 확인일` after a save: a change to any term marks the terms as checked today (Korean calendar
 * day) unless the admin changed the date field in the same save, whose value then stands (even empty).
 * `before` is null for a new supplier.
 */
export function checkedDayAfterSave(before: WholesalerTerms | null, sent: WholesalerTerms, today = seoulDay()): string | null {
  const previous = before ?? UNKNOWN_TERMS;
  const dateChanged = !sameTerm(previous.termsCheckedAt, sent.termsCheckedAt);
  if (dateChanged) return sent.termsCheckedAt;
  const termChanged = TERM_FIELDS.some((field) => field !== "termsCheckedAt" && !sameTerm(previous[field], sent[field]));
  return termChanged ? today : previous.termsCheckedAt;
}

/** The form's values for a stored supplier (selects show `unknown`, numbers as digits, empty for unknown). */
export function termsFormValues(terms: WholesalerTerms): Record<string, string | string[]> {
  return {
    dropshipping: terms.dropshipping ?? "unknown",
    minOrder: terms.minOrder === null ? "" : String(terms.minOrder),
    minOrderVaries: terms.minOrderVaries ? "yes" : "",
    shippingFee: terms.shippingFee === null ? "" : String(terms.shippingFee),
    freeShippingOver: terms.freeShippingOver === null ? "" : String(terms.freeShippingOver),
    shippingFeeVaries: terms.shippingFeeVaries ? "yes" : "",
    returns: terms.returns ?? "unknown",
    imageUse: terms.imageUse ?? "unknown",
    pricePolicy: terms.pricePolicy ?? "unknown",
    integration: terms.integration ?? [],
    businessNumber: terms.businessNumber ? formatBusinessNumber(terms.businessNumber) : "",
    termsCheckedAt: terms.termsCheckedAt ?? "",
    termsSource: terms.termsSource ?? "",
  };
}

/** The terms the public `조건 변경 이력` lists (the date and the source are not terms a seller decides on). */
export const HISTORY_TERM_FIELDS = TERM_FIELDS.filter((field) => field !== "termsCheckedAt" && field !== "termsSource");

/**
 * A term's value as the change history stored it (text: "" is unknown, numbers as digits, the integration set as
 * JSON) in the contract's words, for `조건 변경 이력` and the alert mails.
 */
export function termValueWords(field: string, stored: string): string {
  if (stored === "") return UNKNOWN_LABEL;
  const wordOf = (words: Record<string, string>) => words[stored] ?? stored;
  switch (field) {
    case "dropshipping":
      return wordOf(DROPSHIPPING_WORDS);
    case "returns":
      return wordOf(RETURNS_WORDS);
    case "imageUse":
      return wordOf(IMAGE_USE_WORDS);
    case "pricePolicy":
      return wordOf(PRICE_POLICY_WORDS);
    case "minOrder":
      return /^\d+$/.test(stored) ? `${Number(stored).toLocaleString("ko-KR")}개부터` : stored;
    case "shippingFee":
    case "freeShippingOver":
      return /^\d+$/.test(stored) ? (field === "shippingFee" && stored === "0" ? "무료" : formatWon(Number(stored))) : stored;
    case "integration": {
      try {
        const values = JSON.parse(stored) as string[];
        return Array.isArray(values) && values.length
          ? values.map((value) => INTEGRATION_WORDS[value as Integration] ?? value).join(", ")
          : UNKNOWN_LABEL;
      } catch {
        return stored;
      }
    }
    case "businessNumber":
      return /^\d{10}$/.test(stored) ? formatBusinessNumber(stored) : stored;
    default:
      return stored;
  }
}
