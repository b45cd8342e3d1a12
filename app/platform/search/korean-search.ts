/**
 * Korean-aware substring search answered from a GIN index on a `text[]` of grams.
 *
 * pg_trgm needs three characters, but Korean names are searched with one- and two-syllable words
 * (의류, 식품) and with 초성 (ㄷㅁㄲ for 도매꾹). So every searchable row stores the 1- and 2-character
 * grams of its lower-cased name and of the name's 초성 form; a query asks for rows containing all of
 * its own grams (`@>`, indexed) and then checks the real substring on those few rows.
 */
import { stripControl } from "#app/lib/control-characters.ts";

const CHOSUNG = ["ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"];
const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const SYLLABLES_PER_INITIAL = 21 * 28;

/** The longest query we search for; longer input is cut (security-checklist 29). */
export const MAX_QUERY_LENGTH = 100;

export function normalizeSearchText(value: string) {
  return value.normalize("NFC").toLowerCase();
}

/** "도매꾹 B2B" → "ㄷㅁㄲ b2b": syllables become their initial consonant, everything else stays. */
export function toChosung(value: string) {
  let out = "";
  for (const ch of normalizeSearchText(value)) {
    const code = ch.codePointAt(0) ?? 0;
    out += code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST ? CHOSUNG[Math.floor((code - SYLLABLE_FIRST) / SYLLABLES_PER_INITIAL)] : ch;
  }
  return out;
}

/** A query made only of initial consonants (and spaces), e.g. "ㄷㅁㄲ". */
export function isChosungQuery(query: string) {
  return /^[ㄱ-ㅎ\s]+$/.test(query) && /[ㄱ-ㅎ]/.test(query);
}

function gramsOf(text: string, into: Set<string>, keep: (gram: string) => boolean = () => true) {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) {
    const one = chars[i] as string;
    if (one.trim() && keep(one)) into.add(one);
    const two = one + (chars[i + 1] ?? "");
    if (i + 1 < chars.length && two.trim().length === 2 && keep(two)) into.add(two);
  }
  return into;
}

const hasJamo = (gram: string) => /[ㄱ-ㅎ]/.test(gram);

/** What a row stores: its name's grams and the grams of its 초성 form. */
export function searchFields(name: string) {
  const normalized = normalizeSearchText(name);
  const chosung = toChosung(name);
  const grams = gramsOf(normalized, new Set());
  gramsOf(chosung, grams, hasJamo);
  return { searchGrams: [...grams], nameChosung: chosung };
}

export type SearchQuery = {
  /** What the substring check looks for (lower-cased, trimmed, capped). */
  text: string;
  /** Grams the row must all contain (answered by the GIN index). */
  grams: string[];
  /** Whether to compare against the 초성 form rather than the name. */
  chosung: boolean;
};

/** Turns what a person typed into a query, or null for an empty search. */
export function parseSearchQuery(raw: string | null | undefined): SearchQuery | null {
  // Control characters (a NUL above all, which PostgreSQL refuses in text) become spaces.
  const cleaned = stripControl(raw ?? "");
  const text = normalizeSearchText(cleaned.trim()).slice(0, MAX_QUERY_LENGTH).trim();
  if (!text) return null;
  const chosung = isChosungQuery(text);
  // Two-character grams are selective; a single character (or characters split by spaces) falls back to one-character grams.
  const all = [...gramsOf(text, new Set())];
  const pairs = all.filter((gram) => Array.from(gram).length === 2);
  return { text, grams: pairs.length ? pairs : all, chosung };
}
