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

/** A page the guide was checked against, listed under "참고한 자료" at the end of the guide. */
export type GuideSource = {
  /** The page's title, as the publisher names it. */
  name: string;
  /** Who published it (a ministry, Naver, a newspaper, a seller's blog…). */
  publisher: string;
  /** The page's date: "2025-03-11", or "2025-03" / "2025" when only that much is shown, or "게시일 미표기". */
  date: string;
  url: string;
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
  /** At least three current sources; every figure in the guide comes from one of them or is written as an example. */
  sources: GuideSource[];
};
