import { hasValidCheckDigit } from "#app/lib/business-number.ts";
/**
 * Deterministic, realistic-looking Korean catalogue data for benchmarks and size budgets:
 * names mix one-, two- and three-syllable words, brand-like Latin names and all 12 categories.
 */
import { CATEGORIES } from "#content/demo/demo-types.ts";

const ONE = ["빛", "숲", "꽃", "물", "별", "솔", "달", "봄", "길", "잎", "볕", "눈", "칼", "솥", "팬", "컵", "펜", "끈", "솜", "밥"];
const TWO = [
  "의류",
  "식품",
  "냄비",
  "가방",
  "모자",
  "양말",
  "수건",
  "접시",
  "조명",
  "우산",
  "방석",
  "장갑",
  "신발",
  "커튼",
  "이불",
  "베개",
  "간식",
  "사료",
  "거울",
  "시계",
  "지갑",
  "벨트",
  "셔츠",
  "바지",
  "치마",
  "조끼",
  "앞치",
  "국자",
  "도마",
  "행주",
  "화분",
  "액자",
  "쿠션",
  "매트",
  "담요",
  "필통",
  "노트",
  "볼펜",
  "가위",
  "테이",
  "호스",
  "공구",
  "드릴",
  "망치",
  "줄자",
  "렌치",
  "목도",
  "귀걸",
  "반지",
  "팔찌",
];
const THREE = [
  "텀블러",
  "캠핑용",
  "무선형",
  "스테인",
  "가습기",
  "선풍기",
  "에어컨",
  "보조배",
  "충전기",
  "블루투",
  "키보드",
  "마우스",
  "도시락",
  "반찬통",
  "밀폐용",
  "유아용",
  "반려견",
  "고양이",
  "운동화",
  "슬리퍼",
  "청소기",
  "제습기",
  "전기포",
  "커피잔",
  "머그컵",
  "물티슈",
  "샴푸바",
  "바디워",
  "선크림",
  "립밤용",
  "캐리어",
  "백팩형",
  "크로스",
  "에코백",
  "파우치",
  "헤어핀",
  "머리끈",
  "수영복",
  "래쉬가",
  "요가복",
  "등산화",
  "자전거",
  "헬멧용",
  "보호대",
  "아령세",
  "폼롤러",
  "스피커",
  "이어폰",
  "거치대",
  "케이블",
];
const LATIN = [
  "Nova",
  "Hanul",
  "Maru",
  "Dasom",
  "Bloom",
  "Urban",
  "Pure",
  "Daily",
  "Zen",
  "Luxe",
  "Mono",
  "Aero",
  "Terra",
  "Luna",
  "Sora",
  "Cielo",
  "Brio",
  "Kodo",
  "Mint",
  "Olive",
  "Pebble",
  "Rowan",
  "Sable",
  "Tide",
  "Vela",
];
const SHOP = ["도매", "상사", "유통", "몰", "마켓", "B2B", "코리아", "컴퍼니", "플러스", "스토어"];

/** mulberry32: a tiny seeded PRNG, so every run produces the same catalogue. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]) => list[Math.floor(random() * list.length)] as T;

export function wholesalerRow(i: number, random: () => number) {
  const name = `${pick(random, LATIN)} ${pick(random, TWO)}${pick(random, SHOP)} ${i}`;
  return {
    name,
    category: pick(random, CATEGORIES),
    summary: `${pick(random, THREE)} ${pick(random, TWO)} 전문 도매, 위탁 배송과 사입 모두 가능합니다.`,
    siteUrl: `https://shop${i}.example.com/`,
    views: Math.floor(random() * 5000),
  };
}

/**
 * A generated supplier's terms, drawn from their own random sequence (so adding them left the names and
 * categories of the catalogue as they were). Most terms stay unknown (null), as in a real directory
 * where only some suppliers' pages have been read; "위탁 가능 + 무료 배송 + 반품 가능" matches about 2 %.
 */
