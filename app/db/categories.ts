/**
 * The wholesaler categories, in the order of the chips on /list (ui-contract.md "Categories").
 * `전체` is not a category: it is the chip that shows everything.
 */
export const CATEGORIES = [
  "종합",
  "생활",
  "식품",
  "자동차",
  "디지털/가전",
  "가구/인테리어",
  "의류",
  "신발/잡화",
  "유아/완구",
  "반려동물",
  "헬스케어/뷰티",
  "스포츠/레저",
] as const;

export type Category = (typeof CATEGORIES)[number];

export const ALL_CATEGORIES_LABEL = "전체";

/** Shown on a card or detail page when a wholesaler has no category. */
export const NO_CATEGORY_LABEL = "카테고리 없음";

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);
}
