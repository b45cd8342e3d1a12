/**
 * The /seller-info tables: tools Korean online sellers use, and public programmes that support them.
 * Only real services, linked to their own official home pages. Prices and programme details change,
 * so the texts describe what each is for, not fees or deadlines.
 */

export type ToolCategory = "키워드" | "트렌드" | "시장·경쟁 분석" | "판매 관리·마진" | "판매 채널" | "광고" | "상세페이지" | "유입 분석";
export type Pricing = "무료" | "무료/유료" | "유료";

export type SellerTool = {
  category: ToolCategory;
  name: string;
  summary: string;
  /** Who gets the most out of it. */
  bestFor: string;
  pricing: Pricing;
  url: string;
};

export const sellerTools: SellerTool[] = [
  {
    category: "키워드",
    name: "네이버 검색광고 키워드 도구",
    summary:
      "키워드별 월간 검색량(PC·모바일)과 연관 키워드를 네이버 공식 데이터로 확인합니다. 검색광고 계정으로 로그인한 뒤 도구 메뉴에서 씁니다.",
    bestFor: "상품명 키워드를 처음 고르는 셀러",
    pricing: "무료",
    url: "https://searchad.naver.com/",
  },
  {
    category: "키워드",
    name: "블랙키위",
    summary: "검색량, 검색 추이, 콘텐츠 발행량을 한 화면에서 보여 줘 키워드의 경쟁 정도를 가늠하기 좋습니다.",
    bestFor: "블로그 유입과 스토어 키워드를 함께 보는 셀러",
    pricing: "무료/유료",
    url: "https://blackkiwi.net/",
  },
  {
    category: "키워드",
    name: "판다랭크",
    summary: "네이버 쇼핑 키워드의 검색량 대비 상품 수로 경쟁률을 보여 주고, 카테고리별 키워드를 찾아 줍니다.",
    bestFor: "스마트스토어 초보 셀러",
    pricing: "무료/유료",
    url: "https://pandarank.net/",
  },
  {
    category: "시장·경쟁 분석",
    name: "아이템스카우트",
    summary: "카테고리별 인기 키워드와 상위 상품의 판매 흐름을 분석해 팔 만한 상품을 찾는 데 도움을 줍니다.",
    bestFor: "새 상품을 발굴하는 위탁·사입 셀러",
    pricing: "무료/유료",
    url: "https://itemscout.io/",
  },
  {
    category: "시장·경쟁 분석",
    name: "셀러라이프",
    summary: "키워드와 상품의 시장 규모, 경쟁 상품 현황을 분석하는 셀러용 데이터 서비스입니다.",
    bestFor: "소싱 전에 시장성을 따져 보는 셀러",
    pricing: "무료/유료",
    url: "https://sellerlife.co.kr/",
  },
  {
    category: "트렌드",
    name: "네이버 데이터랩",
    summary: "검색어 트렌드와 쇼핑인사이트로 분야별 클릭 추이, 성별·연령별 관심도를 비교합니다.",
    bestFor: "시즌 상품을 준비하는 모든 셀러",
    pricing: "무료",
    url: "https://datalab.naver.com/",
  },
  {
    category: "트렌드",
    name: "구글 트렌드",
    summary: "구글과 유튜브 검색 관심도의 변화를 기간·지역별로 보여 줘 해외 유행을 미리 살피기 좋습니다.",
    bestFor: "해외 트렌드 상품을 들여오는 셀러",
    pricing: "무료",
    url: "https://trends.google.co.kr/",
  },
  {
    category: "트렌드",
    name: "썸트렌드",
    summary: "블로그·SNS·커뮤니티의 언급량과 감성 분석으로 소비자 반응과 떠오르는 키워드를 확인합니다.",
    bestFor: "SNS 반응이 중요한 상품을 파는 셀러",
    pricing: "무료/유료",
    url: "https://some.co.kr/",
  },
  {
    category: "판매 관리·마진",
    name: "네이버 스마트스토어센터",
    summary: "주문·정산 관리와 함께 판매 통계, 유입 경로, 판매 수수료와 정산 금액을 확인할 수 있습니다.",
    bestFor: "스마트스토어 운영 셀러",
    pricing: "무료",
    url: "https://sell.smartstore.naver.com/",
  },
  {
    category: "판매 관리·마진",
    name: "쿠팡 Wing",
    summary: "쿠팡 판매자센터입니다. 상품 등록, 주문 관리와 함께 카테고리별 판매 수수료와 정산 내역을 확인합니다.",
    bestFor: "쿠팡 마켓플레이스 셀러",
    pricing: "무료",
    url: "https://wing.coupang.com/",
  },
  {
    category: "판매 관리·마진",
    name: "구글 스프레드시트",
    summary: "도매가, 마켓 수수료, 배송비, 광고비를 넣은 마진 계산표를 만들어 상품별 이익을 관리하기 좋습니다.",
    bestFor: "여러 마켓에 파는 셀러",
    pricing: "무료",
    url: "https://www.google.com/sheets/about/",
  },
  {
    category: "판매 채널",
    name: "네이버 쇼핑파트너센터",
    summary: "광고 상품이 아니라 입점 창구입니다. 자사몰이나 오픈마켓 상품을 네이버 쇼핑 검색과 가격비교에 노출하도록 입점·관리합니다.",
    bestFor: "자사몰·오픈마켓 상품을 네이버 쇼핑에 노출하려는 셀러",
    pricing: "무료/유료",
    url: "https://adcenter.shopping.naver.com/",
  },
  {
    category: "광고",
    name: "카카오모먼트",
    summary: "카카오톡과 다음 등 카카오 서비스에 관심사·연령별로 타깃을 정해 광고를 집행합니다.",
    bestFor: "타깃이 뚜렷한 상품을 알리려는 셀러",
    pricing: "유료",
    url: "https://moment.kakao.com/",
  },
  {
    category: "광고",
    name: "메타 광고 관리자",
    summary: "인스타그램과 페이스북 광고를 만들고 성과를 분석합니다. 이미지·영상 소재가 강한 상품에 맞습니다.",
    bestFor: "인스타그램으로 고객을 모으는 셀러",
    pricing: "유료",
    url: "https://www.facebook.com/business/tools/ads-manager",
  },
  {
    category: "상세페이지",
    name: "미리캔버스",
    summary: "상세페이지, 썸네일, 배너를 템플릿으로 빠르게 만드는 한국어 디자인 도구입니다.",
    bestFor: "디자이너 없이 상세페이지를 만드는 셀러",
    pricing: "무료/유료",
    url: "https://www.miricanvas.com/",
  },
  {
    category: "유입 분석",
    name: "네이버 애널리틱스",
    // Not "유입 검색어": Naver stopped passing search keywords in ad referrers from 2024-11-07 (content review S4).
    summary: "자사몰이나 블로그에 방문자가 어떤 경로로 들어오는지 무료로 분석합니다.",
    bestFor: "자사몰·블로그로 외부 유입을 만드는 셀러",
    pricing: "무료",
    url: "https://analytics.naver.com/",
  },
];

