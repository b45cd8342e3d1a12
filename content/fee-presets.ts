/**
 * Fee presets of the margin calculator (/tools/margin): one place to update when a platform changes its fees.
 *
 * Each tier is a rate as the platform quotes it: `percent` WITHOUT VAT, at most two decimals. The calculator adds the
 * parts that apply (스마트스토어: 주문관리 수수료 by grade + 판매수수료 by where the order came from; 쿠팡: the category's
 * 판매수수료, and its own rate on the customer's shipping fee), puts 10 % VAT on top and rounds to two decimals, the
 * form's precision. `readOn` is the day the tier's sources were read (ISO date, never in the future: a test checks
 * it); `note` is shown under the form when the tier is chosen (what it covers), and `caveat` when a rate is less
 * certain than the others.
 *
 * When a rate changes: change `percent`, `note`, `sources` and `readOn` together. A grade or category we have no
 * public source for is left out rather than guessed (the seller types it with 직접 입력).
 */
export type FeeSource = {
  name: string;
  publisher: string;
  /** The page's date: "2025-03-11", "2025-03" or "2025", or "게시일 미표기" for an undated page. */
  date: string;
  url: string;
};

export type FeeTier<Id extends string = string> = {
  id: Id;
  /** Shown in the select. */
  label: string;
  /** Shown in the comparison table's column heading when `label` is too long for it. */
  shortLabel?: string;
  /** Percent without VAT, as the platform quotes it: "2.73". */
  percent: string;
  note: string;
  /** A sentence shown after the note when the rate is less certain than the others. */
  caveat?: string;
  readOn: string;
  sources: FeeSource[];
};

export type NaverGrade = "small" | "general";
export type NaverOrder = "standard" | "marketing";
export type CoupangCategory = "furniture" | "appliances";

export type FeeTable = {
  smartstore: {
    label: "네이버 스마트스토어";
    /** 주문관리 수수료 (네이버페이 결제 수수료) by the seller's grade; charged on the whole payment, shipping included. */
    grades: FeeTier<NaverGrade>[];
    /** 판매수수료 by where the order came from. */
    orders: FeeTier<NaverOrder>[];
    /** Which base the preset assumes for the customer's shipping fee. */
    shippingNote: string;
  };
  coupang: {
    label: "쿠팡";
    /** 판매수수료 by category, on the sale price. */
    categories: FeeTier<CoupangCategory>[];
    /** The fee on the customer's shipping fee: its own rate, not the category's. */
    shipping: FeeTier<"shipping">;
    /** What the preset leaves out. */
    extraNote: string;
  };
};

const AMPM_FEE_REFORM: FeeSource = {
  name: "네이버 수수료 변경? 어떻게 되는걸까?(판매수수료 도입, 마케팅 링크 0.91%, 부가세 별도)",
  publisher: "앰피엠(AMPM) 인사이트",
  date: "2025-03-11",
  url: "https://home.ampm.co.kr/ae-mhy/insight/9853",
};
const DIGITALTREND_FEE_REFORM: FeeSource = {
  name: "네이버, 스마트스토어 수수료 정책 전격 개편(2025년 6월 2일 시행, 일반 판매 수수료는 기타 모든 거래에 적용)",
  publisher: "디지털트렌드코리아",
  date: "2025-02",
  url: "http://digitaltrendkorea.com/15/?q=YToxOntzOjEyOiJrZXl3b3JkX3R5cGUiO3M6MzoiYWxsIjt9&bmode=view&idx=157506314&t=board",
};
const STUDIOMX_FEE_REFORM: FeeSource = {
  name: "25년 06월 2일 네이버 쇼핑/스마트스토어 수수료 체계 변경(판매수수료 2.73%는 부가세 별도)",
  publisher: "스튜디오MX",
  date: "2025",
  url: "https://studiomx.co.kr/10408",
};
const ECONOMIST_GENERAL_GRADE: FeeSource = {
  name: "소상공인 수수료 낮춘 네이버(주문관리 수수료 매출 규모별 개편, 연 매출 30억 원 초과 일반 3.3%)",
  publisher: "이코노미스트",
  date: "2021-07-02",
  url: "https://economist.co.kr/2021/07/02/it/general/20210702181600194.html",
};
const DIAD_GRADE_NOTICE: FeeSource = {
  name: "2025년 상반기 중소상공인 네이버페이 주문관리 수수료 등급 변경 안내(2025년 2월 14일, 영세·중소 인하)",
  publisher: "다이애드(네이버 공지 전재)",
  date: "2025-02-05",
  url: "https://diad.co.kr/Customer/NoticeView?Category=TIP&Idx=4592",
};
const SEDAILY_GENERAL_GRADE: FeeSource = {
  name: "주문관리 수수료를 매출 규모별로 나눈 2021년 개편 기사(7월 31일부터, 일반 등급 3.3%)",
  publisher: "서울경제",
  date: "2021-07-02",
  url: "https://m.sedaily.com/NewsViewAmp/22OR91X65J",
};
const OSC_COUPANG_2026: FeeSource = {
  name: "2026 쿠팡 수수료 완벽가이드(카테고리별 판매 수수료 4~10.9%, 가구·인테리어 10.8%, 배송비 수수료)",
  publisher: "OSC 오에스씨",
  date: "2026",
  url: "https://oscsnm.com/coupang-fee-guide-2026",
};
const ETNEWS_COUPANG_2019: FeeSource = {
  name: "쿠팡, 판매자 수수료 일제 인상…10%대 첫 돌파(가구·홈인테리어 10.8%, 가전 5.8%)",
  publisher: "전자신문",
  date: "2019-11-28",
  url: "https://m.etnews.com/20191128000121",
};
const COUPANG_SHIPPING_FEE: FeeSource = {
  name: "쿠팡 수수료와 부가세 정리 글(배송비 수수료 3%, 월 서비스 이용료)",
  publisher: "nguoilontuoi 블로그",
  date: "게시일 미표기",
  url: "https://ko.nguoilontuoi.com/post/kupang-susulyo-bugase",
};

