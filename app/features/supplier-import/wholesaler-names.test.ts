import { expect, test } from "vitest";
import { nameKey, sameOrNearName } from "./wholesaler-names.ts";

test("names that differ only in spacing, spelling of 액세서리, case or a trailing B2B/도매 are near-same", () => {
  expect(sameOrNearName("오즈악세사리", "오즈 액세서리")).toBe(true);
  expect(sameOrNearName("더펫마트B2B", "더펫마트")).toBe(true);
  expect(sameOrNearName("카쎈비투비", "카쎈 B2B")).toBe(true);
  expect(sameOrNearName("컵앤컵 도매", "컵앤컵")).toBe(true);
  expect(sameOrNearName("셀러퍼스트(sellerfirst)", "셀러퍼스트")).toBe(true);
  expect(sameOrNearName("(주)도매꾹", "도매꾹")).toBe(true);
  expect(sameOrNearName("AD_LAB SHOP", "adlab")).toBe(true);
});

test("different names stay different", () => {
  expect(sameOrNearName("아이토픽", "아이토빅")).toBe(false);
  expect(sameOrNearName("도매의신", "도매신")).toBe(false);
  expect(sameOrNearName("투비펫", "비투비펫")).toBe(false);
  expect(sameOrNearName("온채널", "도매온")).toBe(false);
  // An ending is removed only when at least two characters remain.
  expect(nameKey("펫비투비")).toBe("펫b2b");
  expect(nameKey("도매 B2B")).toBe("도매");
  expect(sameOrNearName("", "")).toBe(false);
});
