import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { products, sellerNotes, wholesalers } from "#app/db/schema.ts";
import { loader as robotsLoader } from "#app/routes/public/robots.ts";
import { loader as sitemapLoader } from "#app/routes/public/sitemap.ts";
import { guides } from "#content/guides/all-guides.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const ORIGIN = "http://localhost:3000";

const sitemap = async (query = "") => {
  const response = await sitemapLoader({ request: new Request(`${ORIGIN}/sitemap.xml${query}`) } as never);
  return { status: response.status, type: response.headers.get("Content-Type"), xml: await response.text() };
};
const urlsOf = (xml: string) =>
  new Map([...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => [m[1]!, m[2]]));
const filesOf = (xml: string) => [...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

test("sitemap.xml is an index of files: the pages file lists the public pages, every guide and the notes that exist; a supplier file lists the suppliers, with dates", async () => {
  const [wholesaler] = await db().insert(wholesalers).values({ name: "사이트맵 도매", siteUrl: "https://example.com" }).returning();
  const [note] = await db().insert(sellerNotes).values({ title: "사이트맵 노트", content: "<p>본문</p>" }).returning();
  const [gone] = await db().insert(sellerNotes).values({ title: "지운 노트", content: "<p>x</p>" }).returning();
  await db().delete(sellerNotes).where(eq(sellerNotes.id, gone!.id));

  const index = await sitemap();
  expect(index.type).toMatch(/^application\/xml/);
  expect(index.xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  expect(filesOf(index.xml)).toEqual([`${ORIGIN}/sitemap.xml?part=pages`, `${ORIGIN}/sitemap.xml?part=wholesalers-1`]);

  const pages = await sitemap("?part=pages");
  expect(pages.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const urls = urlsOf(pages.xml);
  for (const path of ["/list", "/products", "/seller-info", "/sellernote", "/updates", "/data"])
    expect(urls.has(`${ORIGIN}${path}`)).toBe(true);
  for (const guide of guides)
    expect(urls.get(`${ORIGIN}/sellinginsight/${guide.slug}`)).toMatch(new RegExp(`^${guide.updatedAt.slice(0, 8)}`));
  expect(urls.get(`${ORIGIN}/sellernote/${note!.id}`)).toBe(note!.updatedAt.toISOString());
  expect(urls.has(`${ORIGIN}/sellernote/${gone!.id}`)).toBe(false);
  expect(urls.get(`${ORIGIN}/sellernote`)).toBe(note!.updatedAt.toISOString());
  expect(urls.get(`${ORIGIN}/list`)).toBe(wholesaler!.updatedAt.toISOString());

  const suppliers = urlsOf((await sitemap("?part=wholesalers-1")).xml);
  expect(suppliers.get(`${ORIGIN}/wholesaler/${wholesaler!.id}`)).toBe(wholesaler!.updatedAt.toISOString());
  // Nothing private is listed.
  for (const loc of [...urls.keys(), ...suppliers.keys()]) expect(loc).not.toMatch(/\/(admin|api|add|edit)(\/|$)/);
  // Files that do not exist are a 404.
  for (const part of ["wholesalers-2", "wholesalers-0", "products", "products-1", "../etc", "wholesalers-1x"])
    expect((await sitemap(`?part=${part}`)).status).toBe(404);
});

test("each product page is in a products file of the index, with its date; without products there is no such file", async () => {
  expect(filesOf((await sitemap()).xml)).not.toContain(`${ORIGIN}/sitemap.xml?part=products-1`);
  const [product] = await db().insert(products).values({ name: "사이트맵 상품", price: 1000 }).returning();
  expect(filesOf((await sitemap()).xml)).toContain(`${ORIGIN}/sitemap.xml?part=products-1`);
  const listed = urlsOf((await sitemap("?part=products-1")).xml);
  expect([...listed]).toEqual([[`${ORIGIN}/product/${product!.id}`, product!.updatedAt.toISOString()]]);
  expect((await sitemap("?part=products-2")).status).toBe(404);
  await db().delete(products);
});

test("at 120,000 published suppliers the index names three supplier files of at most 50,000 addresses, together every supplier once; waiting ones are left out", async () => {
  await db().delete(wholesalers);
  await db().execute(sql`
    INSERT INTO wholesalers (name, site_url, status)
    SELECT '도매 ' || g, 'https://s' || g || '.example.com/', CASE WHEN g % 1000 = 0 THEN 'review' ELSE 'published' END
    FROM generate_series(1, 120120) AS g`);
  const published = 120_120 - 120;
  const files = filesOf((await sitemap()).xml);
  expect(files).toEqual([
    `${ORIGIN}/sitemap.xml?part=pages`,
    `${ORIGIN}/sitemap.xml?part=wholesalers-1`,
    `${ORIGIN}/sitemap.xml?part=wholesalers-2`,
    `${ORIGIN}/sitemap.xml?part=wholesalers-3`,
  ]);
  const seen = new Set<string>();
  const sizes: number[] = [];
  for (const file of files.slice(1)) {
    const urls = [...urlsOf((await sitemap(new URL(file!).search)).xml).keys()];
    sizes.push(urls.length);
    for (const url of urls) seen.add(url);
  }
  expect(sizes).toEqual([50_000, 50_000, published - 100_000]);
  expect(seen.size).toBe(published);
  const [waiting] = await db().select({ id: wholesalers.id }).from(wholesalers).where(eq(wholesalers.status, "review")).limit(1);
  expect(seen.has(`${ORIGIN}/wholesaler/${waiting!.id}`)).toBe(false);
}, 120_000);

test("robots.txt allows crawling, keeps bots out of admin, API and forms, and names the sitemap", async () => {
  const text = await robotsLoader().text();
  expect(text).toContain("User-agent: *\nAllow: /\n");
  for (const path of ["/admin", "/api", "/add", "/edit"]) expect(text).toContain(`Disallow: ${path}\n`);
  expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});
