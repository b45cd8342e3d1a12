import { type Fact, factsOfMask } from "#app/db/term-values.ts";
import { formatWon } from "#app/lib/format.ts";

/**
 * The words of /list's filter buttons and card labels: apart from wholesaler-terms.ts (the rows, the form's
 * options), so the list page's JavaScript stays within its budget (tests/e2e/budgets.spec.ts).
 */

/** The filter buttons of /list, in the contract's order, and the fact each one asks for. */
export const TERM_FILTERS: readonly { fact: Fact; label: string }[] = [
  { fact: "dropshipping", label: "위탁 가능" },
  { fact: "free-shipping", label: "무료 배송" },
  { fact: "returns", label: "반품 가능" },
  { fact: "image-use", label: "이미지 사용 가능" },
  { fact: "free-price", label: "가격 자율" },
  { fact: "single-unit", label: "1개부터 주문" },
  // Not a term: the official records verify the business (features/official-records, docs/decisions/0029).
  { fact: "business-verified", label: "사업자 확인" },
];

/** Whether the official records verify this supplier (the card's `사업자 확인`). */
export function isBusinessVerified(mask: number) {
  return factsOfMask(mask).includes("business-verified");
}

/**
 * The facts a /list card shows as small labels when they are known to be true (and nothing otherwise,
 * `상품마다 다름` included). The shipping label tells which kind of free it is: `무료 배송` only for a fee of
 * 0, `50,000원 이상 무료` for a threshold (the filter `무료 배송` matches both).
 */
const CARD_FACTS: readonly Fact[] = ["dropshipping", "free-shipping", "returns"];
export function cardFactLabels(mask: number, shipping?: { shippingFee: number | null; freeShippingOver: number | null }): string[] {
  const facts = factsOfMask(mask);
  return TERM_FILTERS.filter((filter) => CARD_FACTS.includes(filter.fact) && facts.includes(filter.fact)).map((filter) =>
    filter.fact === "free-shipping" && shipping ? shippingCardLabel(shipping) : filter.label,
  );
}

/** `무료 배송` for a fee of 0; `<N>원 이상 무료` for a threshold. */
export function shippingCardLabel({ shippingFee, freeShippingOver }: { shippingFee: number | null; freeShippingOver: number | null }) {
  if (shippingFee === 0 || freeShippingOver === null) return "무료 배송";
  return `${formatWon(freeShippingOver)} 이상 무료`;
}
