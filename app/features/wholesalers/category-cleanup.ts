import { CATEGORIES, type Category, isCategory } from "#app/db/categories.ts";

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

/**
 * The chip nearest to a category name no chip has (an import's `패션잡화`, `문구`): the chip sharing the
 * most syllables with it, the longest shared run first (`여성의류` → `의류`, `유아동` → `유아/완구`);
 * `종합` when none shares any. Offered, never applied silently: the import shows it as a problem.
 */
export function nearestCategory(raw: string): Category {
  const compact = raw.normalize("NFC").replace(/\s+/g, "").toLowerCase();
  const cleaned = cleanCategoryName(raw);
  if (isCategory(cleaned)) return cleaned;
  let best: { category: Category; run: number; shared: number } = { category: "종합", run: 0, shared: 0 };
  for (const category of CATEGORIES) {
    const letters = category.replace("/", "");
    const run = longestSharedRun(compact, letters);
    const shared = new Set([...letters].filter((char) => compact.includes(char))).size;
    if (run > best.run || (run === best.run && shared > best.shared)) best = { category, run, shared };
  }
  return best.category;
}

function longestSharedRun(a: string, b: string): number {
  let longest = 0;
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < b.length; j++) {
      let k = 0;
      while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k]) k++;
      if (k > longest) longest = k;
    }
  return longest;
}
