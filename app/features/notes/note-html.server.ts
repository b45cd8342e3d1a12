import sanitizeHtml from "sanitize-html";

/**
 * Seller-note HTML, cut down to what the editor's toolbar can make (docs/decisions/0008):
 * 제목 1/제목 2 → h2/h3, paragraphs, bold, italic, underline, both lists, line breaks, links and images.
 * Everything else goes: other tags (their text stays, except for script-like tags whose content goes
 * too), every attribute but href/src/alt, and any URL that is not absolute http(s) (or mailto for links).
 * Applied before a note is stored and again when it is rendered.
 */
const ALLOWED_TAGS = ["h2", "h3", "p", "strong", "em", "u", "ol", "ul", "li", "br", "a", "img"];

/** Tags dropped together with everything inside them (their text is code or markup, not prose). */
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "title",
  "iframe",
  "object",
  "embed",
  "template",
  "svg",
  "math",
  "xmp",
  "noembed",
  "noframes",
  "plaintext",
  "head",
  "select",
  "frameset",
  "applet",
];

function linkHref(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" || url.protocol === "mailto:" ? url.href : null;
  } catch {
    return null;
  }
}

function imageSrc(value: string | undefined): string | null {
  const href = linkHref(value);
  return href && !href.startsWith("mailto:") ? href : null;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "rel", "target"], img: ["src", "alt", "loading"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_CONTENT,
  // Not a transform to a disallowed tag: sanitize-html then closes the next sibling with the wrong name.
  exclusiveFilter: (frame) => {
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    if (frame.tag === "img" && !frame.attribs.src) return true;
    return false;
  },
  transformTags: {
    // Pasted content: older or heavier markup becomes the editor's own.
    h1: "h2",
    h4: "h3",
    h5: "h3",
    h6: "h3",
    b: "strong",
    i: "em",
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = linkHref(attribs.href);
      // A link to somewhere unsafe keeps its words as plain text (exclusiveFilter unwraps it).
      if (!href) return { tagName: "a", attribs: {} };
      return { tagName: "a", attribs: { href, rel: "noopener noreferrer", target: "_blank" } };
    },
    img: (_tag, attribs): sanitizeHtml.Tag => {
      const src = imageSrc(attribs.src);
      if (!src) return { tagName: "img", attribs: {} };
      return { tagName: "img", attribs: { src, alt: attribs.alt ?? "", loading: "lazy" } };
    },
  },
};

export function sanitizeNoteHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const textOnly: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_CONTENT };

/** The words of a note, without markup (for the list's excerpt and blank checks). */
export function noteText(html: string): string {
  // Block ends become spaces so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = html.replace(/<\/(p|h2|h3|li)>|<br\s*\/?>/gi, (m) => `${m} `);
  const escaped = sanitizeHtml(spaced, textOnly);
  return escaped
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

export function noteExcerpt(html: string, maxLength = 120): string {
  const text = noteText(html);
  return text.length > maxLength ? `${text.slice(0, maxLength).trimEnd()}…` : text;
}

/** True when sanitised HTML has neither words nor an image: "<p></p>" is as blank as "". */
export function isBlankNoteHtml(sanitized: string): boolean {
  return noteText(sanitized) === "" && !/<img\s/i.test(sanitized);
}

/** Any of the editor's own tags: a text-area value holding one is taken as HTML (e.g. a note being edited). */
const EDITOR_TAG = /<\/?(p|h2|h3|ul|ol|li|br|strong|em|u|a|img)[\s/>]/i;

/**
 * The no-JavaScript form posts whatever was typed in a plain text area. Unless it uses the editor's
 * tags, it is prose: every character is kept as text ("<script>" included), blank lines start a new
 * paragraph and single line breaks stay.
 */
export function plainTextToHtml(value: string): string {
  if (EDITOR_TAG.test(value)) return value;
  const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return value
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeText(block).replace(/\n/g, "<br>")}</p>`)
    .join("");
}
