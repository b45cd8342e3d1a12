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
 * public source for is left out rather than guessed (the seller types it with 직접 입력); where sources give a range or
 * disagree (쿠팡 화장품 9~10.5 % against 9.6 %), the tier takes the higher figure, says so in its caveat, and errs towards
 * a higher fee. 쿠팡 Wing's own category table is shown only to a signed-in seller, so 쿠팡's rates are read from dated
 * third-party tables, named as such.
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

export type NaverGrade = "small" | "medium1" | "medium2" | "medium3" | "general";
export type NaverOrder = "standard" | "marketing";
export type CoupangCategory = "furniture" | "fashion" | "food" | "beauty" | "appliances";

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
  name: "2025년 상반기 중소상공인 네이버페이 주문관리 수수료 등급 변경 안내(2025년 2월 14일부터, 영세·중소 차등 인하, 요율표는 본문에 없음)",
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
const HANI_GRADE_CUT_2022: FeeSource = {
  name: "네이버페이·카카오페이의 영세·중소 가맹점 결제수수료 인하 기사(1월 31일부터 영세 주문관리 수수료 2%→1.8%, 중소 0.05~0.15%p 인하)",
  publisher: "한겨레",
  date: "2022-01-26",
  url: "https://www.hani.co.kr/arti/economy/finance/1028885.html",
};
const BIGDATA_GRADE_CUT_2022: FeeSource = {
  name: "네이버파이낸셜의 영세·중소 수수료 인하 기사(영세 0.2%p, 중소 규모에 따라 0.15~0.05%p, 영세 주문관리 수수료 1.8%)",
  publisher: "빅데이터뉴스",
  date: "2022-01-26",
  url: "http://www.thebigdata.co.kr/view.php?ud=20220126083857751d0a8833aad_23",
};
const KMYERA_GRADE_TABLE: FeeSource = {
  name: "오픈마켓 수수료 정리(스마트스토어 영세 1.98%, 중소1 2.58%, 중소2 2.75%, 중소3 3.03%, 일반 3.63%, 부가세 포함 값) — 개인 블로그",
  publisher: "kmyera 블로그",
  date: "게시일 미표기",
  url: "https://kmyera.com/entry/%EC%BF%A0%ED%8C%A1-%EC%8A%A4%EB%A7%88%ED%8A%B8%EC%8A%A4%ED%86%A0%EC%96%B4-%EC%A7%80%EB%A7%88%EC%BC%93-%EC%9C%84%EB%A9%94%ED%94%84-%EB%93%B1-%EC%98%A4%ED%94%88%EB%A7%88%EC%BC%93-%EC%88%98%EC%88%98%EB%A3%8C-%EC%A0%95%EB%A6%AC",
};
const PHONGNHA_GRADE_TABLE: FeeSource = {
  name: "스마트스토어 수수료는 얼마인가요?(연 매출 3억 원 이하 영세 1.980%, 3억~5억 원 중소1 2.585%, 5억~10억 원 중소2 2.750%, 10억~30억 원 중소3 3.025%, 부가세 포함 값) — 정보 블로그",
  publisher: "phongnhaexplorer",
  date: "게시일 미표기",
  url: "https://phongnhaexplorer.com/ko/%ec%9e%ac%ec%a0%95/%ec%8a%a4%eb%a7%88%ed%8a%b8%ec%8a%a4%ed%86%a0%ec%96%b4-%ec%88%98%ec%88%98%eb%a3%8c%eb%8a%94-%ec%96%bc%eb%a7%88%ec%9d%b8%ea%b0%80%ec%9a%94.html",
};
const OSC_COUPANG_2026: FeeSource = {
  name: "2026 쿠팡 수수료 완벽가이드(카테고리별 판매 수수료 4~10.9%: 식품 8~10%, 화장품 9~10.5%, 가전·디지털 7.8%, 가구·인테리어 10.8%, 패션·의류 10.5%, 배송 수수료는 무료배송 설정 시 +3.3%)",
  publisher: "OSC 오에스씨(쿠팡 광고 대행사)",
  date: "2026",
  url: "https://oscsnm.com/coupang-fee-guide-2026",
};
const ETNEWS_COUPANG_2019: FeeSource = {
  name: "쿠팡, 판매자 수수료 일제 인상…10%대 첫 돌파(가구·홈인테리어 10.8%, 패션의류·잡화 10.5%, 가전 5.8%)",
  publisher: "전자신문",
  date: "2019-11-28",
  url: "https://m.etnews.com/20191128000121",
};
const MEDIASR_COUPANG_2019: FeeSource = {
  name: "쿠팡 마켓플레이스 판매수수료 평균 0.5% 인상 기사(가구·홈인테리어·도서 10.8%, 패션의류·잡화 10.5%, 가전 5.8%)",
  publisher: "미디어SR",
  date: "2019-11",
  url: "http://www.mediasr.co.kr/news/articleView.html?idxno=55656",
};
const COUPANG_TABLE_2026: FeeSource = {
  name: "쿠팡 카테고리별 판매수수료 표를 담은 판매자의 공개 코드(2026년 7월 표: 식품 10.6%, 영양제 7.6%, 쌀·잡곡 5.8%, 면·라면 10.9%, 뷰티 9.6%, 가전디지털 7.8%, 가구·홈인테리어 10.8%, 패션 10.5%, 부가세 별도) — 쿠팡의 공식 자료가 아님",
  publisher: "GitHub 공개 저장소 anteam7/product_recommend",
  date: "2026-07",
  url: "https://github.com/anteam7/product_recommend/blob/21180e03e795e714be6728a9ebc563c6ca82f028/scripts/lib/coupang-commission.mjs",
};
const COUPANG_SHIPPING_FEE: FeeSource = {
  name: "쿠팡 수수료와 부가세 정리 글(배송비 수수료 3%, 월 서비스 이용료)",
  publisher: "nguoilontuoi 블로그",
  date: "게시일 미표기",
  url: "https://ko.nguoilontuoi.com/post/kupang-susulyo-bugase",
};

