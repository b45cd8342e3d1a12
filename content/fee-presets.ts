/**
 * Fee presets of the margin calculator (/tools/margin): one place to update when a platform changes its fees.
 *
 * `rate` is the percentage the calculator takes from the payment (판매가 + 고객 배송비), VAT included, with at most two
 * decimals. `readOn` is the day the sources below were read (ISO date, never in the future: a test checks it).
 * `assumption` is shown under the select: which category, grade or channel the rate assumes.
 * When a rate changes: change `rate`, `assumption`, `sources` and `readOn` together.
 */
export type FeeSource = { name: string; publisher: string; date: string; url: string };

export type FeePreset = {
  id: "smartstore" | "coupang";
  label: "네이버 스마트스토어" | "쿠팡";
  rate: string;
  readOn: string;
  assumption: string;
  sources: FeeSource[];
};

export const FEE_PRESETS: FeePreset[] = [
  {
    id: "smartstore",
    label: "네이버 스마트스토어",
    // 3.3% (주문관리, 일반 등급) + 2.73% (판매수수료, 네이버 유입) = 6.03%, plus 10% VAT = 6.633% → 6.63%.
    rate: "6.63",
    readOn: "2026-11-23",
    assumption:
      "주문관리 수수료 3.3%(연 매출 30억 원 초과 일반 등급, 영세·중소 등급은 더 낮음)와 네이버 쇼핑·플러스 스토어를 거쳐 들어온 주문의 판매수수료 2.73%를 더하고 부가세 10%를 붙인 값입니다. 마케팅 링크로 들어온 주문은 판매수수료가 0.91%라 실제 수수료가 더 낮습니다.",
    sources: [
      {
        name: "네이버 수수료 변경? 어떻게 되는걸까?(판매수수료 도입, 마케팅 링크 0.91%)",
        publisher: "앰피엠(AMPM) 인사이트",
        date: "2025-03-11",
        url: "https://home.ampm.co.kr/ae-mhy/insight/9853",
      },
      {
        name: "네이버, 스마트스토어 수수료 정책 전격 개편(2025년 6월 2일 시행, 판매수수료 2.73%)",
        publisher: "디지털트렌드코리아",
        date: "2025-02",
        url: "http://digitaltrendkorea.com/15/?q=YToxOntzOjEyOiJrZXl3b3JkX3R5cGUiO3M6MzoiYWxsIjt9&bmode=view&idx=157506314&t=board",
      },
      {
        name: "소상공인 수수료 낮춘 네이버(주문관리 수수료 매출 규모별 개편, 일반 사업자 3.3%)",
        publisher: "이코노미스트",
        date: "2021-07-02",
        url: "https://economist.co.kr/2021/07/02/it/general/20210702181600194.html",
      },
      {
        name: "2025년 상반기 중소상공인 네이버페이 주문관리 수수료 등급 변경 안내(2025년 2월 14일, 영세·중소만 인하)",
        publisher: "다이애드(네이버 공지 전재)",
        date: "2025-02-05",
        url: "https://diad.co.kr/Customer/NoticeView?Category=TIP&Idx=4592",
      },
    ],
  },
  {
    id: "coupang",
    label: "쿠팡",
    // 10.8% (가구·홈인테리어 등) plus 10% VAT = 11.88%.
    rate: "11.88",
    readOn: "2026-11-23",
    assumption:
      "판매수수료 10.8%(가구·홈인테리어 등 요율이 높은 카테고리 기준, 부가세 별도)에 부가세 10%를 붙인 값입니다. 카테고리에 따라 더 낮은 요율이 적용되고, 배송비에는 별도 요율의 수수료가 붙으니 실제 요율은 쿠팡 Wing의 카테고리 수수료 안내에서 확인하세요.",
    sources: [
      {
        name: "2026 쿠팡 수수료 완벽가이드(카테고리별 판매 수수료, 가구·인테리어 10.8%)",
        publisher: "OSC 오에스씨",
        date: "2026",
        url: "https://oscsnm.com/coupang-fee-guide-2026",
      },
      {
        name: "쿠팡, 판매자 수수료 일제 인상…10%대 첫 돌파(가구·홈인테리어 10.8%, 가전 5.8%)",
        publisher: "전자신문",
        date: "2019-11-28",
        url: "https://m.etnews.com/20191128000121",
      },
    ],
  },
];

export function findFeePreset(id: string): FeePreset | undefined {
  return FEE_PRESETS.find((preset) => preset.id === id);
}
