import { expect, test } from "vitest";
import { isChosungQuery, MAX_QUERY_LENGTH, parseSearchQuery, searchFields, toChosung } from "./korean-search.ts";

test("초성 form keeps non-Korean characters and lower-cases Latin", () => {
  expect(toChosung("도매꾹")).toBe("ㄷㅁㄲ");
  expect(toChosung("오너클랜 B2B")).toBe("ㅇㄴㅋㄹ b2b");
});

test("a row stores the grams every query class needs", () => {
  const { searchGrams, nameChosung } = searchFields("도매꾹 Mall");
  expect(nameChosung).toBe("ㄷㅁㄲ mall");
  for (const gram of ["도", "도매", "매꾹", "ㄷㅁ", "ㅁㄲ", "ma", "ll", "m"]) expect(searchGrams).toContain(gram);
  expect(searchGrams).not.toContain("꾹 ");
});

test("queries: two-character grams when there are any, one-character otherwise; 초성 detected", () => {
  expect(parseSearchQuery("  ")).toBeNull();
  expect(parseSearchQuery("의류")).toEqual({ text: "의류", grams: ["의류"], chosung: false });
  expect(parseSearchQuery("빛")).toEqual({ text: "빛", grams: ["빛"], chosung: false });
  expect(parseSearchQuery("ㄷㅁㄲ")).toEqual({ text: "ㄷㅁㄲ", grams: ["ㄷㅁ", "ㅁㄲ"], chosung: true });
  expect(parseSearchQuery("NOVA")?.text).toBe("nova");
  expect(isChosungQuery("ㄷ매")).toBe(false);
  expect(parseSearchQuery("가".repeat(500))?.text.length).toBe(MAX_QUERY_LENGTH);
  expect(parseSearchQuery("의\u0000류")?.text).toBe("의 류");
  expect(parseSearchQuery("\u0000")).toBeNull();
});

test("every query's grams are found in a name that contains it", () => {
  const name = "Nova 텀블러 캠핑용 의자 100%_할인";
  const { searchGrams, nameChosung } = searchFields(name);
  for (const q of ["텀블러", "의자", "캠", "nova", "ㅌㅂㄹ", "100%_", "블러 캠"]) {
    const parsed = parseSearchQuery(q)!;
    for (const gram of parsed.grams) expect(searchGrams, `${q} → ${gram}`).toContain(gram);
    const haystack = parsed.chosung ? nameChosung : name.toLowerCase();
    expect(haystack.includes(parsed.text)).toBe(true);
  }
});
