import { expect, test } from "vitest";
import { parseHttpUrl, parseWon } from "./form-fields.ts";

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
  expect(reason("1.5")).toBe("가격은 소수점 없이 원 단위로 입력해 주세요.");
  expect(reason("12,000.50")).toBe("가격은 소수점 없이 원 단위로 입력해 주세요.");
  expect(reason("1,000,000,001")).toBe("가격은 10억 원 이하로 입력해 주세요.");
  expect(reason("99999999999999999999999")).toBe("가격은 10억 원 이하로 입력해 주세요.");
  for (const raw of ["abc", "12원이요", "1e5", "12,00", "1,2345", "NaN", "Infinity", "0x10", "12 000 000원원"]) {
    expect(reason(raw), raw).toMatch(/^가격은 숫자로 입력해 주세요/);
  }
});

test("addresses must be absolute http(s) URLs", () => {
  expect(parseHttpUrl("", "이미지 URL")).toEqual({ ok: true, value: "" });
  expect(parseHttpUrl(" https://shop.example.com/item?id=1 ", "이미지 URL")).toEqual({
    ok: true,
    value: "https://shop.example.com/item?id=1",
  });
  expect(parseHttpUrl("http://example.com", "상품 페이지 URL")).toEqual({ ok: true, value: "http://example.com/" });
  for (const raw of [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<b>x</b>",
    "vbscript:msgbox(1)",
    "//evil.com/x",
    "/relative",
    "example.com",
    "ftp://example.com/a",
    "file:///etc/passwd",
    "http://",
  ]) {
    const result = parseHttpUrl(raw, "이미지 URL");
    expect(result.ok, raw).toBe(false);
    if (!result.ok) expect(result.error).toBe("이미지 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.");
  }
  expect(parseHttpUrl(`https://example.com/${"a".repeat(2100)}`, "이미지 URL")).toMatchObject({
    ok: false,
    error: expect.stringContaining("너무 깁니다"),
  });
});
