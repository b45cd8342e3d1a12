import { isCategory } from "#app/db/categories.ts";

/**
 * Variant spellings and older names, keyed by the spelling without any white space and lower-cased
 * (so `패션 의류`, `FASHION` and `리 빙` find their entry). ui-contract.md "Categories" is the source.
 */
const VARIANTS: Record<string, string> = {
  패션: "의류",
  패션의류: "의류",
  fashion: "의류",
  생활용품: "생활",
  생활잡화: "생활",
  잡화: "생활",
  리빙: "생활",
  "가구/주방": "가구/인테리어",
  "아동/완구": "유아/완구",
  "반려/애완": "반려동물",
  "건강/뷰티": "헬스케어/뷰티",
  기타: "기타",
};

/**
 * The category a cleanup gives a stored value: trimmed; a chip written with spaces (`식 품`) or a known
 * variant becomes the chip; anything else (including `기타`) is only trimmed and otherwise left as it is.
 */
export function cleanCategoryName(raw: string): string {
  const trimmed = raw.normalize("NFC").trim();
  const compact = trimmed.replace(/\s+/g, "");
  const variant = VARIANTS[compact.toLowerCase()];
  if (variant) return variant;
  if (isCategory(compact)) return compact;
  return trimmed;
}
