import {
  parseSitemapPart,
  sitemapIndexParts,
  sitemapIndexXml,
  sitemapPartEntries,
  sitemapXml,
} from "#app/features/sitemap/sitemap.server.ts";
import type { Route } from "./+types/sitemap";

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" };

/** /sitemap.xml: the index of the sitemap's files; /sitemap.xml?part=pages or ?part=wholesalers-N: one file. */
export async function loader({ request }: Route.LoaderArgs) {
  const part = new URL(request.url).searchParams.get("part");
  if (part === null) return new Response(sitemapIndexXml(await sitemapIndexParts()), { headers: XML_HEADERS });
  const parsed = parseSitemapPart(part);
  const entries = parsed ? await sitemapPartEntries(parsed) : null;
  if (!entries)
    return new Response("사이트맵 파일을 찾을 수 없습니다.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(sitemapXml(entries), { headers: XML_HEADERS });
}
