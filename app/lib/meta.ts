/** The default picture of a shared link (1200×630, scripts/generate-icons.ts). */
export const DEFAULT_OG_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

/** What pageMeta needs from a route's meta arguments: the address and the root loader's public origin. */
export type PageAddress = {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

/** The site's public origin as the root loader reports it (PUBLIC_URL's origin), or null on an error page. */
function publicOrigin(matches: PageAddress["matches"]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: unknown } | undefined;
  return typeof root?.origin === "string" ? root.origin : null;
}

/**
 * The page's own address: the origin, the path, and only the query parameters that define the page (`keep`, in that
 * order; e.g. /list?category=…), so that sorting or a login's redirectTo never makes a second address for one page.
 */
export function canonicalUrl(origin: string, location: PageAddress["location"], keep: readonly string[] = []) {
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const name of keep) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return `${origin}${location.pathname}${query ? `?${query}` : ""}`;
}

/**
 * Title, description and Open Graph tags for a page, in one call from a route's `meta`. Given the meta arguments
 * (`at`: `(args) => pageMeta({…}, args)`), a public page also gets its canonical link, og:url and an og:image (the
 * site's default picture when the page has none), so a link pasted into KakaoTalk or a blog shows a title, a
 * description and a picture.
 */
export function pageMeta(
  {
    title,
    description,
    siteName = "도매온",
    image,
    query,
    url: givenUrl,
  }: {
    title: string;
    description: string;
    siteName?: string;
    image?: string;
    /** Query parameters that define the page and stay in its canonical address. */
    query?: readonly string[];
    /** The canonical address when the loader already knows it (e.g. a normalised id), instead of the request's. */
    url?: string;
  },
  at?: PageAddress,
) {
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  const origin = at ? publicOrigin(at.matches) : null;
  const url = givenUrl ?? (origin && at ? canonicalUrl(origin, at.location, query) : null);
  const imageUrl = image && origin ? new URL(image, origin).href : image;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "ko_KR" },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    ...(!imageUrl && origin
      ? [
          { property: "og:image", content: `${origin}${DEFAULT_OG_IMAGE.path}` },
          { property: "og:image:width", content: String(DEFAULT_OG_IMAGE.width) },
          { property: "og:image:height", content: String(DEFAULT_OG_IMAGE.height) },
          { property: "og:image:alt", content: siteName },
        ]
      : []),
    ...(url ? [{ property: "og:url", content: url }, { tagName: "link", rel: "canonical", href: url } as const] : []),
  ];
}
