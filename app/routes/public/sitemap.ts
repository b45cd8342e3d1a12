import { sitemapEntries, sitemapXml } from "#app/features/sitemap/sitemap.server.ts";

export async function loader() {
  const xml = sitemapXml(await sitemapEntries());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
