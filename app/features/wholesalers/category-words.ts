import { CATEGORIES, type Category } from "#app/db/categories.ts";

/**
 * The words sellers search with for each category (issue 37): `옷`, `화장품` or `가전` name no supplier, but a
 * category does. A search that is one of these words (spaces and letter case aside, with or without a trailing
 * `도매`, `도매처`, `도매몰` or `도매 사이트`) also offers the category (`의류 도매처 보기`) and lists its suppliers
 * after the ones whose name or text match. Each word belongs to one category only (the test checks it); a word
 * two categories share (`차`: tea or car, `간식`: people's or pets') is left out.
 */
export const CATEGORY_WORDS: Record<Category, readonly string[]> = {
  종합: ["종합몰", "종합도매", "만물상", "잡화점"],
  생활: [
    "생활용품",
    "생필품",
    "주방용품",
    "욕실용품",
    "청소용품",
    "세제",
    "수납",
    "수납용품",
    "문구",
    "사무용품",
    "리빙",
    "잡화",
    "생활잡화",
  ],
  식품: ["음식", "먹거리", "농산물", "수산물", "축산물", "과일", "채소", "과자", "음료", "가공식품", "식자재", "반찬", "커피", "쌀"],
  자동차: ["자동차용품", "차량용품", "카용품", "세차용품", "타이어", "블랙박스", "오토바이용품"],
  "디지털/가전": [
    "가전",
    "가전제품",
    "전자제품",
    "전자기기",
    "디지털",
    "소형가전",
    "생활가전",
    "주방가전",
    "휴대폰",
    "핸드폰",
    "휴대폰용품",
    "컴퓨터",
    "노트북",
    "주변기기",
    "이어폰",
    "충전기",
  ],
  "가구/인테리어": ["가구", "인테리어", "인테리어소품", "소품", "조명", "침구", "커튼", "홈데코", "러그"],
  의류: [
    "옷",
    "의류",
    "여성의류",
    "남성의류",
    "여성복",
    "남성복",
    "패션",
    "패션의류",
    "티셔츠",
    "바지",
    "원피스",
    "속옷",
    "언더웨어",
    "니트",
    "아우터",
    "빅사이즈",
    "동대문",
  ],
  "신발/잡화": [
    "신발",
    "운동화",
    "구두",
    "슬리퍼",
    "가방",
    "지갑",
    "모자",
    "액세서리",
    "악세서리",
    "악세사리",
    "주얼리",
    "쥬얼리",
    "패션잡화",
    "양말",
    "벨트",
    "시계",
  ],
  "유아/완구": ["유아용품", "육아용품", "아기용품", "출산용품", "장난감", "완구", "토이", "아동복", "유아복", "키즈"],
  반려동물: ["애견용품", "반려용품", "펫용품", "애묘용품", "강아지용품", "고양이용품", "사료", "펫", "애견", "강아지", "고양이"],
  "헬스케어/뷰티": [
    "화장품",
    "뷰티",
    "코스메틱",
    "스킨케어",
    "메이크업",
    "향수",
    "미용",
    "헤어용품",
    "건강식품",
    "건강기능식품",
    "영양제",
    "마스크팩",
    "네일",
    "헬스케어",
  ],
  "스포츠/레저": [
    "스포츠",
    "스포츠용품",
    "운동용품",
    "캠핑",
    "캠핑용품",
    "등산",
    "등산용품",
    "낚시",
    "골프",
    "레저",
    "자전거",
    "헬스",
    "요가",
    "아웃도어",
    "수영",
  ],
};

const key = (text: string) => text.normalize("NFC").replace(/\s+/g, "").toLowerCase();

/** `여성의류 도매`, `화장품도매처`: the word before what every search here is about. */
const WHOLESALE_SUFFIX = /(?:도매(?:처|몰|사이트|시장)?)$/;

const BY_WORD = new Map<string, Category>();
for (const category of CATEGORIES) {
  BY_WORD.set(key(category), category);
  for (const word of CATEGORY_WORDS[category]) BY_WORD.set(key(word), category);
}

/** The category a search names in a seller's words (`옷` → 의류, `화장품 도매` → 헬스케어/뷰티), or null. */
export function categoryOfWords(q: string): Category | null {
  const compact = key(q);
  const word = compact.length > 2 ? compact.replace(WHOLESALE_SUFFIX, "") : compact;
  return BY_WORD.get(word) ?? null;
}
