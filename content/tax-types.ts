/**
 * The margin calculator's 과세 유형 (/tools/margin): how each kind of seller pays VAT on one sale, with the figures the
 * arithmetic uses and the pages they were read from. One place to update when the VAT rules change.
 *
 * `readOn` is the day the sources were read (ISO date, never in the future: a test checks it). When a figure
 * changes, change it with its `note`, `sources` and `readOn`.
 */
import type { FeeSource } from "./fee-presets.ts";

export type TaxType = "general" | "simplified" | "simplified-exempt" | "exempt";

export type TaxTypeRule = {
  id: TaxType;
  /** Shown in the select. */
  label: string;
  /** Shown under the select when chosen: how this seller pays VAT, in one or two sentences. */
  note: string;
};

export type TaxTable = {
  types: TaxTypeRule[];
  /** 간이과세자: the 부가가치율 of 소매업, in percent. */
  simplifiedValueAddedPercent: number;
  /** 간이과세자: the share of purchases with a tax invoice that is deducted, in tenths of a percent (0.5 % → 5). */
  simplifiedPurchaseCreditTenths: number;
  readOn: string;
  sources: FeeSource[];
};

export const TAX_TABLE: TaxTable = {
  types: [
    {
      id: "general",
      label: "일반과세자",
      note: "일반과세자는 매출 세액에서 매입 세액을 뺀 만큼 부가세를 냅니다. 수수료·공급가·배송비·광고비의 세금계산서를 모두 받는다고 보고 (정산 예정액 − 비용) × 10/11을 순이익으로 계산합니다.",
    },
    {
      id: "simplified",
      label: "간이과세자",
      note: "연 매출 1억 400만 원 미만이면 간이과세자가 될 수 있습니다(2024년 7월부터). 간이과세자는 결제 금액 × 소매업 부가가치율 15% × 10%에서 세금계산서를 받은 비용의 0.5%를 뺀 만큼 부가세를 냅니다.",
    },
    {
      id: "simplified-exempt",
      label: "간이과세자(납부 면제)",
      note: "간이과세자 가운데 연 매출이 4,800만 원 미만이면 부가세 납부가 면제되어, 비용을 뺀 금액이 그대로 순이익입니다.",
    },
    {
      id: "exempt",
      label: "면세 상품",
      note: "제주 감귤 같은 면세 상품은 매출 세액이 없고, 그 상품에 든 비용의 매입 세액도 공제받지 못하므로 비용을 뺀 금액이 그대로 순이익입니다.",
    },
  ],
  simplifiedValueAddedPercent: 15,
  simplifiedPurchaseCreditTenths: 5,
  readOn: "2026-11-26",
  sources: [
    {
      name: "부가가치세법 제63조(간이과세자의 과세표준과 세액)",
      publisher: "법제처 국가법령정보센터",
      date: "현행 법령",
      url: "https://www.law.go.kr/법령/부가가치세법/제63조",
    },
    {
      name: "간이과세 기준 상향 정리 글(연 1억 400만 원, 납부 면제 4,800만 원, 국세청 2024년 6월 18일 안내 인용)",
      publisher: "botteul 블로그",
      date: "게시일 미표기(2024-06-18 국세청 안내 인용)",
      url: "https://botteul.tistory.com/1471",
    },
    {
      name: "간이과세자 부가세 계산 안내(소매업 부가가치율 15%, 세금계산서 매입 0.5% 공제)",
      publisher: "ground.glabs.co",
      date: "게시일 미표기",
      url: "https://ground.glabs.co/",
    },
  ],
};
