import { expect, test } from "vitest";
import { hasFinalConsonant, withObjectParticle } from "#app/lib/korean-particles.ts";
import { isOneSyllableAway, suggestedName } from "./search-suggestion.ts";

test("one syllable away: one changed, added or left out; spaces and case ignored; equal is not one away", () => {
  expect(isOneSyllableAway("도메꾹", "도매꾹")).toBe(true); // changed
  expect(isOneSyllableAway("도매", "도매꾹")).toBe(true); // left out at the end
  expect(isOneSyllableAway("매꾹", "도매꾹")).toBe(true); // left out at the start
  expect(isOneSyllableAway("도매꾹꾹", "도매꾹")).toBe(true); // one too many
  expect(isOneSyllableAway("오너 크랜", "오너클랜")).toBe(true);
  expect(isOneSyllableAway("DOMEME", "domeme")).toBe(false);
  expect(isOneSyllableAway("도매꾹", "도매꾹")).toBe(false);
  expect(isOneSyllableAway("도메국", "도매꾹")).toBe(false); // two changed
  expect(isOneSyllableAway("도", "도매꾹")).toBe(false);
  expect(isOneSyllableAway("", "도매꾹")).toBe(false);
  expect(suggestedName("도메꾹", ["오너클랜", "도매국", "도매꾹", "도메꾹꾹"])).toBe("도매꾹");
  expect(suggestedName("도메꾹", ["오너클랜"])).toBeNull();
  // A one-syllable search suggests nothing (every one-syllable name would be "one away").
  expect(suggestedName("옷", ["못"])).toBeNull();
});

test("을/를 follows the last sound of the name", () => {
  expect(withObjectParticle("도매꾹")).toBe("도매꾹을");
  expect(withObjectParticle("도매매")).toBe("도매매를");
  expect(withObjectParticle("오너클랜")).toBe("오너클랜을");
  expect(withObjectParticle("트렌드헌터B2B")).toBe("트렌드헌터B2B를");
  expect(withObjectParticle("Mall")).toBe("Mall을");
  expect(hasFinalConsonant("식봄")).toBe(true);
  expect(hasFinalConsonant("위하여")).toBe(false);
});
