import type { DefaultTreeAdapterTypes } from "parse5";
import { hasValidCheckDigit } from "#app/lib/business-number.ts";
import { attributeOf, type HtmlDocument, type HtmlElement, parseHtmlDocument } from "#app/lib/html-document.server.ts";

type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/**
 * The 사업자 정보 a Korean online shop must show (전자상거래법 §10), read from its home page as the site check
 * fetched it, with the same HTML parser as the claim's meta tag (docs/decisions/0041, 0052): a `사업자등록번호`
 * (or `사업자번호`) followed by a number with a valid check digit, a `통신판매업 신고번호`-style number
 * (`2026-서울강남-01234`) and the 상호 (`상호`, `상호명`, `회사명`, `회사이름`, `법인명`).
 *
 * Only what a visitor reads counts: not scripts, styles, templates, comments, the head, nor an element hidden with
 * the `hidden` attribute or an inline `display:none` / `visibility:hidden`. A number is never an example one
 * (`000-00-00000`, one digit ten times; a 신고번호 of zeros) and is taken only when the page shows no other: a page
 * with two different numbers (a template's beside the real one, a list of shops), counting the 공정위
 * `사업자정보확인` link's `wrkr_no` (in its href or in the onclick that opens it), reads none. The parser and the walk
 * are linear in the page's size, and every pattern is bounded.
 */

export type PageFacts = { businessNumber: string | null; mailOrderNumber: string | null; tradeName: string | null };

/** Elements whose content a visitor never reads as text. */
const UNREAD = new Set(["script", "style", "template", "textarea", "title", "noscript", "head", "iframe", "object", "select", "svg"]);
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

/** Whether a visitor does not see the element (and so nothing in it). */
function isHidden(element: HtmlElement) {
  if (UNREAD.has(element.tagName)) return true;
  if (attributeOf(element, "hidden") !== null) return true;
  const style = attributeOf(element, "style");
  return style !== null && HIDDEN_STYLE.test(style);
}

type PageReading = { text: string; linkNumbers: string[] };

/** Elements that start a line or a block: a name never runs across their edge. */
const BLOCK = new Set(
  (
    "address article aside blockquote br dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr " +
    "li main nav ol p pre section table tbody td tfoot th thead tr ul"
  ).split(" "),
);
/** An element holding only a separator glyph (`<span class="bar">I</span>`, 마켓컬리's and many skins'). */
const SEPARATOR_GLYPH = /^\s*[Il|│ㅣ｜¦]\s*$/;

function isSeparatorElement(element: HtmlElement) {
  const [only, ...rest] = element.childNodes;
  return rest.length === 0 && only?.nodeName === "#text" && "value" in only && SEPARATOR_GLYPH.test(only.value);
}

/**
 * The visible text and the `wrkr_no` of the visible 공정위 links (href or onclick), walked without recursion. Spaces are
 * collapsed; the edge of a block (`<p>`, `<li>`, `<td>`, `<br>`…) is a line break, an element's edge otherwise a space,
 * and an element holding only a separator glyph is `|`.
 */
function readDocument(document: HtmlDocument): PageReading {
  const parts: string[] = [];
  const linkNumbers: string[] = [];
  // A string marks an element's end and is what its edge reads as (`<td>상호</td><td>도매온</td>` is two words).
  const stack: (ChildNode | string)[] = [...document.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined) continue;
    if (typeof node === "string") {
      parts.push(node);
      continue;
    }
    if (node.nodeName === "#text" && "value" in node) {
      parts.push(node.value.replace(/[\s\u00a0]+/g, " "));
      continue;
    }
    if (!("tagName" in node) || isHidden(node)) continue;
    // The link's target is its href, or the page an onclick opens (카페24's `window.open('…bizCommPop.do?wrkr_no=…')`).
    for (const target of [node.tagName === "a" ? attributeOf(node, "href") : null, attributeOf(node, "onclick")]) {
      const number = wrkrNumberOf(target);
      if (number) linkNumbers.push(number);
    }
    const edge = BLOCK.has(node.tagName) ? "\n" : " ";
    if (isSeparatorElement(node)) {
      parts.push(" | ");
      continue;
    }
    parts.push(edge);
    stack.push(edge);
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
  return {
    text: parts
      .join("")
      .replace(/[ \n]+/g, (run) => (run.includes("\n") ? "\n" : " "))
      .trim(),
    linkNumbers,
  };
}

