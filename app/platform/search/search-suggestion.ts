import { disassemble } from "es-hangul";
import { normalizeSearchText } from "./korean-search.ts";

const syllablesOf = (text: string) => Array.from(normalizeSearchText(text).replace(/\s+/g, ""));

/**
 * Whether `name` is one syllable away from `query` (ui-contract "Smaller changes"): one syllable (or
 * letter) changed, added or left out, spaces and letter case ignored. Equal texts are not one away.
 */
export function isOneSyllableAway(query: string, name: string): boolean {
  const a = syllablesOf(query);
  const b = syllablesOf(name);
  if (Math.abs(a.length - b.length) > 1 || a.length === 0 || b.length === 0) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return false;
  const rest = (x: string[], from: number) => x.slice(from).join("\u0000");
  if (a.length === b.length) return rest(a, i + 1) === rest(b, i + 1);
  return a.length > b.length ? rest(a, i + 1) === rest(b, i) : rest(a, i) === rest(b, i + 1);
}

/** How many letter parts (자모: 꿀 is ㄲ ㅜ ㄹ) one text is from another: a Levenshtein distance over the parts. */
export function jamoDistance(a: string, b: string): number {
  const x = Array.from(disassemble(syllablesOf(a).join("")));
  const y = Array.from(disassemble(syllablesOf(b).join("")));
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[y.length]!;
}

/** The same syllables once spaces and letter case are set aside (`도매 꾹` and `도매꾹`). */
const sameSyllables = (a: string, b: string) => syllablesOf(a).join("") === syllablesOf(b).join("");

/**
 * Of some candidate names, the one to offer for a search that found nothing: the same syllables but for spaces
 * (`도매 꾹`), or one syllable away, the nearest by its letters' parts (`도매꿀` is one part from 도매꾹, three from
 * 도매매), then the first in the given order (the caller orders by popularity). Null when none is.
 */
export function suggestedName(query: string, candidates: readonly string[]): string | null {
  // A one-syllable search: any other one-syllable name is "one away", which helps nobody.
  if (syllablesOf(query).length < 2) return null;
  let best: { name: string; distance: number } | null = null;
  for (const name of candidates) {
    if (!sameSyllables(query, name) && !isOneSyllableAway(query, name)) continue;
    const distance = jamoDistance(query, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best?.name ?? null;
}
