/** Title, description and Open Graph tags for a page, in one call from a route's `meta`. */
export function pageMeta({ title, description, siteName = "도매온", image }: { title: string; description: string; siteName?: string; image?: string }) {
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "ko_KR" },
    ...(image ? [{ property: "og:image", content: image }] : []),
  ];
}
