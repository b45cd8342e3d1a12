/**
 * The margin calculator's VAT (/tools/margin): how each kind of seller pays VAT on one sale, whether the product itself
 * is 면세, the figures the arithmetic uses and the pages they were read from. One place to update when the VAT rules
 * change.
 *
 * Two separate choices, as the law has them: the seller's 과세 유형 (일반과세자 or 간이과세자, 부가가치세법 제61조) and the
 * product's own status (a 면세 product such as unprocessed 감귤 carries no VAT whoever sells it, 제26조).
 *
 * A law source's `publisher` is its article, shown as the link's text ("부가가치세법 제46조(현행 법령)"); all of them
 * are 법제처 국가법령정보센터 pages. `readOn` is the day the sources were read (ISO date, never in the future: a test checks it). When a figure
 * changes, change it with its `note`, `sources` and `readOn`.
 */
import type { FeeSource } from "./fee-presets.ts";

export type TaxType = "general" | "general-large" | "simplified" | "simplified-exempt";
export type GoodsType = "taxable" | "exempt";

export type TaxTypeRule = {
  id: TaxType;
  /** Shown in the select. */
  label: string;
  /** Shown under the result when chosen: how this seller pays VAT, in one or two sentences. */
  note: string;
  /** Whether this seller gets the 신용카드 등 매출세액공제 (부가가치세법 제46조). */
  cardCredit: boolean;
};

export type GoodsRule = { id: GoodsType; label: string; note: string };

export type TaxTable = {
  types: TaxTypeRule[];
  goods: GoodsRule[];
  /** 간이과세자: the 부가가치율 of 소매업, in percent. */
  simplifiedValueAddedPercent: number;
  /** 간이과세자: the share of purchases with a tax invoice that is deducted, in tenths of a percent (0.5 % → 5). */
  simplifiedPurchaseCreditTenths: number;
  /**
   * 신용카드 등 매출세액공제: a share of the card and 간편결제 payment, in tenths of a percent, taken off the VAT owed
   * (never below 0). The law gives 1.3 % up to `until` and 1 % after it; the calculator uses the rate of the day.
   */
  cardCredit: { tenths: number; until: string; laterTenths: number };
  readOn: string;
  sources: FeeSource[];
};

