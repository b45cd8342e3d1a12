/**
 * The check every new password passes (sign-up, reset, change; security-checklist 20, docs/decisions/0042): refused
 * when zxcvbn-ts estimates that an attacker guesses it within `MIN_GUESSES` tries. zxcvbn finds the patterns people
 * build passwords from (a repeated character or unit, keyboard runs including the shifted symbol row, alphabet and
 * digit sequences, dates, and dictionary words with l33t changes and digits or symbols around them) in its lists
 * (the most common passwords, English words and names), ours of Korean words and names, and the site's own name
 * and host. What it does not know about Korean is added here:
 * - a password is also checked as typed with the keyboard in English mode (두벌식), so 사랑해1234 counts as tkfkdgo1234
 *   and ㅂㅈㄷㄱ쇼 as qwerty, and the Korean words are checked in that form and romanised too (wnsgud12 and
 *   junhyeong12 are 준형 and 12);
 * - 가나다 order (가나다라…, ㄱㄴㄷㄹ…, 아야어여…) is a sequence, like abcd.
 * The lists are data in node_modules and in korean-words.txt, read by the server only: a page's JavaScript never
 * carries them (this module is server-only, and the server build keeps npm packages outside the bundle).
 */
import type { MatchExtended, MatchOptions, ZxcvbnFactory } from "@zxcvbn-ts/core";
import { convertHangulToQwerty } from "es-hangul";
import { env } from "#app/lib/env.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import koreanWordsText from "./korean-words.txt?raw";

export const COMMON_PASSWORD = "너무 흔한 비밀번호입니다. 다른 비밀번호를 정해 주세요.";

/**
 * Fewer estimated guesses than this is too easy. zxcvbn counts a character it cannot explain as 10 guesses, so
 * 8 such characters (the shortest password allowed) make 10^8; 10^7 leaves room for one explained part (a
 * capitalised word, a year) in an otherwise unpredictable password. The pattern-made passwords of
 * common-passwords.server.test.ts come out at 10^6.9 and below, or are caught once their ends are taken off.
 */
const MIN_GUESSES = 1e7;

/**
 * Only this many characters of a password (and of its keyboard form) are judged: zxcvbn's work grows quickly with
 * length (a 128-character password of l33t symbols took 2.7 s of the server's one thread, 24 characters about
 * 20 ms). A weak start is refused whatever follows; a start this long that is not weak makes the password strong.
 */
const JUDGED_LENGTH = 24;
/** At most this many l33t changes are undone (P@$$w0rd has four); more cost much time and match nothing real. */
const L33T_CHANGES = 4;

/** The site's own name in Latin letters, besides the configured name and the host of PUBLIC_URL. */
const SITE_SPELLINGS = ["domaeon"];

// ---- The keyboard in English mode (두벌식) ----

/**
 * The keys that type `text` on a 두벌식 keyboard left in English mode (사랑해 → tkfkdgo, ㅂㅈㄷㄱ쇼 → qwerty); other
 * characters stay. es-hangul's mapping, the one the search's 한/영 slips use (platform/search/keyboard-slip.ts).
 */
export function keyboardForm(text: string): string {
  return convertHangulToQwerty(text);
}

// ---- Syllables ----

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;

/** The syllable's initial, vowel and final indexes (Unicode's order), or null for any other character. */
function syllableParts(char: string): [number, number, number] | null {
  const code = char.charCodeAt(0) - SYLLABLE_FIRST;
  if (code < 0 || code > SYLLABLE_LAST - SYLLABLE_FIRST) return null;
  return [Math.floor(code / 588), Math.floor((code % 588) / 28), code % 28];
}