/**
 * The grade table read here is the one in force from 2022-01-31 (영세 1.8 %, 중소 0.05~0.15 %p lower than in 2021). Naver's
 * notice of the grade change of 2025-02-14 speaks of a 차등 인하 for 영세·중소 but gives no rates we could read, and no
 * other public page does, so these grades may be a little above what a seller pays today; the page says so under each.
 */
const GRADE_CAVEAT =
  "네이버는 2025년 2월 14일 등급을 다시 정하면서 영세·중소 요율의 차등 인하를 안내했지만, 그 뒤의 등급별 요율표는 공개 자료에서 찾지 못했습니다. 이 값은 2022년 1월 31일부터 적용된 요율이라 지금 요율보다 조금 높을 수 있으니, 스마트스토어센터 정산 내역 위의 '수수료 과금 기준'에서 내 요율을 확인해 주세요.";
/**
 * The default grade has a second limit: a new seller's grade is set from the sales of its first half-year (the same
 * notice), and what it is charged before that is not in any public page we read, so 영세 is not "where a new seller is".
 */
const SMALL_GRADE_CAVEAT = `${GRADE_CAVEAT} 또 새로 입점한 판매자의 등급은 입점한 반기(6개월)의 매출로 정해지므로, 등급이 정해지기 전에 어떤 요율이 붙는지는 공개 자료로 확인하지 못했습니다.`;

