import { hasValidCheckDigit } from "#app/lib/business-number.ts";

/**
 * The 사업자 정보 a Korean online shop must show (전자상거래법 §10), read from the text of its home page as the
 * site check fetched it: a `사업자등록번호` (or `사업자번호`) followed by a number with a valid check digit, and
 * a `통신판매업 신고번호`-style number (`2026-서울강남-01234`). Only what a visitor can read counts: scripts,
 * styles, templates and comments are left out, and a number is taken only when the page shows exactly one
 * (a page with several different numbers, a list of shops for one, reads nothing). Linear in the page's
 * size: tags are skipped with indexOf, and every pattern is bounded.
 */

export type PageFacts = { businessNumber: string | null; mailOrderNumber: string | null };

const HIDDEN_ELEMENTS = ["script", "style", "template", "textarea", "title"] as const;

/** The text a visitor reads: the markup without hidden elements and comments, entities decoded, spaces collapsed. */
export function visibleTextOf(html: string): string {
  const lower = html.toLowerCase();
  const parts: string[] = [];
  let at = 0;
  while (at < html.length) {
    const open = lower.indexOf("<", at);
    if (open === -1) {
      parts.push(html.slice(at));
      break;
    }
    parts.push(html.slice(at, open));
    if (lower.startsWith("<!--", open)) {
      const end = lower.indexOf("-->", open + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    const hidden = HIDDEN_ELEMENTS.find(
      (name) => lower.startsWith(`<${name}`, open) && /[\s>/]/.test(lower[open + name.length + 1] ?? ">"),
    );
    if (hidden) {
      const end = lower.indexOf(`</${hidden}`, open);
      const close = end === -1 ? -1 : lower.indexOf(">", end);
      at = close === -1 ? html.length : close + 1;
      continue;
    }
    const close = lower.indexOf(">", open);
    at = close === -1 ? html.length : close + 1;
    parts.push(" ");
  }
  return decodeEntities(parts.join(""))
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", middot: "·", colon: ":" };

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    const key = name.toLowerCase();
    if (ENTITIES[key]) return ENTITIES[key];
    const code = key.startsWith("#x") ? Number.parseInt(key.slice(2), 16) : key.startsWith("#") ? Number(key.slice(1)) : Number.NaN;
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

// The label, then at most 12 characters that are not digits (` : `, `]`, `(`…), then the number itself.
const BUSINESS_NUMBER = /사업자\s?(?:등록\s?)?번호[^0-9]{0,12}?(?<!\d)(\d{3})[\s.-]?(\d{2})[\s.-]?(\d{5})(?!\d)/g;
const MAIL_ORDER_NUMBER =
  /통신\s?판매\s?(?:업\s?)?(?:신고\s?)?(?:번호)?[^0-9]{0,12}?(?<!\d)(?:제\s?)?(\d{4})\s?-\s?([가-힣A-Za-z]{2,12})\s?-\s?(\d{1,6})(?!\d)/g;

/** The one distinct value among `found`, or null when there is none or more than one. */
const theOnly = (found: Iterable<string>) => {
  const distinct = new Set(found);
  return distinct.size === 1 ? ([...distinct][0] ?? null) : null;
};

/** The 사업자등록번호 (ten digits) and 통신판매업 신고번호 shown on a page, each when the page shows exactly one. */
export function readPageFacts(html: string): PageFacts {
  const text = visibleTextOf(html);
  const numbers = [...text.matchAll(BUSINESS_NUMBER)].map((m) => `${m[1]}${m[2]}${m[3]}`).filter(hasValidCheckDigit);
  const mailOrders = [...text.matchAll(MAIL_ORDER_NUMBER)].map((m) => `${m[1]}-${m[2]}-${m[3]}`);
  return { businessNumber: theOnly(numbers), mailOrderNumber: theOnly(mailOrders) };
}
