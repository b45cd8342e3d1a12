import { formatWon } from "#app/lib/format.ts";
import type { AmountField, MarginResult } from "./margin.ts";

/**
 * The margin calculator's picture (ui-contract, fourth release; docs/decisions/0054): one horizontal bar splitting what
 * the buyer pays (판매가, plus the 고객 배송비 when there is one) into 수수료, 배송비, 광고비 (when there is one), 부가세,
 * 공급가 and 순이익. Pure arithmetic in won, so the SVG drawn from it (margin-bar.tsx) and its text say the same figures
 * as the result and the comparison table: every part comes from the same MarginResult.
 *
 * The parts add up exactly: 결제 금액 = 수수료 + 배송비 + 광고비 + 부가세 + 공급가 + 순이익 (margin.ts). A loss is drawn as
 * such: the costs run past the end of the sale, and what lies beyond (less a VAT refund, which a loss of an
 * 일반과세자 brings) is the loss.
 */

export type BarPartKey = "fee" | "shipping" | "ad" | "vat" | "cost" | "profit";

export type BarSegment = { key: BarPartKey; label: string; amount: number; from: number; to: number };

export type MarginBarModel = {
  /** 판매가 + 고객 배송비: where the sale ends on the bar. */
  sale: number;
  price: number;
  customerShipping: number;
  /** The bar's full length in won: the sale, or the costs when they pass it. */
  span: number;
  /** The costs in order, then 순이익 when it is not negative. Zero parts are left out. */
  segments: BarSegment[];
  /** What the figures say, in order, every one of the five the contract names (광고비 only when there is one). */
  figures: { key: BarPartKey; label: string; amount: number }[];
  /** A VAT refund (an 일반과세자's loss): the stretch after the sale it makes up for. */
  refund: { from: number; to: number; amount: number } | null;
  /** The loss: the stretch of costs nothing paid for. */
  loss: { from: number; to: number; amount: number } | null;
  /** The sentence of the picture's aria-label, and of its caption. */
  summary: string;
};

const LABELS: Record<BarPartKey, string> = {
  fee: "수수료",
  shipping: "배송비",
  ad: "광고비",
  vat: "부가세",
  cost: "공급가",
  profit: "순이익",
};

/** The amounts the seller typed (whole won), as the result was computed from them. */
export type BarAmounts = Record<AmountField, number>;

export function marginBar(result: MarginResult, amounts: BarAmounts): MarginBarModel {
  const sale = result.gross;
  const refund = Math.max(0, -result.vat);
  const costs: [BarPartKey, number][] = [
    ["fee", result.fee],
    ["shipping", amounts.shipping],
    ["ad", amounts.ad],
    ["vat", Math.max(0, result.vat)],
    ["cost", amounts.cost],
  ];
  const parts: [BarPartKey, number][] = result.profit >= 0 ? [...costs, ["profit", result.profit]] : costs;
  const segments: BarSegment[] = [];
  let at = 0;
  for (const [key, amount] of parts) {
    if (amount <= 0) continue;
    segments.push({ key, label: LABELS[key], amount, from: at, to: at + amount });
    at += amount;
  }
  const costTotal = costs.reduce((sum, [, amount]) => sum + amount, 0);
  const span = Math.max(sale, at);
  const loss = result.profit < 0 ? { from: sale + refund, to: costTotal, amount: -result.profit } : null;
  const figures = (
    [
      ["fee", result.fee],
      ["shipping", amounts.shipping],
      ...(amounts.ad > 0 ? ([["ad", amounts.ad]] as [BarPartKey, number][]) : []),
      ["vat", result.vat],
      ["cost", amounts.cost],
      ["profit", result.profit],
    ] as [BarPartKey, number][]
  ).map(([key, amount]) => ({ key, label: LABELS[key], amount }));
  return {
    sale,
    price: amounts.price,
    customerShipping: amounts.customerShipping,
    span,
    segments,
    figures,
    refund: refund > 0 ? { from: sale, to: sale + refund, amount: refund } : null,
    loss,
    summary: summaryOf(sale, amounts, figures),
  };
}

/** `판매가 20,000원: 수수료 1,326원, …, 순이익 4,249원` (a loss and a VAT refund named as such). */
function summaryOf(sale: number, amounts: BarAmounts, figures: MarginBarModel["figures"]) {
  const whole =
    amounts.customerShipping > 0
      ? `결제 금액 ${formatWon(sale)}(판매가 ${formatWon(amounts.price)} + 고객 배송비 ${formatWon(amounts.customerShipping)})`
      : `판매가 ${formatWon(sale)}`;
  const parts = figures.map(({ key, label, amount }) => {
    if (key === "profit" && amount < 0) return `${label} ${formatWon(amount)}(손실)`;
    if (key === "vat" && amount < 0) return `${label} ${formatWon(amount)}(환급)`;
    return `${label} ${formatWon(amount)}`;
  });
  return `${whole}: ${parts.join(", ")}`;
}
