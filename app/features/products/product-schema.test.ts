import { expect, test } from "vitest";
import { OWN_DANGEROUS_URLS, readLines } from "#tests/corpora.ts";
import { productSchema } from "./product-schema.ts";

test("every dangerous URL of the shared corpus (or our own) is refused for both address fields", () => {
  const shared = readLines("urls/dangerous-url-values.tsv")
    .filter((line) => !line.startsWith("#"))
    .map((line) => line.split("\t"));
  const rows = shared.length > 0 ? shared : OWN_DANGEROUS_URLS.map((url) => [url, "", "other:"]);
  const notHttp = rows.filter(([, , scheme]) => scheme !== "http:" && scheme !== "https:");
  expect(notHttp.length).toBeGreaterThan(shared.length > 0 ? 80 : OWN_DANGEROUS_URLS.length - 1);
  for (const [value = ""] of rows) {
    const parsed = productSchema.safeParse({ name: "상품", imageUrl: value, summary: "", price: "", siteUrl: value });
    expect(parsed.success, value).toBe(false);
    if (!parsed.success) expect(parsed.error.issues.map((issue) => issue.path[0]).sort()).toEqual(["imageUrl", "siteUrl"]);
  }
});

test("the product schema trims, bounds lengths and keeps only its own fields", () => {
  const parsed = productSchema.parse({
    name: "  캠핑 의자  ",
    imageUrl: "",
    summary: " 가벼운 접이식 ",
    price: "12,000원",
    siteUrl: "https://shop.example.com/chair",
    createdBy: "someone-else",
    id: "1",
  });
  expect(parsed).toEqual({
    name: "캠핑 의자",
    imageUrl: "",
    summary: "가벼운 접이식",
    price: 12000,
    siteUrl: "https://shop.example.com/chair",
  });

  const issues = (input: Record<string, string>) => {
    const result = productSchema.safeParse({ name: "상품", imageUrl: "", summary: "", price: "", siteUrl: "", ...input });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };
  expect(issues({ name: "   " })).toEqual(["상품명을 입력해 주세요."]);
  expect(issues({ name: "\u0000\u0001" })).toEqual(["상품명을 입력해 주세요."]);
  expect(
    productSchema.parse({ name: "텀\u0000블러", imageUrl: "", summary: "첫 줄\n둘째 줄\u0000", price: "", siteUrl: "" }),
  ).toMatchObject({
    name: "텀 블러",
    summary: "첫 줄\n둘째 줄",
  });
  expect(issues({ name: "가".repeat(100) })).toEqual([]);
  expect(issues({ name: "가".repeat(101) })).toEqual(["상품명은 100자 이하로 입력해 주세요."]);
  expect(issues({ summary: "가".repeat(1001) })).toEqual(["요약은 1,000자 이하로 입력해 주세요."]);
  expect(issues({ price: "-1" })).toEqual(["가격은 0원 이상이어야 합니다."]);
});
