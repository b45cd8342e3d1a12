/** `<link rel="canonical">` for a route's meta; the loader computes the absolute address on the server. */
export function canonicalLink(href: string) {
  return { tagName: "link", rel: "canonical", href } as const;
}
