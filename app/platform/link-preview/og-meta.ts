/**
 * Finds a page's preview image in the <meta> tags of its <head>. Real pages write these tags every way
 * HTML allows (attribute order, quotes or none, upper case, entities), so this is a small tolerant scan,
 * not a full HTML parser.
 */

/** In order of preference; the first that gives an acceptable absolute URL wins. */
const IMAGE_KEYS = ["og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"];
const MAX_VALUE_LENGTH = 2048;

export function findOgImage(html: string, pageUrl: URL, accept: (candidate: URL) => boolean = () => true): string | null {
  const head = headOf(html);
  const base = baseUrl(head, pageUrl);
  const byKey = new Map<string, string[]>();
  for (const attributes of metaTags(head)) {
    const key = (attributes.get("property") ?? attributes.get("name") ?? attributes.get("itemprop") ?? "").trim().toLowerCase();
    const value = attributes.get("content") ?? attributes.get("value");
    if (!IMAGE_KEYS.includes(key) || !value) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), value]);
  }
  for (const key of IMAGE_KEYS) {
    for (const value of byKey.get(key) ?? []) {
      const resolved = absoluteHttpUrl(value, base);
      if (resolved && accept(resolved)) return resolved.href;
    }
  }
  return null;
}

/** The part before </head> (or <body>), without comments and script/style bodies that may mimic tags. */
function headOf(html: string) {
  const end = html.search(/<\/head\s*>|<body[\s>]/i);
  return (end === -1 ? html : html.slice(0, end))
    .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
    .replace(/<(script|style|noscript|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, "");
}

/**
 * The attributes of each <meta> tag, scanned by hand in one pass: a regular expression over tags with
 * quoted parts backtracks badly on hostile input (thousands of unclosed quotes), a 2 MB head included.
 */
function* metaTags(head: string) {
  const lower = head.toLowerCase();
  let at = lower.indexOf("<meta");
  while (at !== -1) {
    const next = lower.charAt(at + 5);
    if (next && !/[\s/>]/.test(next)) {
      at = lower.indexOf("<meta", at + 5);
      continue;
    }
    const tag = readAttributes(head, at + 5);
    if (!tag) return; // an unclosed quote runs to the end of the document
    yield tag.attributes;
    at = lower.indexOf("<meta", tag.end);
  }
}

function readAttributes(source: string, from: number): { attributes: Map<string, string>; end: number } | null {
  const attributes = new Map<string, string>();
  const isSpace = (char: string) => char === " " || char === "\n" || char === "\t" || char === "\r" || char === "\f";
  let i = from;
  while (i < source.length) {
    while (i < source.length && (isSpace(source.charAt(i)) || source.charAt(i) === "/")) i += 1;
    if (i >= source.length) return null;
    if (source.charAt(i) === ">") return { attributes, end: i + 1 };
    const nameStart = i;
    while (i < source.length && !isSpace(source.charAt(i)) && !"/>=".includes(source.charAt(i))) i += 1;
    const name = source.slice(nameStart, i).toLowerCase();
    while (i < source.length && isSpace(source.charAt(i))) i += 1;
    let value = "";
    if (source.charAt(i) === "=") {
      i += 1;
      while (i < source.length && isSpace(source.charAt(i))) i += 1;
      const quote = source.charAt(i);
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = source.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < source.length && !isSpace(source.charAt(i)) && source.charAt(i) !== ">") i += 1;
        value = source.slice(valueStart, i);
      }
    }
    // HTML keeps the first of duplicated attributes.
    if (name && !attributes.has(name)) attributes.set(name, decodeEntities(value));
  }
  return null;
}

function baseUrl(head: string, pageUrl: URL) {
  const href = /<base\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(head);
  const value = href ? decodeEntities(href[1] ?? href[2] ?? href[3] ?? "") : "";
  return (value && absoluteHttpUrl(value, pageUrl)) || pageUrl;
}

function absoluteHttpUrl(value: string, base: URL): URL | null {
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > MAX_VALUE_LENGTH) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(value: string) {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      const valid = Number.isFinite(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : "\ufffd";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}
