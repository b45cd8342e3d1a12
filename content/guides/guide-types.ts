/**
 * Shape of an editorial guide under /sellinginsight/{slug}.
 *
 * Inline text (paragraphs, list items, table cells, tips) may use two tiny markups, rendered by the guide page:
 *   **굵게**                      → <strong>
 *   [링크 이름](https://…)         → an outside link, opened in a new tab with rel="noopener noreferrer"
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
  /** ISO date of the last editorial review, e.g. "2026-11-23". */
  updatedAt: string;
  intro: string;
  sections: GuideSection[];
};