/** Revised Romanization, syllable by syllable (민준 → minjun), as names are spelled in Latin letters. */
const INITIAL_SOUNDS = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"];
const VOWEL_SOUNDS = "a ae ya yae eo e yeo ye o wa wae oe yo u wo we wi yu eu ui i".split(" ");
const FINAL_SOUNDS = [
  "",
  "k",
  "k",
  "k",
  "n",
  "n",
  "n",
  "t",
  "l",
  "k",
  "m",
  "l",
  "l",
  "l",
  "p",
  "l",
  "m",
  "p",
  "p",
  "t",
  "t",
  "ng",
  "t",
  "t",
  "k",
  "t",
  "p",
  "t",
];

/** `text` in Revised Romanization, or null when it is not all Hangul syllables. */
export function romanised(text: string): string | null {
  let latin = "";
  for (const char of text) {
    const parts = syllableParts(char);
    if (!parts) return null;
    latin += INITIAL_SOUNDS[parts[0]]! + VOWEL_SOUNDS[parts[1]]! + FINAL_SOUNDS[parts[2]]!;
  }
  return latin;
}

// ---- 가나다 order ----

/** The consonants and vowels in the order of the Korean alphabet (가나다, 아야어여). */
const CONSONANT_ORDER = "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ";
const VOWEL_ORDER = "ㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣ";
/** Unicode's initials and vowels as compatibility jamo, to place a syllable's parts in those orders. */
const INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
const VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ";

/**
 * The alphabet runs a character can be part of, as [run, place]: a lone consonant or vowel in its order, and a
 * syllable both by its initial (가나다: same vowel and final) and by its vowel (가갸거겨: same initial and final).
 */
function alphabetPlaces(char: string): [string, number][] {
  const places: [string, number][] = [];
  const parts = syllableParts(char);
  if (parts) {
    const [initial, vowel, final] = parts;
    const consonantPlace = CONSONANT_ORDER.indexOf(INITIALS[initial]!);
    const vowelPlace = VOWEL_ORDER.indexOf(VOWELS[vowel]!);
    if (consonantPlace >= 0) places.push([`initial:${vowel}:${final}`, consonantPlace]);
    if (vowelPlace >= 0) places.push([`vowel:${initial}:${final}`, vowelPlace]);
  } else {
    if (CONSONANT_ORDER.includes(char)) places.push(["consonant", CONSONANT_ORDER.indexOf(char)]);
    if (VOWEL_ORDER.includes(char)) places.push(["vowel", VOWEL_ORDER.indexOf(char)]);
  }
  return places;
}

type AlphabetMatch = MatchExtended & { ascending: boolean; fromStart: boolean };

/** Three or more characters in 가나다 order, either way, as zxcvbn matches of their own. */
function alphabetRuns(password: string): AlphabetMatch[] {
  const chars = [...password];
  const matches: AlphabetMatch[] = [];
  for (let i = 0; i < chars.length - 2; i++) {
    for (const [run, place] of alphabetPlaces(chars[i]!)) {
      for (const step of [1, -1]) {
        let j = i;
        while (j + 1 < chars.length && alphabetPlaces(chars[j + 1]!).some(([r, p]) => r === run && p === place + (j + 1 - i) * step)) j++;
        if (j - i < 2) continue;
        matches.push({
          pattern: "koreanAlphabet",
          i,
          j,
          token: chars.slice(i, j + 1).join(""),
          ascending: step === 1,
          fromStart: place === 0,
        });
      }
    }
  }
  return matches;
}

/** Scored as zxcvbn scores abcd: few guesses from the alphabet's start, more from elsewhere, twice that backwards. */
function alphabetRunGuesses(match: MatchExtended) {
  const { token, ascending, fromStart } = match as AlphabetMatch;
  return (fromStart ? 4 : CONSONANT_ORDER.length) * (ascending ? 1 : 2) * [...token].length;
}

// ---- The estimator ----

/**
 * The Korean lists by section, each in rank order, with every Hangul entry also as typed in English mode and, but
 * for the one-syllable surnames (their usual spellings are listed by hand), romanised.
 */
