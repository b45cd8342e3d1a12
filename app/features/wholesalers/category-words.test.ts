import { expect, test } from "vitest";
import { CATEGORIES } from "#app/db/categories.ts";
import { CATEGORY_WORDS, categoryOfWords } from "./category-words.ts";

test("the words the issue named find their categories", () => {
  expect(categoryOfWords("옷")).toBe("의류");
  expect(categoryOfWords("여성의류")).toBe("의류");
  expect(categoryOfWords("남성의류")).toBe("의류");
  expect(categoryOfWords("화장품")).toBe("헬스케어/뷰티");
  expect(categoryOfWords("뷰티")).toBe("헬스케어/뷰티");
  expect(categoryOfWords("코스메틱")).toBe("헬스케어/뷰티");
  expect(categoryOfWords("가전")).toBe("디지털/가전");
});

test("every word of the table leads to its own category, with spaces, letter case and a trailing 도매 set aside", () => {
  const seen = new Map<string, string>();
  for (const category of CATEGORIES) {
    expect(CATEGORY_WORDS[category].length, category).toBeGreaterThan(0);
    for (const word of CATEGORY_WORDS[category]) {
      // One category a word: a word in two would send the search two ways.
      expect(seen.get(word), `${word} in ${category} and ${seen.get(word)}`).toBeUndefined();
      seen.set(word, category);
      expect(categoryOfWords(word), word).toBe(category);
      expect(categoryOfWords(` ${word} 도매`), `${word} 도매`).toBe(category);
      expect(categoryOfWords(`${word}도매처`), `${word}도매처`).toBe(category);
      expect(categoryOfWords(Array.from(word).join(" ")), `${word} spaced`).toBe(category);
    }
    // The chip's own name too.
    expect(categoryOfWords(category)).toBe(category);
  }
});

test("anything else names no category", () => {
  for (const text of ["", "도매", "도매꾹", "의류 신상", "차", "간식", "ㅇㅅ", "clothes", "옷옷"])
    expect(categoryOfWords(text), text).toBeNull();
});