export type PolicyProgramme = {
  /** Who runs it: the agency or company, not the portal's name. */
  agency: string;
  title: string;
  summary: string;
  linkLabel: string;
  url: string;
  /** The pages a figure or condition in the summary comes from, shown under the card. */
  sources?: { name: string; publisher: string; date: string; url: string }[];
};

export const policyProgrammes: PolicyProgramme[] = [
  {
    agency: "중소벤처기업부·소상공인시장진흥공단",
    title: "소상공인24",
    summary:
      "정부와 지자체의 소상공인 지원사업(정책자금, 교육, 컨설팅, 판로 지원 등)을 한곳에서 찾아 온라인으로 신청하는 통합 플랫폼입니다. 관심 분야를 등록하면 맞는 공고를 알려 주고, 신청 진행 상황과 지원 이력도 여기서 확인합니다.",
    linkLabel: "소상공인24 바로가기",
    url: "https://www.sbiz24.kr/",
  },
  {
    agency: "소상공인시장진흥공단",
    title: "소상공인 온라인 판로 지원",
    summary:
      "소상공인의 온라인 시장 진출을 돕는 판로 지원사업(온라인 쇼핑몰 입점, 라이브커머스, 판매 역량 교육 등)을 운영합니다. 지원 내용과 모집 시기는 해마다 달라지며, 공고는 공단 홈페이지에서 보고 신청은 대부분 소상공인24에서 합니다.",
    linkLabel: "소상공인시장진흥공단 바로가기",
    url: "https://www.semas.or.kr/",
  },
  {
    agency: "한국중소벤처기업유통원",
    title: "중소기업 제품 판로 지원",
    summary:
      "옛 중소기업유통센터로, 중소기업 제품의 온라인 기획전, TV 홈쇼핑, 공영 판매장 입점 등 온·오프라인 판로를 지원합니다. 제조·브랜드 상품을 가진 셀러라면 눈여겨볼 만합니다.",
    linkLabel: "한국중소벤처기업유통원 바로가기",
    url: "https://www.kodma.or.kr/",
  },
  {
    agency: "중소벤처기업부",
    title: "기업마당: 정부 지원사업 통합 검색",
    summary:
      "중소벤처기업부가 운영하는 포털로, 여러 부처와 지자체의 지원사업 공고를 한곳에서 찾아볼 수 있습니다. 분야·지역별로 검색해 마케팅, 수출, 자금 지원 공고를 놓치지 마세요.",
    linkLabel: "기업마당 바로가기",
    url: "https://www.bizinfo.go.kr/",
  },
  {
    agency: "네이버",
    title: "스마트스토어 성장 마일리지와 빠른정산",
    summary:
      "네이버는 2025년 7월부터 스타트 제로 수수료와 성장 지원 포인트 대신, 판매 등급이 새싹으로 오르면 30만 원, 파워로 오르면 100만 원의 성장 마일리지를 줍니다(2025년 2월 발표 기준). 마일리지는 검색광고 비즈머니로 바꾸거나 마케팅에 쓸 수 있습니다. 빠른정산은 판매자 규모가 아니라 거래 실적으로 정해져, 월 거래 20건 이상이 3개월 이어지고 반품률이 20% 미만이면 집화 다음 날 대금을 받을 수 있습니다(2024년 7월 기사 기준). 지금 조건은 스마트스토어센터 공지에서 확인하세요.",
    linkLabel: "스마트스토어센터 바로가기",
    url: "https://sell.smartstore.naver.com/",
    sources: [
      {
        name: "성장 마일리지 도입 기사(2025년 7월부터, 새싹 30만 원, 파워 100만 원)",
        publisher: "economidaily.com",
        date: "2025-02-17",
        url: "https://m.economidaily.com/view/20250217110610658",
      },
      {
        name: "빠른정산 이용 조건 기사(월 거래 20건 이상 3개월, 반품률 20% 미만, 이용자 93%가 영세·중소)",
        publisher: "ntoday.co.kr",
        date: "2024-07-31",
        url: "https://www.ntoday.co.kr/news/articleView.html?idxno=108044",
      },
    ],
  },
];