export const TAX_TABLE: TaxTable = {
  types: [
    {
      id: "general",
      label: "일반과세자(개인, 직전 연도 매출 10억 원 이하)",
      note: "일반과세자는 매출 세액에서 매입 세액을 뺀 만큼 부가세를 냅니다. 수수료·공급가·배송비·광고비의 세금계산서를 모두 받는다고 보고, 개인사업자가 받는 신용카드 등 매출세액공제를 뺍니다.",
      cardCredit: true,
    },
    {
      id: "general-large",
      label: "일반과세자(법인, 또는 직전 연도 매출 10억 원 초과)",
      note: "일반과세자는 매출 세액에서 매입 세액을 뺀 만큼 부가세를 냅니다. 수수료·공급가·배송비·광고비의 세금계산서를 모두 받는다고 보고 (정산 예정액 − 비용) × 10/11을 순이익으로 계산합니다. 법인과 직전 연도 공급가액이 10억 원을 넘는 개인사업자는 신용카드 등 매출세액공제를 받지 못합니다.",
      cardCredit: false,
    },
    {
      id: "simplified",
      label: "간이과세자",
      note: "직전 연도 매출(공급대가)이 1억 400만 원 미만인 개인사업자는 간이과세자가 될 수 있습니다(2024년 7월부터). 간이과세자는 결제 금액 × 소매업 부가가치율 15% × 10%에서 세금계산서를 받은 비용의 0.5%와 신용카드 등 매출세액공제를 뺀 만큼 부가세를 내고, 뺄 금액이 더 커도 돌려받지는 못합니다.",
      cardCredit: true,
    },
    {
      id: "simplified-exempt",
      label: "간이과세자(납부 면제)",
      note: "간이과세자 가운데 그해 매출(공급대가)이 4,800만 원 미만이면 부가세 납부가 면제되어(신고는 해야 합니다), 비용을 뺀 금액이 그대로 순이익입니다.",
      cardCredit: false,
    },
  ],
  goods: [
    {
      id: "taxable",
      label: "과세 상품(대부분의 공산품)",
      note: "",
    },
    {
      id: "exempt",
      label: "면세 상품(가공하지 않은 농·수·축산물 등)",
      note: "제주 감귤 같은 면세 상품은 일반과세자든 간이과세자든 매출 세액이 없고, 그 상품에 든 비용의 매입 세액도 공제받지 못하므로 비용을 뺀 금액이 그대로 순이익입니다.",
    },
  ],
  simplifiedValueAddedPercent: 15,
  simplifiedPurchaseCreditTenths: 5,
  cardCredit: { tenths: 13, until: "2026-12-31", laterTenths: 10 },
  readOn: "2026-11-28",
  sources: [
    {
      name: "부가가치세법 제61조(간이과세의 적용 범위)",
      publisher: "부가가치세법 제61조",
      date: "현행 법령",
      url: "https://www.law.go.kr/법령/부가가치세법/제61조",
    },
    {
      name: "부가가치세법 시행령 제109조(간이과세의 적용 범위: 직전 연도 공급대가 1억 400만 원)",
      publisher: "부가가치세법 시행령 제109조",
      date: "현행 법령",
      url: "https://www.law.go.kr/법령/부가가치세법%20시행령/제109조",
    },
    {
      name: "부가가치세법 제63조(간이과세자의 과세표준과 세액: 공급대가 × 업종별 부가가치율 × 10%, 세금계산서 등 수취 금액의 0.5% 공제)",
      publisher: "부가가치세법 제63조",
      date: "현행 법령",
      url: "https://www.law.go.kr/법령/부가가치세법/제63조",
    },
    {
      name: "부가가치세법 시행령 제111조(간이과세자의 과세표준과 세액: 소매업 부가가치율 15%)",
      publisher: "부가가치세법 시행령 제111조",
      date: "현행 법령",
      url: "https://www.law.go.kr/법령/부가가치세법%20시행령/제111조",
    },
    {
      name: "부가가치세법 제69조(간이과세자에 대한 납부의무의 면제: 공급대가 4,800만 원 미만)",
      publisher: "부가가치세법 제69조",
      date: "현행 법령",
      url: "https://www.law.go.kr/법령/부가가치세법/제69조",
    },
    {
      name: "부가가치세법 제46조(신용카드 등의 사용에 따른 세액공제 등: 2026년 12월 31일까지 1.3%, 연 1,000만 원 한도)",
      publisher: "부가가치세법 제46조",
      date: "현행 법령",
      url: "https://www.law.go.kr/법령/부가가치세법/제46조",
    },
    {
      name: "부가가치세법 제26조(재화 또는 용역의 공급에 대한 면세: 가공되지 아니한 식료품 등)",
      publisher: "부가가치세법 제26조",
      date: "현행 법령",
      url: "https://www.law.go.kr/법령/부가가치세법/제26조",
    },
    {
      name: "국세청_간이과세배제기준(간이과세를 적용받지 못하는 업종·지역 기준, 부가가치세법 제61조·시행령 제109조)",
      publisher: "국세청(공공데이터포털)",
      date: "2025-01-06",
      url: "https://www.data.go.kr/data/15037933/fileData.do",
    },
    {
      name: "하반기부터 이렇게 달라집니다: 간이과세 기준금액 7월 1일부터 1억 400만 원 미만으로 상향",
      publisher: "조선비즈",
      date: "2024-06-30",
      url: "https://biz.chosun.com/policy/policy_sub/2024/06/30/TMOCUTLHIJETNE3MN3PG5QMIGA/",
    },
  ],
};