export const FEE_TABLE: FeeTable = {
  smartstore: {
    label: "네이버 스마트스토어",
    grades: [
      {
        id: "small",
        label: "영세",
        percent: "1.8",
        note: "주문관리 수수료 1.8%(연 매출 3억 원 이하 영세 등급)",
        caveat: SMALL_GRADE_CAVEAT,
        readOn: "2026-11-28",
        sources: [HANI_GRADE_CUT_2022, BIGDATA_GRADE_CUT_2022, KMYERA_GRADE_TABLE, DIAD_GRADE_NOTICE],
      },
      {
        id: "medium1",
        label: "중소1",
        percent: "2.35",
        note: "주문관리 수수료 2.35%(연 매출 3억~5억 원 중소1 등급)",
        caveat: GRADE_CAVEAT,
        readOn: "2026-11-26",
        sources: [PHONGNHA_GRADE_TABLE, KMYERA_GRADE_TABLE, HANI_GRADE_CUT_2022, DIAD_GRADE_NOTICE],
      },
      {
        id: "medium2",
        label: "중소2",
        percent: "2.5",
        note: "주문관리 수수료 2.5%(연 매출 5억~10억 원 중소2 등급)",
        caveat: GRADE_CAVEAT,
        readOn: "2026-11-26",
        sources: [PHONGNHA_GRADE_TABLE, KMYERA_GRADE_TABLE, HANI_GRADE_CUT_2022, DIAD_GRADE_NOTICE],
      },
      {
        id: "medium3",
        label: "중소3",
        percent: "2.75",
        note: "주문관리 수수료 2.75%(연 매출 10억~30억 원 중소3 등급)",
        caveat: GRADE_CAVEAT,
        readOn: "2026-11-26",
        sources: [PHONGNHA_GRADE_TABLE, KMYERA_GRADE_TABLE, HANI_GRADE_CUT_2022, DIAD_GRADE_NOTICE],
      },
      {
        id: "general",
        label: "일반",
        percent: "3.3",
        note: "주문관리 수수료 3.3%(연 매출 30억 원을 넘는 일반 등급, 요율이 가장 높은 등급)",
        readOn: "2026-11-26",
        sources: [SEDAILY_GENERAL_GRADE, ECONOMIST_GENERAL_GRADE, KMYERA_GRADE_TABLE],
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
      "고객 배송비에도 같은 요율을 매깁니다. 주문관리 수수료는 배송비를 포함한 결제 금액에 붙고, 판매수수료가 배송비에도 붙는지는 공개 자료로 확인하지 못해 높은 쪽으로 잡았습니다.",
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
        id: "fashion",
        label: "패션의류·잡화",
        percent: "10.5",
        note: "판매수수료 10.5%(패션의류·잡화)",
        readOn: "2026-11-26",
        sources: [OSC_COUPANG_2026, ETNEWS_COUPANG_2019, MEDIASR_COUPANG_2019],
      },
      {
        id: "food",
        label: "식품(대부분 10.6%)",
        shortLabel: "식품",
        percent: "10.6",
        note: "판매수수료 10.6%(식품 대부분, 건강식품·쌀·면류 같은 세부 카테고리는 요율이 다름)",
        caveat:
          "쿠팡 Wing의 카테고리별 수수료 표는 로그인한 판매자에게만 보여 읽지 못했습니다. 2026년 대행사 자료는 식품을 8~10%라고 했지만, 판매자가 공개한 2026년 7월 수수료 표는 식품 대부분을 10.6%(영양제 7.6%, 쌀·잡곡 5.8%, 면·라면 10.9%)로 적고 있어 10.6%로 잡았습니다. 내 상품의 요율은 쿠팡 Wing의 카테고리별 수수료에서 확인해 주세요.",
        readOn: "2026-11-28",
        sources: [COUPANG_TABLE_2026, OSC_COUPANG_2026],
      },
      {
        id: "beauty",
        label: "화장품(9~10.5% 중 높은 쪽)",
        shortLabel: "화장품",
        percent: "10.5",
        note: "판매수수료 10.5%(화장품, 자료에 따라 9~10.5% 또는 9.6%인 요율의 높은 쪽)",
        caveat:
          "쿠팡 Wing의 카테고리별 수수료 표는 로그인한 판매자에게만 보여 읽지 못했습니다. 2026년 대행사 자료는 화장품을 9~10.5%, 판매자가 공개한 2026년 7월 수수료 표는 뷰티를 9.6%라고 해서, 높은 쪽인 10.5%로 잡았습니다. 내 상품의 요율은 쿠팡 Wing의 카테고리별 수수료에서 확인해 주세요.",
        readOn: "2026-11-28",
        sources: [OSC_COUPANG_2026, COUPANG_TABLE_2026],
      },
      {
        id: "appliances",
        label: "가전·디지털",
        percent: "7.8",
        note: "판매수수료 7.8%(가전·디지털)",
        caveat:
          "2019년 기사는 가전 제품군에 5.8%가 적용된다고 했고 2026년 자료는 가전·디지털 7.8%라고 하므로, 높은 쪽인 7.8%로 잡았습니다. 세부 카테고리 요율은 쿠팡 Wing에서 확인해 주세요.",
        readOn: "2026-11-26",
        sources: [OSC_COUPANG_2026, ETNEWS_COUPANG_2019],
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
