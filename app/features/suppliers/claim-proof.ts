import { attributeOf, childElements, headOf, parseHtmlDocument } from "#app/lib/html-document.server.ts";
import { META_NAME } from "./claim-rules.ts";

/**
 * Reading a proof of control (docs/decisions/0035) out of what a supplier's site answered. Pure text work: the
 * fetch is claims.server.ts's. A meta tag counts only as a `meta` element of the page's <head> as an HTML parser
 * builds it (docs/decisions/0041): the code inside another tag's attribute, a comment, a script, a <noscript>,
 * an <xmp>, an <svg>, an <iframe srcdoc>, CDATA or the body proves nothing. The file counts only when its whole
 * content (spaces and line ends aside) is the code.
 */

/** Every `content` of a `<meta name="domaeon-site-verification">` in the page's head. */
export function metaCodesOf(markup: string): string[] {
  const head = headOf(parseHtmlDocument(markup));
  if (!head) return [];
  return childElements(head, "meta")
    .filter((meta) => attributeOf(meta, "name")?.trim().toLowerCase() === META_NAME)
    .map((meta) => (attributeOf(meta, "content") ?? "").trim());
}

/** Whether the page's head carries the code in the meta tag. */
export function pageHasMetaCode(markup: string, code: string) {
  return metaCodesOf(markup).includes(code);
}

/** Whether the code is anywhere in the page (to tell the supplier it is in the wrong place). */
export function pageMentionsCode(markup: string, code: string) {
  return markup.includes(code);
}

/** Whether a proof file's content is the code (a byte-order mark, spaces and line ends around it are fine). */
export function fileHasCode(text: string, code: string) {
  return text.replace(/^\uFEFF/, "").trim() === code;
}