function koreanDictionaries(): Record<string, string[]> {
  const sections: Record<string, string[]> = {};
  let current: string[] | undefined;
  for (const line of koreanWordsText.split("\n").map((text) => text.trim())) {
    if (!line || line.startsWith("#")) continue;
    const section = /^\[(.+)\]$/.exec(line)?.[1];
    if (section) sections[section] = current = [];
    else current?.push(line);
  }
  for (const [name, words] of Object.entries(sections)) {
    const spellings = (word: string) => [word, keyboardForm(word).toLowerCase(), ...(word.length > 1 ? [romanised(word) ?? word] : [])];
    sections[name] = [...new Set(words.flatMap(spellings))];
  }
  return sections;
}

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn with its lists, loaded at the first password check (about a second and 40 MB, so neither the server's
 * start nor a process that never checks a password pays it).
 */
function passwordEstimator() {
  estimator ??= (async () => {
    const [{ MatcherBaseClass, ZxcvbnFactory }, commonPackage, englishPackage] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    class KoreanAlphabetMatching extends MatcherBaseClass {
      match({ password }: MatchOptions) {
        return alphabetRuns(password);
      }
    }
    return new ZxcvbnFactory(
      {
        dictionary: { ...commonPackage.dictionary, ...englishPackage.dictionary, ...koreanDictionaries() },
        graphs: commonPackage.adjacencyGraphs,
        translations: englishPackage.translations,
        maxLength: JUDGED_LENGTH,
        l33tMaxSubstitutions: L33T_CHANGES,
      },
      { koreanAlphabet: { Matching: KoreanAlphabetMatching, scoring: alphabetRunGuesses, feedback: () => null } },
    );
  })();
  return estimator;
}

/** What a guesser knows of this site and this account: the site's names, its host, the account's address. */
function knownWords(email?: string): string[] {
  const host = new URL(env().publicUrl).hostname;
  const words = [siteConfig().siteName, ...SITE_SPELLINGS, host, ...host.split(/[.-]/).filter((label) => /[a-z]{3}/i.test(label))];
  const mailbox = email?.split("@")[0];
  if (email && mailbox) words.push(email, mailbox, ...mailbox.split(/[._+-]/).filter((part) => part.length >= 3));
  return [...new Set(words.flatMap((word) => [word, keyboardForm(word)]))];
}

/**
 * True for a password that is too easy to guess (security-checklist 20, 48): `email` is the account's address
 * when it is known, whose parts count as known to a guesser. The password is judged as typed and as the keys
 * that type it in English mode, and the easier of the two counts.
 */
export async function isCommonPassword(password: string, email?: string): Promise<boolean> {
  const estimator = await passwordEstimator();
  const inputs = knownWords(email);
  return [...new Set([password, keyboardForm(password)])].some((form) => tooEasy(estimator, form, inputs));
}

/** Digits, punctuation, symbols and spaces at either end: what people put around a word to pass a rule. */
const AFFIXES = /^[\p{N}\p{P}\p{S}\s]+|[\p{N}\p{P}\p{S}\s]+$/gu;

/**
 * Guessed within `MIN_GUESSES`, or a known word or pattern with only digits and symbols around it. zxcvbn adds
 * 10^4 guesses for every part past the first (it assumes the guesser does not know how the parts were put
 * together), so dragon!!2025 or rlawnsgud1 (김준형 and 1, three parts) come out at 10^8; what is left once the ends
 * are taken off (dragon, rlawnsgud) is judged on its own, and refused when zxcvbn explains all of it (no part it
 * had to count character by character) in fewer guesses than that.
 */
function tooEasy(estimator: ZxcvbnFactory, form: string, inputs: string[]) {
  if (estimator.check(form, inputs).guesses < MIN_GUESSES) return true;
  const core = form.replace(AFFIXES, "");
  if (core === form || [...core].length < 3) return false;
  const result = estimator.check(core, inputs);
  return result.guesses < MIN_GUESSES && result.sequence.every((match) => match.pattern !== "bruteforce");
}