export const FEE_TABLE: FeeTable = {
  smartstore: {
    label: "네이버 스마트스토어",
    grades: [
      {
        id: "small",
        label: "영세",
        percent: "1.8",
        note: "주문관리 수수료 1.8%(영세 등급, 처음 시작하는 판매자가 대개 속하는 등급)",
        readOn: "2026-11-26",
        sources: [DIAD_GRADE_NOTICE],
      },
      {
        id: "general",
        label: "일반",
        percent: "3.3",
        note: "주문관리 수수료 3.3%(연 매출 30억 원을 넘는 일반 등급, 요율이 가장 높은 등급)",
        readOn: "2026-11-26",
        sources: [SEDAILY_GENERAL_GRADE, ECONOMIST_GENERAL_GRADE],
      },
    ],
    orders: [
      {
        id: "standard",
        label: "마케팅 링크 외 주문(네이버 쇼핑·직접 방문 등)",
        shortLabel: "마케팅 링크 외 주문",
        percent: "2.73",
        note: "판매수수료 2.73%(판매자 마케팅으로 인정되지 않는 모든 주문: 네이버 쇼핑·플러스 스토어, 직접 방문, 마케팅 링크를 쓰지 않은 외부 링크)",
        readOn: "2026-11-26",
        sources: [AMPM_FEE_REFORM, DIGITALTREND_FEE_REFORM, STUDIOMX_FEE_REFORM],
      },
      {
        id: "marketing",
        label: "마케팅 링크·네이버 광고 주문",
        shortLabel: "마케팅 링크·광고 주문",
        percent: "0.91",
        note: "판매수수료 0.91%(판매자 마케팅: 스마트스토어센터에서 만든 마케팅 링크나 네이버 광고로 들어온 주문)",
        readOn: "2026-11-26",
        sources: [AMPM_FEE_REFORM, STUDIOMX_FEE_REFORM],
      },
    ],
    shippingNote:
      "고객 배송비에도 같은 요율을 매깁니다. 주문관리 수수료는 배송비를 포함한 결제 금액에 붙고, 판매수수료가 배송비에도 붙는지는 공개 자료로 확인하지 못해 높은 쪽으로 잡았습니다. 중소 1~3 등급은 요율을 확인한 공개 자료가 없어 넣지 않았습니다. 중소 등급이라면 정산 내역의 요율로 직접 계산해 보세요.",
  },
  coupang: {
    label: "쿠팡",
    categories: [
      {
        id: "furniture",
        label: "가구·홈인테리어",
        percent: "10.8",
        note: "판매수수료 10.8%(가구·홈인테리어, 요율이 높은 편인 카테고리)",
        readOn: "2026-11-26",
        sources: [OSC_COUPANG_2026, ETNEWS_COUPANG_2019],
      },
      {
        id: "appliances",
        label: "가전(2019년 기사 기준)",
        shortLabel: "가전",
        percent: "5.8",
        note: "판매수수료 5.8%(가전)",
        caveat:
          "가전 요율은 2019년 기사에서만 확인했고, 2026년 자료는 카테고리별 4~10.9%라고만 밝히므로 쿠팡 Wing에서 지금 요율을 꼭 확인해 주세요.",
        readOn: "2026-11-26",
        sources: [ETNEWS_COUPANG_2019, OSC_COUPANG_2026],
      },
    ],
    shipping: {
      id: "shipping",
      label: "배송비 수수료",
      percent: "3",
      note: "고객 배송비에는 카테고리 요율이 아니라 배송비 수수료 3%(부가세 별도, 부가세를 더하면 3.3%)를 따로 매깁니다",
      readOn: "2026-11-26",
      sources: [OSC_COUPANG_2026, COUPANG_SHIPPING_FEE],
    },
    extraNote:
      "월 판매액이 100만 원을 넘으면 서비스 이용료(월 5만 5천 원)가 따로 붙는다는 자료가 있으나, 1개 단위 계산인 이 계산기에는 넣지 않았습니다.",
  },
};
