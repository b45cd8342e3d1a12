import { convertQwertyToHangul } from "es-hangul";

const LATIN_LETTERS = /^[A-Za-z]+(?: [A-Za-z]+)*$/;
const SYLLABLES = /^[가-힣]+(?: [가-힣]+)*$/;

/**
 * What a search typed with the 한/영 key left on English meant: `ehao` → `도매`, `dhxkakf` → `오타말`, by the
 * keyboard's layout (두벌식, es-hangul's mapping; Shift gives the double consonants). Only a search of Latin letters
 * that becomes whole syllables, nothing left over, is read that way: `domeggook` or `b2b` are not slips (they
 * leave stray letters), and the caller asks only when the search as typed found nothing.
 */
export function hangulOfKeyboardSlip(typed: string): string | null {
  const text = typed.trim().replace(/\s+/g, " ");
  if (text.replace(/ /g, "").length < 2 || !LATIN_LETTERS.test(text)) return null;
  const words = text.split(" ").map(hangulOfWord);
  if (words.includes(null)) return null;
  const hangul = words.join(" ");
  return SYLLABLES.test(hangul) ? hangul : null;
}

/**
 * One word through es-hangul, which throws on key runs that make no syllable it can assemble (`Horniman`: ㅗ then
 * ㅗㅐ): such a word is no slip (a bad-input sweep found the 500 this was).
 */
function hangulOfWord(word: string): string | null {
  try {
    return convertQwertyToHangul(word);
  } catch {
    return null;
  }
}
