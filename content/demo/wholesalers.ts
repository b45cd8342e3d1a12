import { type DemoWholesaler, LEGACY_EXPORT } from "./demo-types.ts";

// Each row says only what a page we could read states: the supplier's own page for its terms (`terms`, shown with that
// page as 조건 출처), and for a summary or a row a page named in the comment beside it. Anything else reads `확인 필요`,
// as every unknown term does on the site; no summary claims 위탁, image use or a price rule that its terms do not hold
// (content/demo/demo-content.test.ts checks that).
//
// A row added from the operator's legacy export (`source: { name: LEGACY_EXPORT }`, issue 40 item 6) has the export's
// name, address (scheme included: nobody could check whether the site serves https) and category, and says only
// that: the export holds no terms, so every term reads `확인 필요`. Entries were added only where the address is a
// front page whose host spells the name (티커벨 at tikerbell.co.kr, 오즈 액세서리 at ozjejakso.com); entries pointing at
// a blog, a job board, another brand, a page whose host does not match the name (지컬렉션 at missgeecollection.com) or
// one front page under two names (b2bworld.co.kr) were left out. The export has no 스포츠/레저 entry. In the four
// categories issue 40 found thin, the older rows the export also lists carry it as their source, with
// `siteNotFromSource` where it gives them another address.
export const demoWholesalers: DemoWholesaler[] = [
  {
    name: "도매꾹",
    category: "종합",
    siteUrl: "https://domeggook.com/",
    summary: "소량 사입부터 대량 구매까지 한곳에서 해결할 수 있는 국내 대표 온라인 도매 시장입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "도매매",
    category: "종합",
    siteUrl: "https://domeme.domeggook.com/",
    // Its address is under domeggook.com; 나라스포츠's own notice points 위탁 sellers here, but that is another
    // company's page, so no term is filled and the summary claims no 위탁.
    summary: "도매꾹과 같은 도메인(domeggook.com)에서 운영되는 온라인 도매 사이트입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "오너클랜",
    category: "종합",
    siteUrl: "https://www.ownerclan.com/",
    summary: "오픈마켓 계정을 API로 연결해 상품 등록과 주문을 처리하는 도구(AI 셀러봇)를 안내하는 종합 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // Its own FAQ (dev.ownerclan.com, read on 2026-11-28) lists "[AI셀러봇] 마켓 별 API 계정 생성 및 연동 방법" and
    // "스마트스토어 약관 동의 및 AI 셀러봇 수수료": an API link to the markets. It does not word 위탁, images or prices.
    terms: {
      integration: ["api"],
      termsSource: "https://dev.ownerclan.com/V2/service/advertisingManagement.php",
      termsCheckedAt: "2026-11-28",
    },
  },
  {
    name: "온채널",
    category: "종합",
    siteUrl: "https://www.onch3.co.kr/",
    summary: "가격 자율·가격 준수 채널로 나뉜 상품을 위탁판매용으로 공급합니다.",
    delivery: "위탁 배송(직배송)",
    purchase: "위탁 중심",
    international: "해외 마켓 판매용 채널 운영",
    contact: "홈페이지 고객센터",
    // 온채널's own guide to its product centre: products are for listing on open markets, sent by Excel
    // download or API, and 단독상품관 products must keep the 최종준수가. Its channel guide
    // (onchannelnotice.oopy.io/faee8583-7ac6-4818-87d0-6ad180d5be29, read on 2026-11-28) adds 가격자율 (the seller sets
    // the price), 가격준수, 폐쇄몰 and 공동구매 channels and the 해외 채널 for Amazon, eBay, Lazada and Taobao: the price
    // rule differs by product, 상품마다 다름.
    terms: {
      dropshipping: "yes",
      integration: ["api", "excel"],
      pricePolicy: "varies",
      termsSource: "https://onchannelnotice.oopy.io/b038a1f7-c77b-4451-8b82-3cc241c66bb7",
      termsCheckedAt: "2026-11-23",
    },
  },
  {
    name: "도매토피아",
    category: "종합",
    siteUrl: "https://www.dometopia.com/",
    summary: "생활잡화부터 계절 상품까지 폭넓게 갖춘 사업자 전용 종합 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "젠트레이드",
    category: "종합",
    siteUrl: "https://www.zentrade.co.kr/",
    summary: "문구·잡화·생필품을 사업자에게 도매가로 공급하는 B2B 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "도매의신",
    category: "종합",
    siteUrl: "https://www.domesin.com/",
    summary: "여러 분야의 상품을 다루는 종합 온라인 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "투비즈온",
    category: "종합",
    siteUrl: "https://www.tobizon.co.kr/",
    summary: "사업자를 상대로 상품을 공급하는 종합 B2B 도매 사이트입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "트렌드헌터B2B",
    category: "종합",
    siteUrl: "https://www.trendhunterb2b.com/",
    summary: "여러 분야의 상품을 다루는 종합 B2B 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "도매창고",
    category: "종합",
    siteUrl: "https://www.wholesaledepot.co.kr/",
    summary: "여러 공급사의 상품을 모아 온라인 마켓 판매용으로 공급하는 B2B 도매몰입니다.",
    delivery: "위탁 배송(공급사 직배송)",
    purchase: "위탁 중심",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // 도매창고's supplier FAQ: products are sold on online markets by its seller members, who may use the
    // detail images and specs, and suppliers must ship single units.
    terms: {
      dropshipping: "yes",
      imageUse: "yes",
      minOrder: 1,
      termsSource: "https://www.wholesaledepot.co.kr/shop/service/cooperation.php?code=01",
      termsCheckedAt: "2026-11-23",
    },
  },
  {
    name: "투썬플래닛",
    category: "생활",
    siteUrl: "https://2sunplanet.com/",
    summary: "생활용품 신상품을 꾸준히 올리는 도매처라 계절 상품 소싱 후보로 좋습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "프롬비아이",
    category: "생활",
    siteUrl: "https://www.fromvi.com/",
    summary: "생활 잡화를 중심으로 온라인 셀러에게 도매가로 상품을 공급합니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "위하여",
    category: "생활",
    siteUrl: "http://www.wehayou.com/",
    summary: "생활용품 신상품과 베스트 상품을 한눈에 비교해 고르기 좋은 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "장보자닷컴",
    category: "식품",
    siteUrl: "https://www.jangboja.com/",
    summary: "농수축산물과 가공식품 등 식자재를 온라인으로 대량 주문할 수 있는 몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "식봄",
    category: "식품",
    siteUrl: "https://www.foodspring.co.kr/",
    summary: "외식업 사업자를 위한 식자재 B2B 마켓으로 여러 유통사의 가격을 비교할 수 있습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "농산물 온라인도매시장(aT)",
    category: "식품",
    siteUrl: "https://kafb2b.or.kr/",
    summary:
      "농림축산식품부가 개설하고 aT(한국농수산식품유통공사)가 운영하는 농산물 도매 거래 플랫폼으로, 산지 조직·도매시장 법인 같은 판매자와 유통업체 구매자가 온라인으로 거래합니다.",
    delivery: "산지에서 구매자에게 직배송",
    purchase: "구매자 회원 가입 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // Not a company's shop but the public wholesale market itself. What the summary and the rows say comes from the
    // news of its launch and growth, not from its own pages (which we could not read): opened by 농식품부 and run by
    // aT since 2023-11-30, sellers such as 도매시장법인 and 산지 조직 (foodnews.co.kr idxno=107095, 2024); 판매자·구매자
    // 가입요건 relaxed, 중소형마트 and other buyers (biz.newdaily.co.kr, 2024-11-21); goods shipped from the producing
    // area straight to the buyer and its address kafb2b.or.kr (namdonews.com idxno=756394, 11번가's first purchase;
    // foodtoday.or.kr no=199827). No term is filled: none was read on its own pages.
  },
  {
    name: "윗딜",
    category: "식품",
    siteUrl: "https://witdeal-seller.members.markets/app/event/event.php",
    summary:
      "셀러에게 공동구매용 식품과 명절 선물세트를 공급하는 곳으로, 셀러 앱으로 발주를 받고 발주 요일과 택배 마감을 공지합니다. 건강기능식품은 판매 신고를 한 셀러만 팔 수 있다고 안내합니다.",
    delivery: "택배 배송(발주 요일과 택배 마감을 셀러 공지로 안내)",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // Its sellers' notice board, read on 2026-11-26: 공구상품 and 명절선물세트 categories (떡국떡 and other foods),
    // orders placed "셀러앱으로", 발주 요일 월/수/목 with a 09시 cut-off and 택배 마감 dates, and products marked
    // 건강기능식품 only for sellers who filed the 판매 신고. It does not say who ships to the end customer or whether
    // single units can be ordered, so no term is filled. The address is that page: the seller site has no other
    // public page we could read.
  },
  {
    name: "오토카필",
    category: "자동차",
    siteUrl: "http://www.autocarfeel.co.kr/",
    summary: "차량용 액세서리와 편의용품을 사업자 회원에게 도매가로 공급합니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // The export lists it under 자동차 at this very address; the summary is the demo's earlier wording, not from it.
    source: { name: LEGACY_EXPORT },
  },
  {
    name: "카쎈비투비",
    category: "자동차",
    siteUrl: "https://carssenb2b.com/",
    summary: "자동차용품 전문 B2B 몰로 차량 관련 상품을 한곳에서 소싱하기 좋습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // The export lists 카쎈비투비 under 자동차, but at a blog post that lists a hundred wholesale sites
    // (ideashower.tistory.com): its name and category rest on the export, its address and summary do not.
    source: { name: LEGACY_EXPORT, siteNotFromSource: true },
  },
  {
    name: "모토즈",
    category: "자동차",
    siteUrl: "https://cnsmall.co.kr/",
    summary:
      "이륜차(오토바이) 부품·용품 쇼핑몰로, 이륜차 수리·정비·판매 관련 사업자는 사업자 회원 승인을 받아 사업자 공급가로 주문할 수 있습니다.",
    delivery: "확인 필요",
    purchase: "사업자 회원 승인 후 사업자 공급가로 구매",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // Its own member guide (cnsmall.co.kr/board/index.html, read on 2026-11-28): 일반 회원 and 사업자 회원; 사업자 회원
    // are businesses in 이륜차 수리/정비/판매 with a 사업자 등록, approved by the shop after a mailed 사업자등록증, and
    // order at the 사업자 공급가. It words no 위탁, image or minimum-order rule, so no term is filled.
  },
  {
    name: "티커벨",
    category: "자동차",
    siteUrl: "https://tikerbell.co.kr/",
    summary: "운영자의 이전 도매처 목록에 자동차 도매처로 올라 있는 곳입니다. 거래 조건은 아직 확인하지 않았습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    source: { name: LEGACY_EXPORT },
  },
  {
    name: "유비오토",
    category: "자동차",
    siteUrl: "https://ubauto.com/",
    summary: "운영자의 이전 도매처 목록에 자동차 도매처로 올라 있는 곳입니다. 거래 조건은 아직 확인하지 않았습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    source: { name: LEGACY_EXPORT },
  },
  {
    name: "셀파이",
    category: "디지털/가전",
    siteUrl: "https://sellpie.co.kr/",
    summary: "디지털·가전 분야 상품을 다루는 온라인 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // The export lists it under 디지털/가전 at a page of this site (its privacy page, sellpie.co.kr/member/privacy.html);
    // the row keeps the front page.
    source: { name: LEGACY_EXPORT },
  },
  {
    name: "도매상인",
    category: "디지털/가전",
    siteUrl: "http://www.domesangin.com/",
    summary: "디지털·가전 소품을 중심으로 신상품과 베스트 상품을 꾸준히 공급합니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // The export lists 도매상인 under 디지털/가전, but at a blog post that lists a hundred wholesale sites
    // (ideashower.tistory.com): its name and category rest on the export, its address and summary do not.
    source: { name: LEGACY_EXPORT, siteNotFromSource: true },
  },
  {
    name: "리얼몰",
    category: "디지털/가전",
    siteUrl: "https://realmall.co.kr/",
    summary: "운영자의 이전 도매처 목록에 디지털·가전 도매처로 올라 있는 곳입니다. 거래 조건은 아직 확인하지 않았습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    source: { name: LEGACY_EXPORT },
  },
  {
    name: "가구도매",
    category: "가구/인테리어",
    siteUrl: "https://gagudome.kr/",
    summary: "가구와 인테리어 소품을 사업자 회원에게 도매가로 공급하는 전문몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "데이스하우스",
    category: "가구/인테리어",
    siteUrl: "http://dayshouse.co.kr/",
    summary: "인테리어 소품 위주라 집 꾸미기 상품을 찾을 때 둘러보기 좋은 도매처입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "소꿉노리",
    category: "가구/인테리어",
    siteUrl: "https://www.soggupnoli.com/",
    summary: "생활·인테리어 소품을 다양하게 갖춘 도매몰로 베스트 상품을 참고하기 좋습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "신상마켓",
    category: "의류",
    siteUrl: "https://sinsangmarket.kr/",
    // A platform joining 동대문 의류 wholesalers and retailers since 2013 (fashionbiz.co.kr/article/179051, 2020-07-10;
    // 머니투데이 via news.zum.com/articles/61320807). How goods reach a seller is not on a page of its own we read.
    // Its address is not from them.
    summary: "동대문 의류 도매상과 전국 소매상을 앱으로 잇는 도소매 중개 플랫폼입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    source: {
      name: "패션비즈, ‘사입삼촌’ 플랫폼 3 동대문을 세계로!",
      url: "https://fashionbiz.co.kr/article/179051",
      date: "2020-07-10",
      siteNotFromSource: true,
    },
  },
  {
    name: "심플로",
    category: "의류",
    siteUrl: "https://www.simplo.co.kr/",
    summary: "의류 신상품을 꾸준히 올리는 패션 도매몰이라 시즌 상품 소싱에 좋습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // The export lists 심플로 under 의류 but at another site, ssstore.co.kr: its name and category rest on the export;
    // which of the two addresses is its own was not checked, and the summary is not from the export.
    source: { name: LEGACY_EXPORT, siteNotFromSource: true },
  },
  {
    name: "시크릿라벨",
    category: "의류",
    siteUrl: "http://www.secretlabel.co.kr/",
    summary: "운영자의 이전 도매처 목록에 의류 도매처로 올라 있는 곳입니다. 거래 조건은 아직 확인하지 않았습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    source: { name: LEGACY_EXPORT },
  },
  {
    name: "디디엠슈",
    category: "신발/잡화",
    siteUrl: "https://ddmshu.com/",
    summary: "동대문 신발을 도매로 공급하는 곳이라 신발 카테고리 소싱에 적합합니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // The export lists 디디엠슈 under 신발/잡화 (twice), but at a product list of another site, gbmb2b.com: its name and
    // category rest on the export, its address and summary do not.
    source: { name: LEGACY_EXPORT, siteNotFromSource: true },
  },
  {
    name: "백이슈",
    category: "신발/잡화",
    siteUrl: "https://bagissue.kr/",
    summary: "가방을 시즌과 가격대별로 나눠 공급하는 가방 전문 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // The export lists 백이슈 under 신발/잡화, but at a blog post (socksn.tistory.com/157): its name and category rest
    // on the export, its address and summary do not.
    source: { name: LEGACY_EXPORT, siteNotFromSource: true },
  },
  {
    name: "어이사마켓",
    category: "신발/잡화",
    siteUrl: "https://uh2samarket.com/",
    summary: "패션잡화 매장을 운영하는 회원에게 중국 광저우 도매시장의 상품을 사입해 주는 도매 사이트입니다.",
    delivery: "확인 필요",
    purchase: "광저우 도매시장 상품 사입(주문 뒤 취소·변경은 어려움)",
    international: "확인 필요",
    contact: "카카오톡 플러스친구 @어이사마켓",
    // Its own service policy (uh2samarket.com/policy, read on 2026-11-28): 사입 of 광저우 도매시장 items for members who
    // run 패션잡화 shops; an order is hard to cancel or change once placed, and a return is possible after delivery.
    terms: {
      returns: "yes",
      termsSource: "https://uh2samarket.com/policy",
      termsCheckedAt: "2026-11-28",
    },
  },
  {
    name: "헤어핀포유",
    category: "신발/잡화",
    siteUrl: "https://www.hairpin4u.com/",
    summary: "운영자의 이전 도매처 목록에 신발·잡화 도매처로 올라 있는 곳입니다. 거래 조건은 아직 확인하지 않았습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    source: { name: LEGACY_EXPORT },
  },
  {
    name: "오즈 액세서리",
    category: "신발/잡화",
    siteUrl: "https://ozjejakso.com/",
    summary: "운영자의 이전 도매처 목록에 신발·잡화 도매처로 올라 있는 곳입니다. 거래 조건은 아직 확인하지 않았습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    source: { name: LEGACY_EXPORT },
  },
  {
    name: "아이토픽",
    category: "유아/완구",
    siteUrl: "https://www.itopic.co.kr/",
    summary: "완구와 문구 등 어린이 상품을 사업자 회원에게 공급하는 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "라라팬시",
    category: "유아/완구",
    siteUrl: "https://www.lalab2b.com/",
    summary: "팬시·문구와 아동 소품을 폭넓게 갖춘 B2B 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "아카토이",
    category: "유아/완구",
    siteUrl: "https://accatoy.com/",
    summary: "캐릭터 완구를 사업자에게 도매로 공급하는 완구 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "더펫마트",
    category: "반려동물",
    siteUrl: "https://thepetmart.co.kr/",
    // Its 위탁배송 was once read off another directory's probe of its home page, not off the page itself; we could not
    // read the page, so no term is filled and the rows say nothing about it.
    summary: "반려동물 용품을 다루는 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "펫비투비",
    category: "반려동물",
    siteUrl: "https://petbtob.co.kr/",
    summary: "반려동물 용품 전문 B2B 몰로 강아지·고양이 상품을 폭넓게 다룹니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "바니펫",
    category: "반려동물",
    siteUrl: "http://www.bonniepet.co.kr/",
    summary: "강아지 사료부터 소동물 용품까지 카테고리가 세분된 반려동물 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "건강산",
    category: "헬스케어/뷰티",
    siteUrl: "https://www.ggsan.com/",
    summary: "건강기능식품 위주의 도매몰로 오픈마켓에 올릴 건강식품을 소싱하기 좋습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "유픽B2B",
    category: "헬스케어/뷰티",
    siteUrl: "https://upickb2b.com/",
    summary: "건강식품을 다루는 B2B 도매몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "건온연B2B",
    category: "헬스케어/뷰티",
    siteUrl: "https://gonyb2b.com/",
    summary: "건강기능식품과 건강식품을 사업자 회원에게 도매가로 공급하는 B2B 몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
  {
    name: "조은뷰티",
    category: "헬스케어/뷰티",
    siteUrl: "https://goodbeauty.kr/",
    summary: "운영자의 이전 도매처 목록에 건강·뷰티 도매처로 올라 있는 곳입니다. 거래 조건은 아직 확인하지 않았습니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    source: { name: LEGACY_EXPORT },
  },
  {
    name: "나라스포츠",
    category: "스포츠/레저",
    siteUrl: "https://narasports.com/",
    summary: "사업자 인증 후 스포츠용품을 최소 수량 제한 없이 도매가로 구매할 수 있습니다.",
    delivery: "확인 필요",
    purchase: "사입 전용(위탁 회원 미모집)",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
    // 나라스포츠's own notice for wholesale members: no 위탁 배송 members (it points to 도매매 and 오너클랜 for
    // that), and orders of any size (no minimum quantity).
    terms: {
      dropshipping: "no",
      minOrder: 1,
      termsSource: "https://narasports.com/board/product/read.html?no=40&board_no=2",
      termsCheckedAt: "2026-11-23",
    },
  },
  {
    name: "주주스포츠",
    category: "스포츠/레저",
    siteUrl: "https://www.jujub2b.co.kr/",
    summary: "스포츠 의류를 중심으로 스포츠용품을 공급하는 B2B 몰입니다.",
    delivery: "확인 필요",
    purchase: "확인 필요",
    international: "확인 필요",
    contact: "홈페이지 고객센터",
  },
];
