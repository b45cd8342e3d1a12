/**
 * Reading a proof of control (docs/decisions/0035) out of what a supplier's site answered. Pure text work: the
 * fetch is claims.server.ts's. A meta tag counts only inside the page's <head> and outside comments, scripts and
 * styles; the file counts only when its whole content (spaces and line ends aside) is the code.
 */

export const META_NAME = "domaeon-site-verification";
export const PROOF_FILE_PATH = "/domaeon-verification.txt";

/**
 * The <head> of a page as markup a browser would read: comments, and what a browser reads as text or code rather
 * than tags (scripts, styles, templates, noscript, title, textarea), removed.
 */
export function headMarkup(html: string): string {
  const withoutComments = html.replace(/<!--[\s\S]*?(?:-->|$)/g, " ");
  const end = withoutComments.search(/<\/head\s*>|<body[\s>]/i);
  const head = end < 0 ? withoutComments : withoutComments.slice(0, end);
  return head.replace(/<(script|style|template|noscript|title|textarea)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, " ");
}

/** Every `content` of a `<meta name="domaeon-site-verification">` in the page's head. */
export function metaCodesOf(html: string): string[] {
  const codes: string[] = [];
  for (const tag of headMarkup(html).match(/<meta\b[^>]*>/gi) ?? []) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(/([a-zA-Z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      attributes.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
    }
    if (attributes.get("name")?.trim().toLowerCase() === META_NAME) codes.push((attributes.get("content") ?? "").trim());
  }
  return codes;
}

/** Whether the page's head carries the code in the meta tag. */
export function pageHasMetaCode(html: string, code: string) {
  return metaCodesOf(html).includes(code);
}

/** Whether the code is anywhere in the page (to tell the supplier it is in the wrong place). */
export function pageMentionsCode(html: string, code: string) {
  return html.includes(code);
}

/** Whether a proof file's content is the code (a byte-order mark, spaces and line ends around it are fine). */
export function fileHasCode(text: string, code: string) {
  return text.replace(/^\uFEFF/, "").trim() === code;
}
