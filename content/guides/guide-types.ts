/**
 * Shape of an editorial guide under /sellinginsight/{slug}.
 *
 * Inline text (paragraphs, list items, table cells, tips) may use two tiny markups, rendered by the guide page:
 *   **굵게**                      → <strong>
 *   [링크 이름](https://…)         → an outside link, opened in a new tab with rel="noopener noreferrer"
 *   [링크 이름](/tools/margin)     → a page of this site, in the same tab
 * Nothing else is interpreted: the text is rendered as text, never as HTML.
 */
export type GuideBlock =
  | { type: "p"; text: string }
  | { type: "h3"; text: string }
  | { type: "ul"; items: string[] }
  | { type: "ol"; items: string[] }
  | { type: "table"; caption: string; head: string[]; rows: string[][] }
  | { type: "tip"; text: string };

export type GuideSection = {
  /** ASCII slug used as the heading's id and in the table of contents link (#id). */
  id: string;
  heading: string;
  blocks: GuideBlock[];
};

/**
 * A page the guide was checked against, listed under "참고한 자료" at the end of the guide. Official pages (a public
 * body, or the platform's own notice or help page) come first. A test holds every source to 2024 or later unless it
 * is `historical`, and an undated page to the day it was read.
 */
export type GuideSource = {
  /** The page's title, as the publisher names it, or a description of the page when its title is not known. */
  name: string;
  /** Who published it (a ministry, Naver, a newspaper, a seller's blog…). */
  publisher: string;
  /** The page's date: "2025-03-11", or "2025-03" / "2025" when only that much is shown, or "게시일 미표기". */
  date: string;
  url: string;
  /** A public body's page or the platform's own notice or help page. */
  official?: true;
  /** For an undated page: the day it was read (ISO date). */
  readOn?: string;
  /**
   * An older page kept on purpose: it records a rule, or a platform's practice, as it was made or announced, and no
   * newer page was found to replace it. Shown to the reader as "규정이 나올 당시의 자료".
   */
  historical?: true;
};

export type Guide = {
  slug:
    | "algorithm-strategy"
    | "keyword-strategy"
    | "detailpage-strategy"
    | "review-strategy"
    | "traffic-strategy"
    | "promotion-strategy"
    | "ad-strategy"
    | "trend-strategy";
  /** The page's <h1> and <title>. */
  title: string;
  /** One or two sentences for <meta name="description"> and Open Graph; also the card text on /seller-info. */
  description: string;
  /** ISO date of the last editorial review against the sources (shown as 마지막 검토; never in the future). */
  updatedAt: string;
  intro: string;
  sections: GuideSection[];
  /** At least three sources, official first; every figure in the guide comes from one of them or is written as an example. */
  sources: GuideSource[];
};
