/**
 * Atom 1.0 documents (RFC 4287) written as text: /updates.xml and /sellernote.xml (docs/decisions/0053). Every value
 * goes through `xmlText`, which escapes the five markup characters and drops what XML 1.0 cannot hold at all (control
 * characters other than tab and line breaks, lone surrogates, U+FFFE and U+FFFF), so no supplier name, title or
 * address can break the document or add an element to it.
 */

/** Characters XML 1.0 does not allow in a document, even escaped. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing what XML cannot hold is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export type AtomEntry = {
  /** A URI that names the entry for good (a tag: URI or the page's address). */
  id: string;
  title: string;
  /** The page the entry is about. */
  link: string;
  updated: Date;
  published?: Date;
  /** Plain text. */
  summary: string;
  categories?: string[];
};

export type AtomFeed = {
  id: string;
  title: string;
  subtitle?: string;
  /** The feed's own address (rel="self") and the page it mirrors (rel="alternate"). */
  selfLink: string;
  pageLink: string;
  author: string;
  /** When the newest entry changed (or when the feed was made, for a feed without entries). */
  updated: Date;
  entries: AtomEntry[];
};

const element = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

export function atomXml(feed: AtomFeed): string {
  const entries = feed.entries.map((entry) =>
    [
      "  <entry>",
      `    ${element("id", entry.id)}`,
      `    <title type="text">${xmlText(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(entry.link)}"/>`,
      `    ${element("updated", entry.updated.toISOString())}`,
      ...(entry.published ? [`    ${element("published", entry.published.toISOString())}`] : []),
      ...(entry.categories ?? []).filter(Boolean).map((term) => `    <category term="${xmlText(term)}"/>`),
      `    <summary type="text">${xmlText(entry.summary)}</summary>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ko">',
    `  ${element("id", feed.id)}`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    ...(feed.subtitle ? [`  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`] : []),
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.selfLink)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.pageLink)}"/>`,
    `  ${element("updated", feed.updated.toISOString())}`,
    `  <author>${element("name", feed.author)}</author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

/** The headers of a feed: its type, and a cache of 10 minutes (a feed reader polls). */
export const ATOM_HEADERS = { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=600" };