/** The ten digits of a `…bizCommPop.do?wrkr_no=1234567890` link (the 공정위 사업자정보확인 page), or null. */
function wrkrNumberOf(href: string | null) {
  if (!href || !/wrkr_no=/i.test(href)) return null;
  const match = /wrkr_no=([0-9-]{10,14})/i.exec(href);
  const digits = match?.[1]?.replace(/-/g, "") ?? "";
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** The text a visitor reads: the page without hidden elements and comments, entities decoded, spaces collapsed. */
export function visibleTextOf(markup: string): string {
  return readDocument(parseHtmlDocument(markup)).text.replace(/\n/g, " ");
}

/** A number a template or an example shows (`000-00-00000`, `111-11-11111`): never a business's. */
export const isExampleNumber = (digits: string) => /^(\d)\1{9}$/.test(digits);

// The label, then at most 12 characters that are not digits (` : `, `]`, `(`…), then the number itself: three,
// two and five digits, apart by nothing, a space, or a hyphen or dot with spaces around it or not (`349 - 21 - 00365`).
const SEPARATOR = String.raw`(?:\s?[-.‐‑–]\s?|\s)?`;
const BUSINESS_NUMBER = new RegExp(
  String.raw`사업자\s?(?:등록\s?)?번호[^0-9]{0,12}?(?<!\d)(\d{3})${SEPARATOR}(\d{2})${SEPARATOR}(\d{5})(?!\d)`,
  "g",
);
const MAIL_ORDER_NUMBER =
  /통신\s?판매\s?(?:업\s?)?(?:신고\s?)?(?:번호)?[^0-9]{0,12}?(?<!\d)(?:제\s?)?(\d{4})\s?-\s?([가-힣A-Za-z]{2,12})\s?-\s?(\d{1,6})(?!\d)/g;
// The 상호's label: `상호`, `상호명`, `회사명`, `회사이름` or `법인명`, with `(상호)`-style words in brackets after it or not
// (`법인명(상호)`), and the label's end: a colon after `및 …` (`상호명 및 호스팅 서비스 제공 :`), or a bracket and a colon
// or not. Then the name up to a separator, a line break (a block's edge) or the next label of the footer (at most 40
// characters); never inside a longer word such as `거래상호`.
const NAME_LABEL = String.raw`(?:상\s?호\s?명?|회\s?사\s?(?:명|이름)|법\s?인\s?명)(?:\s?\(\s?(?:상\s?호\s?명?|법\s?인\s?명|회\s?사\s?명)\s?\))?`;
const NAME_SEPARATORS = "|│ㅣ｜/,:：·ㆍ•";
const TRADE_NAME = new RegExp(
  String.raw`(?<![가-힣A-Za-z])${NAME_LABEL}(?:\s?및\s?[^:：|\n]{1,20}?\s?[:：]|\s?[)\]]?\s?[:：]?)\s?(?<name>[^${NAME_SEPARATORS}\s][^${NAME_SEPARATORS}\n]{0,39}?)\s?(?=[${NAME_SEPARATORS}\n]|${NAME_LABEL}\s?[:：]|대표|사업자|주소|소재지|사업장|전화|통신\s?판매|개인\s?정보|이메일|고객\s?센터|호스팅|TEL|Tel|FAX|Fax|E-?mail|$)`,
  "g",
);

/**
 * Whether what follows the label is a name: it has a letter or a digit, and it is not a template's variable
 * (카페24's `{$company_name}`, `{{name}}`, `${name}`) nor the label word itself (그누보드's example `회사명 : 회사명`).
 */
const isName = (name: string) =>
  /[가-힣A-Za-z0-9]/.test(name) && !/[{}]/.test(name) && !/^(?:상호명?|회사(?:명|이름)|법인명)$/.test(name.replace(/\s/g, ""));

/** The one distinct value among `found`, or null when there is none or more than one. */
const theOnly = (found: Iterable<string>) => {
  const distinct = new Set(found);
  return distinct.size === 1 ? ([...distinct][0] ?? null) : null;
};

/** The 사업자등록번호 (ten digits), 통신판매업 신고번호 and 상호 shown on a page, each when the page shows exactly one. */
export function readPageFacts(markup: string): PageFacts {
  const { text, linkNumbers } = readDocument(parseHtmlDocument(markup));
  const labelled = [...text.matchAll(BUSINESS_NUMBER)]
    .map((m) => `${m[1]}${m[2]}${m[3]}`)
    .filter((digits) => hasValidCheckDigit(digits) && !isExampleNumber(digits));
  // The 공정위 link's number contradicts a different labelled one; it is never read on its own.
  const others = linkNumbers.filter((digits) => hasValidCheckDigit(digits) && !isExampleNumber(digits));
  const businessNumber = labelled.length > 0 ? theOnly([...labelled, ...others]) : null;
  // A year or serial of zeros is a template's placeholder (`제0000-서울-0000호`), not a 신고번호.
  const mailOrders = [...text.matchAll(MAIL_ORDER_NUMBER)]
    .filter((m) => !/^0+$/.test(m[1] ?? "") && !/^0+$/.test(m[3] ?? ""))
    .map((m) => `${m[1]}-${m[2]}-${m[3]}`);
  const names = [...text.matchAll(TRADE_NAME)].map((m) => m.groups?.name?.trim() ?? "").filter(isName);
  return { businessNumber, mailOrderNumber: theOnly(mailOrders), tradeName: theOnly(names) };
}

// ---- 상호 불일치 ----

/** Words a 상호 carries for its legal form, not its name. */
const LEGAL_FORMS = /\(주\)|㈜|\(유\)|㈲|\(사\)|주식회사|유한회사|유한책임회사|합자회사|합명회사|농업회사법인|영농조합법인/g;

/** Words many unrelated businesses' names have: sharing one of them says nothing. */
const COMMON_WORDS = new Set([
  "도매",
  "도매처",
  "도매몰",
  "유통",
  "상사",
  "무역",
  "물산",
  "산업",
  "커머스",
  "코리아",
  "컴퍼니",
  "스토어",
  "쇼핑몰",
  "쇼핑",
  "몰",
  "샵",
  "shop",
  "store",
  "mall",
  "korea",
  "company",
  "co",
  "ltd",
  "inc",
  "corp",
  "commerce",
]);

/** The words of a name: legal forms out, lower-cased, split at anything that is not a letter or a digit. */
function nameWords(name: string) {
  return name
    .normalize("NFKC")
    .replace(LEGAL_FORMS, " ")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The words that tell a name apart (two characters or more, not a common word; all of them when none is left). */
function telling(words: string[]) {
  const long = words.filter((word) => word.length >= 2);
  const rare = long.filter((word) => !COMMON_WORDS.has(word));
  return rare.length > 0 ? rare : long;
}

/**
 * Whether two names share a word, `(주)`, `주식회사`, spaces and letter case aside: a telling word of one inside the
 * other written without spaces (`도매 온` and `(주)도매온`, `Dome Store` and `domestore`).
 */
export function namesShareWord(a: string, b: string) {
  const wordsA = nameWords(a);
  const wordsB = nameWords(b);
  const joinedA = wordsA.join("");
  const joinedB = wordsB.join("");
  if (joinedA && joinedA === joinedB) return true;
  return telling(wordsA).some((word) => joinedB.includes(word)) || telling(wordsB).some((word) => joinedA.includes(word));
}
