/**
 * Short regulatory notes for categories where selling online needs a report, a registration or a mark.
 * Shown on /list when that category chip is chosen and on the detail page of each supplier in the category.
 *
 * Each note is written in our own words from the pages named in `sources` (read on `source.read`), and links
 * to the official page where a seller acts (`official`). A note says what to check, never that a seller is or
 * is not exempt: the exceptions depend on the product, and the official page decides.
 */
import { isCategory } from "#app/db/categories.ts";

export type RegulatoryNote = {
  id: string;
  title: string;
  text: string;
  official: { label: string; url: string };
  /** The pages the text was checked against, shown as one source line under the note. */
  sources: { name: string; publisher: string; date: string; url: string }[];
  /** The day the sources were read (ISO date). */
  read: string;
};

export const REGULATORY_NOTES: RegulatoryNote[] = [
  {
    id: "mail-order",
    title: "통신판매업 신고",
    text: "어떤 상품이든 인터넷으로 파는 일을 업으로 하려면 상호, 주소, 연락처, 도메인 등을 시·군·구청(또는 공정거래위원회)에 통신판매업으로 신고해야 합니다. 선불로 대금을 받는 판매라면 구매안전서비스 이용확인증이 필요하고, 스마트스토어 같은 오픈마켓에서 발급받을 수 있습니다. 공정거래위원회 고시에 따라 직전 연도의 통신판매 거래 횟수가 50회 미만이거나 간이과세자이면 신고하지 않아도 됩니다. 다만 쿠팡은 판매자 입점 서류로 통신판매업 신고증을 요청할 수 있다고 안내하므로, 법으로는 신고가 면제되더라도 쿠팡에서 팔려면 신고증을 준비해야 할 수 있습니다.",
    official: { label: "정부24(통신판매업 신고 민원)", url: "https://www.gov.kr/" },
    sources: [
      {
        name: "전자상거래 등에서의 소비자보호에 관한 법률 제12조(통신판매업자의 신고 등)",
        publisher: "법제처 국가법령정보센터",
        date: "2024-08-07 시행본",
        url: "https://law.go.kr/LSW//lsLinkCommonInfo.do?chrClsCd=010202&lsJoLnkSeq=1010186921",
      },
      {
        name: "통신판매업 신고 면제 기준 고시 개정 기사(직전 연도 거래 50회 미만 또는 간이과세자)",
        publisher: "전자신문",
        date: "2020-05-21",
        url: "https://www.etnews.com/20200521000063",
      },
      {
        name: "통신판매업 신고 민원 안내(근거 법령, 구비서류)",
        publisher: "양양군",
        date: "게시일 미표기",
        url: "https://gunsoo.yangyang.go.kr/gw/portal/yyc_complain_total_form?articleSeq=91653&mode=readForm&curPage=2&boardCode=BDAABB31",
      },
      {
        name: "쿠팡윙 판매자 가입 안내 정리(판매 형태에 따라 사업자등록증·통신판매업 신고증·통장 사본을 요청할 수 있음) — 개인 블로그",
        publisher: "쿠팡윙 안내 정리 블로그",
        date: "2023-10-20",
        url: "http://3.35.143.113/2023/10/20/%ec%bf%a0%ed%8c%a1%ec%9c%99-%ed%8c%90%eb%a7%a4%ec%9e%90-%eb%a1%9c%ea%b7%b8%ec%9d%b8-%ed%8c%90%eb%a7%a4%ec%88%98%ec%88%98%eb%a3%8c-%ea%b3%a0%ea%b0%9d%ec%84%bc%ed%84%b0%ec%a0%84%ed%99%94%eb%b2%88",
      },
    ],
    read: "2026-11-28",
  },
  {
    id: "food-business",
    title: "식품 영업신고가 필요한 경우",
    text: "식품을 직접 만들어 팔거나, 시중 제품을 사서 덜어 나누고 다시 포장해 팔려면 식품제조·가공업, 즉석판매제조·가공업 또는 식품소분·판매업 같은 영업 등록(신고)을 먼저 해야 합니다. 정육·양념육처럼 축산물을 온라인으로 팔 때는 식육판매업 같은 축산물판매업 영업신고가 따로 필요합니다. 필요한 신고는 품목과 판매 방식에 따라 다르니 관할 시·군·구청 위생 부서에 확인하세요.",
    official: { label: "식품안전나라", url: "https://www.foodsafetykorea.go.kr/" },
    sources: [
      {
        name: "축산물 위생관리법 제22조(영업의 허가: 도축업·집유업·축산물가공업·식용란선별포장업, 판매업은 신고 대상)",
        publisher: "법제처 국가법령정보센터",
        date: "현행 법령",
        url: "https://www.law.go.kr/법령/축산물위생관리법/제22조",
      },
      {
        name: "식품 제조·재포장 판매 시 '영업등록' 필수(식품의약품안전처 안내 보도)",
        publisher: "식품의약품안전처 보도 인용 기사",
        date: "게재 연도 미표기, 2월 8일 보도",
        url: "http://wlv.kr/View.aspx?No=2271435",
      },
      {
        name: "축산물판매업(식육판매업)을 허가가 아닌 영업신고로 설명한 글",
        publisher: "yoonbiz.com",
        date: "게시일 미표기",
        url: "https://yoonbiz.com/?p=22828",
      },
    ],
    read: "2026-11-26",
  },
  {
    id: "health-functional-food",
    title: "건강기능식품 판매업 영업신고",
    text: "건강기능식품을 인터넷 등 전자상거래나 통신판매로 파는 사람은 건강기능식품 일반판매업 영업신고 대상입니다. 신고는 영업장 관할 시·군·구청에서 하며, 영업신고서와 함께 위생교육 수료증이 필요합니다. 첫 판매 전에 신고를 마쳐야 합니다.",
    official: { label: "식품안전나라", url: "https://www.foodsafetykorea.go.kr/" },
    sources: [
      {
        name: "건강기능식품일반(유통전문)판매업: 신고대상",
        publisher: "여주시 보건소",
        date: "게시일 미표기",
        url: "https://www.yeoju.go.kr/health/contents.do?key=769",
      },
      {
        name: "건강기능식품 일반판매업: 영업신고 구비서류",
        publisher: "전주시 덕진구",
        date: "게시일 미표기",
        url: "https://deokjingu.jeonju.go.kr/index.9is?contentUid=9be517a74f72e96b014f874c321f1d77",
      },
    ],
    read: "2026-11-23",
  },
  {
    id: "kc-mark",
    title: "KC 인증 확인과 인증정보 게시",
    text: "전기용품과 안전관리대상 생활용품·어린이제품은 제조·수입업자가 모델별로 KC 안전인증이나 안전확인 등을 받아야 하고, 인증 표시가 없는 제품은 팔 수 없습니다. 인터넷으로 팔 때는 상품 페이지에 인증번호 등 안전인증 관련 정보를 게시해야 하니, 도매처에서 인증번호를 받아 제품안전정보센터에서 조회해 보세요.",
    official: { label: "제품안전정보센터(safetykorea)", url: "https://www.safetykorea.kr/" },
    sources: [
      {
        name: "우리집 안전 지킴이: 안전인증·안전확인(전기용품 및 생활용품 안전관리법 제2조·제5조)",
        publisher: "헬로(생활법령 해설)",
        date: "2024-08-15",
        url: "https://www.hellaw.co.kr/document/우리집-안전-지킴이-안전인증-안전확인",
      },
      {
        name: "전기생활용품안전법 전부개정 주요내용(인터넷 판매 시 인증정보 게시)",
        publisher: "법령 개정 요약 블로그",
        date: "2018-01-04",
        url: "https://anaham.tistory.com/14837?category=548933",
      },
    ],
    read: "2026-11-23",
  },
  {
    id: "household-chemicals",
    title: "생활화학제품 신고번호(초록누리)",
    text: "세정제, 세탁세제, 섬유유연제, 표백제, 살균제, 방향제·탈취제처럼 환경부가 지정한 안전확인대상 생활화학제품은 안전기준 적합 확인을 받아 신고(일부는 승인)하고 그 번호를 제품에 표시해야 유통할 수 있습니다. 상품을 광고할 때도 신고번호나 승인번호를 함께 적어야 하고, '무독성'·'환경친화적' 같은 문구는 쓸 수 없습니다. 도매처 제품의 신고 여부는 초록누리에서 조회하세요.",
    official: { label: "초록누리(생활환경안전정보시스템)", url: "https://ecolife.me.go.kr/" },
    sources: [
      {
        name: "안전확인대상생활화학제품 안내(신고대상·승인대상 품목)",
        publisher: "환경부 초록누리",
        date: "게시일 미표기",
        url: "https://ecolife.me.go.kr/ecolife/board/2?pMENU_NO=585",
      },
      {
        name: "[주의] 안전확인대상 생활화학제품 판매 시 준수사항 안내",
        publisher: "G마켓·옥션 판매자 공지(환경부 협조 요청)",
        date: "2023-09-20",
        url: "https://fanfanseller.kr/front/customer/viewMallNotice.do?atclNo=622",
      },
    ],
    read: "2026-11-23",
  },
  {
    id: "radio-equipment",
    title: "무선기기 전파인증(KC 적합성평가)",
    text: "블루투스 이어폰이나 무선 충전기처럼 전파를 쓰는 방송통신기자재는 전파법에 따라 적합성평가(적합인증 또는 적합등록)를 받아야 제조·수입·판매할 수 있습니다. 전기용품 KC 안전인증과는 별개의 인증이니, 무선 기능이 있는 상품은 도매처에 적합성평가 번호를 먼저 받아 두세요.",
    official: { label: "국립전파연구원", url: "https://www.rra.go.kr/" },
    sources: [
      {
        name: "전파법 제58조의2(방송통신기자재등의 적합성평가)",
        publisher: "법제처 국가법령정보센터",
        date: "현행 법령",
        url: "https://www.law.go.kr/법령/전파법/제58조의2",
      },
    ],
    read: "2026-11-26",
  },
  {
    id: "cosmetics",
    title: "화장품 책임판매업 등록",
    text: "직접 또는 위탁으로 제조했거나 수입한 화장품을 유통·판매하려면 식품의약품안전처에 화장품책임판매업을 등록하고 품질·안전을 맡을 책임판매관리자를 두어야 합니다. 자기 상표로 화장품을 만들거나 해외 화장품을 들여와 팔 계획이라면 등록 대상인지 먼저 확인하세요. 등록 신청은 의약품안전나라에서 온라인으로 할 수 있습니다.",
    official: { label: "의약품안전나라 민원", url: "https://nedrug.mfds.go.kr/" },
    sources: [
      {
        name: "화장품 업 등록(등록 대상)",
        publisher: "식품의약품안전처",
        date: "게시일 미표기",
        url: "https://mfds.go.kr/mfds/html/sub05/MFDS-DE01-05-08-L0001.jsp",
      },
      {
        name: "화장품 책임판매업 등록, 왜 필요할까?",
        publisher: "팩토스퀘어",
        date: "2025-06-22",
        url: "http://factosquare.com/2025/06/22/%ed%99%94%ec%9e%a5%ed%92%88-%ec%b1%85%ec%9e%84%ed%8c%90%eb%a7%a4%ec%97%85-%eb%93%b1%eb%a1%9d-%ec%99%9c-%ed%95%84%ec%9a%94%ed%95%a0%ea%b9%8c",
      },
    ],
    read: "2026-11-23",
  },
  {
    id: "medical-devices",
    title: "의료기기 판매업 신고",
    text: "의료기기를 팔려면 원칙적으로 영업소마다 의료기기 판매업 신고를 해야 합니다. 의료기관 밖에서 쓰는 자가진단용 의료기기 가운데 법령과 식품의약품안전처 고시가 정한 일부 품목은 신고 없이 팔 수 있지만, 면제 품목은 규정이 바뀌면 달라지니 팔려는 품목이 지금 면제 대상인지 식품의약품안전처에 먼저 확인하세요.",
    official: { label: "식품의약품안전처", url: "https://www.mfds.go.kr/" },
    sources: [
      {
        name: "의료기기법 제17조(판매업 등의 신고)",
        publisher: "법제처 국가법령정보센터",
        date: "현행 법령",
        url: "https://www.law.go.kr/법령/의료기기법/제17조",
      },
      {
        name: "의료기기법 시행규칙 제24조의2(판매업 신고 등의 면제)",
        publisher: "법제처 국가법령정보센터",
        date: "현행 법령",
        url: "https://www.law.go.kr/법령/의료기기법%20시행규칙/제24조의2",
      },
      {
        name: "임신테스트기 모든 편의점서 살 수 있다…신고 의무 없어(면제 품목은 「의료기기 허가·신고·심사 등에 관한 규정」 고시로 정함)",
        publisher: "한국경제TV",
        date: "2016-12-13",
        url: "https://m.wowtv.co.kr/NewsCenter/News/Read?articleId=A201612130032",
      },
    ],
    read: "2026-11-28",
  },
];

/** Shown for every category: selling anything online is 통신판매 (전자상거래법 제12조). */
const NOTES_FOR_EVERY_CATEGORY = ["mail-order"];

/** What each /list category chip shows besides the notes for every category, in order. */
export const CATEGORY_NOTE_IDS: Record<string, string[]> = {
  식품: ["food-business", "health-functional-food"],
  생활: ["household-chemicals", "kc-mark"],
  // 차량용 방향제·세정제 are 안전확인대상 생활화학제품.
  자동차: ["household-chemicals"],
  "디지털/가전": ["kc-mark", "radio-equipment"],
  "유아/완구": ["kc-mark"],
  "헬스케어/뷰티": ["health-functional-food", "cosmetics", "medical-devices"],
};

/** The notes of a category chip: the 통신판매업 note for every real category, then the category's own. */
export function notesForCategory(category: string | null | undefined): RegulatoryNote[] {
  if (!category || !isCategory(category)) return [];
  const ids = [...NOTES_FOR_EVERY_CATEGORY, ...(CATEGORY_NOTE_IDS[category] ?? [])];
  return ids.map((id) => REGULATORY_NOTES.find((note) => note.id === id)).filter((note): note is RegulatoryNote => Boolean(note));
}
