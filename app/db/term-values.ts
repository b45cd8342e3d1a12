/**
 * The stored values of a supplier's terms (ui-contract.md "Supplier terms"). Unknown is NULL, never one
 * of these, so "yes" can only mean somebody read it on the supplier's own page (docs/decisions/0021).
 * The table's CHECK constraints and the derived `fact_mask` column are written from these lists, and the
 * form schema offers exactly them; features/wholesalers/wholesaler-terms.ts adds the Korean words.
 */
export const YES_NO = ["yes", "no"] as const;
/**
 * `상품마다 다름` (docs/spec/decisions.md 38): a platform whose terms differ per product. It is a known value,
 * neither yes nor unknown, and sets no bit of `fact_mask`, so no filter matches it and no card labels it.
 * The selects store it as `varies`; the two numbers (최소 주문 수량, 배송비) keep it in a boolean beside them.
 */
export const VARIES = "varies";
export const RETURNS_VALUES = ["yes", "no", "conditional", VARIES] as const;
export const IMAGE_USE_VALUES = ["yes", "no", VARIES] as const;
export const PRICE_POLICY_VALUES = ["free", "minimum", "closed", VARIES] as const;
export const INTEGRATION_VALUES = ["api", "excel", "sender"] as const;

export type YesNo = (typeof YES_NO)[number];
export type ImageUseValue = (typeof IMAGE_USE_VALUES)[number];
export type ReturnsValue = (typeof RETURNS_VALUES)[number];
export type PricePolicy = (typeof PRICE_POLICY_VALUES)[number];
export type Integration = (typeof INTEGRATION_VALUES)[number];

/**
 * The known-true facts the /list filters ask for, in the order of the filter buttons. The table keeps
 * them as bits of a generated `fact_mask smallint` (bit i is FACTS[i]) with a btree index: a set of
 * filters is "the mask is one of the supersets of these bits", `fact_mask = ANY(…)`, which the index
 * answers exactly and, for the count, without reading the table (docs/decisions/0021). An unknown term
 * sets no bit, so it can never match.
 */
export const TERM_FACTS = ["dropshipping", "free-shipping", "returns", "image-use", "free-price", "single-unit"] as const;
/**
 * The seventh filter, `사업자 확인`, is not a term: it holds while the official records say 계속사업자, 통신판매업
 * 정상영업 and a declared domain that matches the site (features/official-records), for the business number and
 * site address they were checked against (`records_verified_for`, docs/decisions/0029).
 */
export const FACTS = [...TERM_FACTS, "business-verified"] as const;
export type Fact = (typeof FACTS)[number];
export type TermFact = (typeof TERM_FACTS)[number];

export const factBit = (fact: Fact) => 1 << FACTS.indexOf(fact);

export function maskOf(facts: readonly Fact[]): number {
  return facts.reduce((mask, fact) => mask | factBit(fact), 0);
}

/** The facts whose bits are set in a mask, in FACTS order. */
export function factsOfMask(mask: number): Fact[] {
  return FACTS.filter((fact) => (mask & factBit(fact)) !== 0);
}

/** Every mask that has all of `facts` (at most 128 values; 2^(7 − n) for n filters). */
export function masksWithAll(facts: readonly Fact[]): number[] {
  const required = maskOf(facts);
  const masks: number[] = [];
  for (let mask = 0; mask < 1 << FACTS.length; mask++) if ((mask & required) === required) masks.push(mask);
  return masks;
}

/**
 * A supplier's terms (ui-contract.md "Supplier terms (위탁 조건)"): the words every page shows and the
 * filters of /list. null is unknown everywhere and reads `확인 필요`; it is never shown as a yes or a no,
 * and no filter matches it. No zod here, so public pages stay light: the form's rules are in
 * wholesaler-terms-schema.ts.
 */
export type WholesalerTerms = {
  dropshipping: YesNo | null;
  minOrder: number | null;
  /** `상품마다 다름`: minOrder is then null. */
  minOrderVaries: boolean;
  shippingFee: number | null;
  freeShippingOver: number | null;
  /** `상품마다 다름`: shippingFee and freeShippingOver are then null. */
  shippingFeeVaries: boolean;
  returns: ReturnsValue | null;
  imageUse: ImageUseValue | null;
  pricePolicy: PricePolicy | null;
  integration: Integration[] | null;
  businessNumber: string | null;
  /** `YYYY-MM-DD`, a Korean calendar day. */
  termsCheckedAt: string | null;
  termsSource: string | null;
};

/**
 * The terms as a seller report groups them (ui-contract.md "Terms reported by sellers"): one group per row of the
 * terms table, named by its first field; 최소 주문 수량 and 배송비 carry their `상품마다 다름` (and the free-shipping
 * threshold) with them.
 */
export const TERM_GROUPS = {
  dropshipping: ["dropshipping"],
  minOrder: ["minOrder", "minOrderVaries"],
  shippingFee: ["shippingFee", "freeShippingOver", "shippingFeeVaries"],
  returns: ["returns"],
  imageUse: ["imageUse"],
  pricePolicy: ["pricePolicy"],
  integration: ["integration"],
  businessNumber: ["businessNumber"],
} as const satisfies Record<string, readonly (keyof WholesalerTerms)[]>;
export type TermGroup = keyof typeof TERM_GROUPS;
export const TERM_GROUP_NAMES = Object.keys(TERM_GROUPS) as TermGroup[];

/**
 * Where one group of a supplier's terms came from when a seller's report set it and an administrator applied it
 * (`셀러 제보 (관리자 확인)`, or the report's evidence address): `value` is the group's stored value it was set to
 * (termGroupValue), and the mark holds only while the row still has that value, so a later edit by any write path
 * (an admin, the supplier, an import) ends it without that path knowing of it.
 */
export type ReportedTermSource = { value: string; url: string | null; day: string };
export type ReportedTermSources = Partial<Record<TermGroup, ReportedTermSource>>;

/** A group's stored value as one text (the `value` of a ReportedTermSource). */
export function termGroupValue(terms: Partial<WholesalerTerms>, group: TermGroup): string {
  return JSON.stringify(TERM_GROUPS[group].map((field) => terms[field] ?? null));
}
