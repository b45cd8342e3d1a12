import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { JsonLd, serializeJsonLd } from "#app/components/json-ld.tsx";
import { db } from "#app/db/client.server.ts";
import { sellerNotes, wholesalers } from "#app/db/schema.ts";
import { NonceContext } from "#app/lib/nonce.ts";
import { loader as robotsLoader } from "#app/routes/public/robots.ts";
import { loader as sitemapLoader } from "#app/routes/public/sitemap.ts";
import { guides } from "#content/guides/all-guides.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const ORIGIN = "http://localhost:3000";

test("sitemap.xml lists the public pages, every guide, and the wholesalers and notes that exist, with dates", async () => {
  const [wholesaler] = await db().insert(wholesalers).values({ name: "사이트맵 도매", siteUrl: "https://example.com" }).returning();
  const [note] = await db().insert(sellerNotes).values({ title: "사이트맵 노트", content: "<p>본문</p>" }).returning();
  const [gone] = await db().insert(sellerNotes).values({ title: "지운 노트", content: "<p>x</p>" }).returning();
  await db().delete(sellerNotes).where(eq(sellerNotes.id, gone!.id));

  const response = await sitemapLoader();
  expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);

  const urls = new Map([...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => [m[1], m[2]]));
  for (const path of ["/list", "/products", "/seller-info", "/sellernote"]) expect(urls.has(`${ORIGIN}${path}`)).toBe(true);
  for (const guide of guides)
    expect(urls.get(`${ORIGIN}/sellinginsight/${guide.slug}`)).toMatch(new RegExp(`^${guide.updatedAt.slice(0, 8)}`));
  expect(urls.get(`${ORIGIN}/wholesaler/${wholesaler!.id}`)).toBe(wholesaler!.updatedAt.toISOString());
  expect(urls.get(`${ORIGIN}/sellernote/${note!.id}`)).toBe(note!.updatedAt.toISOString());
  expect(urls.has(`${ORIGIN}/sellernote/${gone!.id}`)).toBe(false);
  expect(urls.get(`${ORIGIN}/sellernote`)).toBe(note!.updatedAt.toISOString());
  // Nothing private is listed.
  for (const loc of urls.keys()) expect(loc).not.toMatch(/\/(admin|api|add|edit)(\/|$)/);
});

test("robots.txt allows crawling, keeps bots out of admin, API and forms, and names the sitemap", async () => {
  const text = await robotsLoader().text();
  expect(text).toContain("User-agent: *\nAllow: /\n");
  for (const path of ["/admin", "/api", "/add", "/edit"]) expect(text).toContain(`Disallow: ${path}\n`);
  expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});

test("JSON-LD cannot close its script tag, whatever the title says, and carries the page's nonce", () => {
  const data = { headline: '</script><script>alert("x")</script> & <!--', note: "줄\u2028바꿈" };
  const json = serializeJsonLd(data);
  expect(json).not.toMatch(/[<>&\u2028]/);
  expect(JSON.parse(json)).toEqual(data);
  const html = renderToStaticMarkup(
    <NonceContext.Provider value="abc123">
      <JsonLd data={data} />
    </NonceContext.Provider>,
  );
  expect(html).toBe(`<script type="application/ld+json" nonce="abc123">${json}</script>`);
  expect(html.match(/<\/script>/g)).toHaveLength(1);
});
