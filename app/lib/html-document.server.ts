import { type DefaultTreeAdapterTypes, html, parse } from "parse5";

/**
 * Reading another site's HTML as a browser does (docs/decisions/0041): parse5 builds the document with the
 * WHATWG tree construction algorithm, so what counts as an element, and where it ends up, is what a browser
 * would build: markup inside an attribute, a comment, a script, a <noscript> (scripting on, as in a browser),
 * an <xmp>, an <iframe srcdoc> or CDATA is text, and an element the <head> cannot hold closes it. Pattern
 * matching on the markup cannot know any of that. For the claim's meta tag (features/suppliers) and, later,
 * the home page's 사업자 정보 (features/official-records).
 */

export type HtmlDocument = DefaultTreeAdapterTypes.Document;
export type HtmlElement = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

export function parseHtmlDocument(markup: string): HtmlDocument {
  return parse(markup, { scriptingEnabled: true });
}

const isHtmlElement = (node: DefaultTreeAdapterTypes.ChildNode): node is HtmlElement =>
  "tagName" in node && node.namespaceURI === html.NS.HTML;

/** The HTML elements directly under `parent`, of one tag name when given. */
export function childElements(parent: ParentNode, tagName?: string): HtmlElement[] {
  return parent.childNodes.filter(isHtmlElement).filter((element) => !tagName || element.tagName === tagName);
}

/** The document's <head> as the parser built it (every document has one, made up when the markup has none). */
export function headOf(document: HtmlDocument): HtmlElement | null {
  const root = childElements(document, "html")[0];
  return root ? (childElements(root, "head")[0] ?? null) : null;
}

/** An attribute's value (names are lower-cased by the parser), or null when the element has none. */
export function attributeOf(element: HtmlElement, name: string): string | null {
  return element.attrs.find((attribute) => attribute.name === name && !attribute.namespace)?.value ?? null;
}
