import { expect, test } from "vitest";
import { hangulOfKeyboardSlip } from "./keyboard-slip.ts";

test("a search typed with the 한/영 key on English is read as the Korean it was meant to be", () => {
  expect(hangulOfKeyboardSlip("ehao")).toBe("도매");
  expect(hangulOfKeyboardSlip("ehaoRnr")).toBe("도매꾹");
  expect(hangulOfKeyboardSlip(" dhxkakf ")).toBe("오타말");
  expect(hangulOfKeyboardSlip("dus ehao")).toBe("연 도매");
  expect(hangulOfKeyboardSlip("ghkwkdvna")).toBe("화장품");
  expect(hangulOfKeyboardSlip("dhtt")).toBeNull(); // 옷 and a stray ㅅ
  expect(hangulOfKeyboardSlip("dht")).toBe("옷");
});

test("English words, addresses and mixed text are not slips", () => {
  for (const text of ["domeggook", "b2b", "mall", "shop", "도매", "ehao꾹", "e", "", "   ", "ehao.com", "r"]) {
    expect(hangulOfKeyboardSlip(text), text).toBeNull();
  }
});

test("English words whose keys make no syllable es-hangul can assemble are no slips, never an error", () => {
  // From the bad-input sweep's corpus (the words' keys give ㅗ then ㅗㅐ, which es-hangul refuses to combine).
  for (const text of ["Horniman Museum", "Scunthorpe General Hospital", "Horniman", "ohoo"]) {
    expect(hangulOfKeyboardSlip(text), text).toBeNull();
  }
  // A slip after a refused word in the same search is still no slip: the search as a whole is not Korean.
  expect(hangulOfKeyboardSlip("Horniman ehao")).toBeNull();
  expect(hangulOfKeyboardSlip("ehao ehao")).toBe("도매 도매");
});
