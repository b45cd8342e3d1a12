/**
 * When two supplier names are "the same or nearly the same" (the import flags them `중복`): names that
 * differ only in spacing, case, punctuation, a company-form prefix (`(주)`), a parenthesised gloss
 * (`셀러퍼스트(sellerfirst)`), one spelling of 액세서리, or a trailing `B2B`/`도매`/`몰` that many suppliers
 * add to their name.
 */

/** Spellings of the same word, folded to one. */
const SPELLINGS: [RegExp, string][] = [
  [/악세사리|악세서리|액세사리|엑세사리|엑세서리/g, "액세서리"],
  [/비투비/g, "b2b"],
];

/** Endings that many suppliers add or drop; one is removed when at least two characters remain. */
const ENDINGS = ["b2b", "도매몰", "도매", "몰", "mall", "shop", "샵"];

/** The comparison key of a name ("" for a name with nothing left to compare). */
export function nameKey(name: string): string {
  let key = name.normalize("NFKC").toLowerCase();
  key = key.replace(/^\s*(\(주\)|㈜|주식회사)\s*/u, "").replace(/\s*(\(주\)|㈜|주식회사)\s*$/u, "");
  // A parenthesised gloss after the name: "셀러퍼스트(sellerfirst)" is 셀러퍼스트.
  key = key.replace(/\s*[([][^)\]]*[)\]]\s*$/u, "");
  for (const [pattern, replacement] of SPELLINGS) key = key.replace(pattern, replacement);
  key = key.replace(/[\s\p{P}\p{S}]+/gu, "");
  for (const ending of ENDINGS) {
    if (key.endsWith(ending) && key.length - ending.length >= 2) {
      key = key.slice(0, -ending.length);
      break;
    }
  }
  return key;
}

export function sameOrNearName(a: string, b: string) {
  const key = nameKey(a);
  return key !== "" && key === nameKey(b);
}
