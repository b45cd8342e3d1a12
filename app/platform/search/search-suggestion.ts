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

/**
 * Of some candidate names, the one to offer for a search that found nothing: one syllable away, the
 * first in the given order (the caller orders by popularity). Null when none is.
 */
export function suggestedName(query: string, candidates: readonly string[]): string | null {
  // A one-syllable search: any other one-syllable name is "one away", which helps nobody.
  if (syllablesOf(query).length < 2) return null;
  return candidates.find((name) => isOneSyllableAway(query, name)) ?? null;
}
