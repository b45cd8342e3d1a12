import { expect, test } from "vitest";
import { CATEGORIES } from "#app/db/categories.ts";
import { cleanCategoryName } from "./category-cleanup.ts";

// The mapping table of ui-contract.md, row by row.
test.each([
  ["식 품", "식품"],
  ["생 활", "생활"],
  ["  의류  ", "의류"],
  ["디지털 / 가전", "디지털/가전"],
  ["패션", "의류"],
  ["패션의류", "의류"],
  ["패션 의류", "의류"],
  ["fashion", "의류"],
  ["Fashion", "의류"],
  [" FASHION ", "의류"],
  ["생활용품", "생활"],
  ["생활 용품", "생활"],
  ["생활잡화", "생활"],
  ["잡화", "생활"],
  ["리빙", "생활"],
  ["리 빙", "생활"],
  ["가구/주방", "가구/인테리어"],
  ["아동/완구", "유아/완구"],
  ["반려/애완", "반려동물"],
  ["건강/뷰티", "헬스케어/뷰티"],
  ["기타", "기타"],
  [" 기타 ", "기타"],
])("%j becomes %j", (before, after) => {
  expect(cleanCategoryName(before)).toBe(after);
});

test("every chip stays as it is", () => {
  for (const category of CATEGORIES) expect(cleanCategoryName(category)).toBe(category);
});

test("a category that is no chip and no variant is only trimmed", () => {
  expect(cleanCategoryName("  수입 주방용품 ")).toBe("수입 주방용품");
  expect(cleanCategoryName("B2B 전문")).toBe("B2B 전문");
  expect(cleanCategoryName("신발/잡화")).toBe("신발/잡화");
  expect(cleanCategoryName("")).toBe("");
  expect(cleanCategoryName("   ")).toBe("");
});

test.each([
  ["여성의류", "의류"],
  ["유아동", "유아/완구"],
  ["가전제품", "디지털/가전"],
  ["인테리어소품", "가구/인테리어"],
  ["반려견용품", "반려동물"],
  ["기타", "종합"],
  ["xyz", "종합"],
  ["식 품", "식품"],
])("the chip nearest to %s is %s", async (raw, chip) => {
  const { nearestCategory } = await import("./category-cleanup.ts");
  expect(nearestCategory(raw)).toBe(chip);
});
