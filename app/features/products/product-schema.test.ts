import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { parseHttpUrl, parseId, parsePage, parseWon, productSchema } from "./product-schema.ts";

const corpusDir = process.env.CORPORA_DIR ?? path.resolve("../shared/corpora");
const dangerousUrls = path.join(corpusDir, "urls/dangerous-url-values.tsv");

test("prices as people type them become whole won", () => {
  for (const [raw, won] of [
    ["12000", 12000],
    ["12,000", 12000],
    ["12,000원", 12000],
    [" 12,000 원 ", 12000],
    ["１２，０００원", 12000],
    ["0", 0],
    ["1,000,000,000", 1_000_000_000],
  ] as const) {
    expect(parseWon(raw), raw).toEqual({ ok: true, value: won });
  }
  expect(parseWon("")).toEqual({ ok: true, value: null });
  expect(parseWon("   ")).toEqual({ ok: true, value: null });
});

test("bad prices are refused with a Korean reason", () => {
  const reason = (raw: string) => {
    const result = parseWon(raw);
    return result.ok ? null : result.error;
  };
  expect(reason("-1")).toBe("가격은 0원 이상이어야 합니다.");
  expect(reason("-1,000원")).toBe("가격은 0원 이상이어야 합니다.");
  expect(reason("1.5")).toBe("가격은 소수점 없이 원 단위로 입력해주세요.");
  expect(reason("12,000.50")).toBe("가격은 소수점 없이 원 단위로 입력해주세요.");
  expect(reason("1,000,000,001")).toBe("가격은 10억 원 이하로 입력해주세요.");
  expect(reason("99999999999999999999999")).toBe("가격은 10억 원 이하로 입력해주세요.");
  for (const raw of ["abc", "12원이요", "1e5", "12,00", "1,2345", "NaN", "Infinity", "0x10", "12 000 000원원"]) {
    expect(reason(raw), raw).toMatch(/^가격은 숫자로 입력해주세요/);
  }
});

test("addresses must be absolute http(s) URLs", () => {
  expect(parseHttpUrl("", "이미지 URL")).toEqual({ ok: true, value: "" });
  expect(parseHttpUrl(" https://shop.example.com/item?id=1 ", "이미지 URL")).toEqual({ ok: true, value: "https://shop.example.com/item?id=1" });
  expect(parseHttpUrl("http://example.com", "상품 페이지 URL")).toEqual({ ok: true, value: "http://example.com/" });
  for (const raw of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<b>x</b>", "vbscript:msgbox(1)", "//evil.com/x", "/relative", "example.com", "ftp://example.com/a", "file:///etc/passwd", "http://"]) {
    const result = parseHttpUrl(raw, "이미지 URL");
    expect(result.ok, raw).toBe(false);
    if (!result.ok) expect(result.error).toBe("이미지 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.");
  }
  expect(parseHttpUrl(`https://example.com/${"a".repeat(2100)}`, "이미지 URL")).toMatchObject({ ok: false, error: expect.stringContaining("너무 깁니다") });
});

test.runIf(fs.existsSync(dangerousUrls))("every dangerous URL of the shared corpus is refused for both address fields", () => {
  const rows = fs
    .readFileSync(dangerousUrls, "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.split("\t"));
  const notHttp = rows.filter(([, , scheme]) => scheme !== "http:" && scheme !== "https:");
  expect(notHttp.length).toBeGreaterThan(80);
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
  expect(parsed).toEqual({ name: "캠핑 의자", imageUrl: "", summary: "가벼운 접이식", price: 12000, siteUrl: "https://shop.example.com/chair" });

  const issues = (input: Record<string, string>) => {
    const result = productSchema.safeParse({ name: "상품", imageUrl: "", summary: "", price: "", siteUrl: "", ...input });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };
  expect(issues({ name: "   " })).toEqual(["상품명을 입력해주세요."]);
  expect(issues({ name: "\u0000\u0001" })).toEqual(["상품명을 입력해주세요."]);
  expect(productSchema.parse({ name: "텀\u0000블러", imageUrl: "", summary: "첫 줄\n둘째 줄\u0000", price: "", siteUrl: "" })).toMatchObject({
    name: "텀 블러",
    summary: "첫 줄\n둘째 줄",
  });
  expect(issues({ name: "가".repeat(100) })).toEqual([]);
  expect(issues({ name: "가".repeat(101) })).toEqual(["상품명은 100자 이하로 입력해주세요."]);
  expect(issues({ summary: "가".repeat(1001) })).toEqual(["요약은 1,000자 이하로 입력해주세요."]);
  expect(issues({ price: "-1" })).toEqual(["가격은 0원 이상이어야 합니다."]);
});

test("ids and page numbers from the URL", () => {
  expect(parseId("42")).toBe(42);
  for (const bad of ["0", "-1", "1.5", "01", "abc", "1e3", "", " 1", "2147483648", "99999999999", "1;DROP TABLE products"]) expect(parseId(bad), bad).toBeNull();
  expect(parseId(null)).toBeNull();
  expect(parsePage(null)).toBe(1);
  expect(parsePage("3")).toBe(3);
  expect(parsePage("0")).toBe(1);
  expect(parsePage("-2")).toBe(1);
  expect(parsePage("abc")).toBe(1);
  expect(parsePage("99999999999")).toBe(1);
});
