import { expect, test } from "vitest";
import { hasFinalConsonant, withDirectionParticle, withObjectParticle } from "#app/lib/korean-particles.ts";
import { isOneSyllableAway, jamoDistance, suggestedName } from "./search-suggestion.ts";

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

test("the nearest name by its letters' parts (자모) wins over the more popular one; a name typed with a space is offered", () => {
  expect(jamoDistance("도매꿀", "도매꾹")).toBe(1); // ㄹ for ㄱ
  expect(jamoDistance("도매꿀", "도매매")).toBe(3); // ㄲㅜㄹ for ㅁㅐ
  expect(jamoDistance("도매 꾹", "도매꾹")).toBe(0);
  // 도매매 is first in the popularity order the database gives; the letters decide.
  expect(suggestedName("도매꿀", ["도매매", "도매꾹"])).toBe("도매꾹");
  expect(suggestedName("도매 꾹", ["도매매", "도매꾹"])).toBe("도매꾹");
  expect(suggestedName("오너 크랜", ["오너클랜"])).toBe("오너클랜");
  // Equally near: the popular one.
  expect(suggestedName("도매꿍", ["도매꿀", "도매꾹"])).toBe("도매꿀");
});

test("을/를 follows the last sound of the name", () => {
  expect(withObjectParticle("도매꾹")).toBe("도매꾹을");
  expect(withObjectParticle("도매매")).toBe("도매매를");
  expect(withObjectParticle("오너클랜")).toBe("오너클랜을");
  expect(withObjectParticle("트렌드헌터B2B")).toBe("트렌드헌터B2B를");
  expect(withObjectParticle("Mall")).toBe("Mall을");
  expect(hasFinalConsonant("식봄")).toBe(true);
  // 로/으로: a final ㄹ reads like none.
  expect(withDirectionParticle("도매")).toBe("도매로");
  expect(withDirectionParticle("옷")).toBe("옷으로");
  expect(withDirectionParticle("도매몰")).toBe("도매몰로");
  expect(hasFinalConsonant("위하여")).toBe(false);
});
