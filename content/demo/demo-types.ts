/** Demo content loaded on the first start of an empty database (unless SEED_DEMO=0) and by `npm run db:seed`. */

import type { Category } from "#app/db/categories.ts";
import type { WholesalerTerms } from "#app/db/term-values.ts";

// The canonical chip list lives with the app; the demo content is checked against it.
export { CATEGORIES, type Category } from "#app/db/categories.ts";

export type DemoWholesaler = {
  name: string;
  category: Category;
  /** The supplier's official home page, https where the site supports it. */
  siteUrl: string;
  /** One line in our own words: what the supplier is good for, for a Korean online seller. */
  summary: string;
  /** e.g. "택배 배송", "위탁 배송(직배송)" */
  delivery: string;
  /** e.g. "사입 가능", "위탁 전용", "사입·위탁 모두 가능" */
  purchase: string;
  /** e.g. "해외 배송 가능", "국내 전용" */
  international: string;
  /** Only a contact the supplier publishes; otherwise "홈페이지 고객센터". Never an invented phone number. */
  contact: string;
  /**
   * Terms that the supplier's own public page states, with that page and the day it was read. Any term
   * the page does not state is left out (unknown, `확인 필요`); nothing is guessed (docs/spec/decisions.md 17).
   */
  terms?: Partial<Omit<WholesalerTerms, "termsSource" | "termsCheckedAt">> & { termsSource: string; termsCheckedAt: string };
  /**
   * Where the supplier is listed, when its row rests on a list or an article rather than on a page of its own read for
   * its terms (that page is `terms.termsSource`): the row's name and category rest on it, its address too unless
   * `siteNotFromSource`, its summary only where the comment beside it says so. Kept with the content for the record and
   * its test (demo-content.test.ts); not stored.
   */
  source?: DemoSource;
};

/**
 * The operator's legacy export (shared/data/wholesalers-legacy.json, committed as tests/fixtures/wholesalers-legacy.json):
 * 232 real suppliers with a name, a category under an older name and an address. A file, so a source naming it has no
 * address; it states nothing about a supplier's terms.
 */
export const LEGACY_EXPORT = "운영자의 이전 도매처 목록(wholesalers-legacy.json)";

export type DemoSource = {
  /** How a reader finds it: a page's title and publisher, or LEGACY_EXPORT. */
  name: string;
  /** The page's address; none for LEGACY_EXPORT, a file. */
  url?: string;
  /** The page's date (YYYY-MM-DD), when it shows one. */
  date?: string;
  /**
   * The row's `siteUrl` is not from this source: it names the supplier and its category but gives no address for it
   * (an article) or another one (a blog post, another site).
   */
  siteNotFromSource?: true;
};

export type DemoSeller = { email: string; name: string };

export type DemoProduct = {
  name: string;
  summary: string;
  /** Whole won. */
  price: number;
  /** Index into demoSellers: who registered it. */
  owner: number;
  /** Optional real page address (e.g. a Naver Shopping search URL); "" when none. */
  siteUrl: string;
};

export type DemoExternalProduct = {
  title: string;
  /** A real address, e.g. https://search.shopping.naver.com/ns/search?query=<encoded title> */
  productUrl: string;
  /** Shown as given, e.g. "29,900원"; "" for a search page, whose prices change by the minute. */
  price: string;
};

export type DemoSellerNote = {
  title: string;
  /** HTML using only h2, h3, p, strong, em, u, ol, ul, li, a (http/https), br. */
  content: string;
  /** Days before the seed date, so the notes have different dates. */
  daysAgo: number;
};