export function wholesalerTermsRow(i: number, random: () => number) {
  const draw = <T>(choices: [number, T][], otherwise: T): T => {
    let r = random();
    for (const [share, value] of choices) {
      if (r < share) return value;
      r -= share;
    }
    return otherwise;
  };
  const shippingFee = draw<number | null>(
    [
      [0.2, 0],
      [0.3, 2500 + 500 * Math.floor(random() * 4)],
    ],
    null,
  );
  const freeShippingOver = shippingFee !== null && shippingFee > 0 ? draw<number | null>([[0.25, 50_000]], null) : null;
  const terms = {
    dropshipping: draw<"yes" | "no" | null>(
      [
        [0.35, "yes"],
        [0.1, "no"],
      ],
      null,
    ),
    minOrder: draw<number | null>(
      [
        [0.25, 1],
        [0.1, 10],
      ],
      null,
    ),
    shippingFee,
    freeShippingOver,
    returns: draw<"yes" | "no" | "conditional" | null>(
      [
        [0.25, "yes"],
        [0.1, "conditional"],
        [0.1, "no"],
      ],
      null,
    ),
    imageUse: draw<"yes" | "no" | null>(
      [
        [0.3, "yes"],
        [0.1, "no"],
      ],
      null,
    ),
    pricePolicy: draw<"free" | "minimum" | "closed" | null>(
      [
        [0.2, "free"],
        [0.15, "minimum"],
        [0.05, "closed"],
      ],
      null,
    ),
    integration: draw<("api" | "excel" | "sender")[] | null>(
      [
        [0.3, ["excel"]],
        [0.15, ["api", "excel"]],
        [0.05, ["sender"]],
      ],
      null,
    ),
  };
  const known = Object.values(terms).some((value) => value !== null);
  return {
    ...terms,
    termsCheckedAt: known ? `2026-11-${String(1 + (i % 20)).padStart(2, "0")}` : null,
    termsSource: known ? `https://shop${i}.example.com/guide` : null,
  };
}

/** A valid 사업자등록번호 for generated supplier i (the check digit computed, no randomness). */
export function generatedBusinessNumber(i: number) {
  const stem = String(500_000_000 + i);
  for (let digit = 0; digit < 10; digit++) if (hasValidCheckDigit(`${stem}${digit}`)) return `${stem}${digit}`;
  throw new Error("no check digit");
}

/**
 * A generated supplier's number and, for one in ten, the official records' verified pair (the `사업자 확인`
 * filter, features/official-records): derived from i alone, so the names, categories and terms stay as they were.
 */
export function wholesalerRecordsRow(i: number, siteUrl: string) {
  const businessNumber = generatedBusinessNumber(i);
  return { businessNumber, recordsVerifiedFor: i % 10 === 0 ? `${businessNumber} ${siteUrl}` : null };
}

export function productRow(i: number, random: () => number) {
  const words = [pick(random, LATIN), pick(random, THREE), pick(random, TWO), pick(random, ONE)];
  const name = `${words.join(" ")} ${i % 97}호`;
  return {
    name,
    summary: `${pick(random, TWO)} ${pick(random, THREE)} 인기 상품, 빠른 출고`,
    price: 1000 + Math.floor(random() * 200) * 500,
  };
}

/** Queries of each class the benchmark times (they all hit rows of the generated catalogue). */
export const QUERY_CLASSES = {
  oneSyllable: ["빛", "숲", "꽃"],
  twoSyllables: ["의류", "냄비", "수건"],
  threePlus: ["텀블러", "가습기", "충전기"],
  chosung: ["ㅌㅂㄹ", "ㄱㅅㄱ", "ㄴㅂ"],
  latin: ["nova", "bloom", "luxe"],
} as const;

/**
 * Not one of issue 6's classes, which all match 2–5 % of the names: a brand and a word that occur together
 * in about one name in a thousand (75–108 of 100,000). Timed beside them at both scales to show what a
 * rare search costs as its own matches grow with the catalogue.
 */
export const RARE_QUERY_CLASS = { rareTwoWords: ["brio 요가복", "vela 보호대", "pebble 머그컵"] } as const;
