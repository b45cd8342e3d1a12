import { desc, max } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { externalProducts, products, wholesalers } from "#app/db/schema.ts";
import { listNoteDates } from "#app/features/notes/notes.server.ts";
import { publishedOnly } from "#app/features/wholesalers/wholesalers.server.ts";
import { env } from "#app/lib/env.server.ts";
import { guides } from "#content/guides/all-guides.ts";

/** The public address of a path on this site (PUBLIC_URL + path), for canonical links and the sitemap. */
export function absoluteUrl(path: string) {
  return `${env().publicUrl}${path.startsWith("/") ? path : `/${path}`}`;
}

export type SitemapEntry = { path: string; lastmod: Date | null };

// A sitemap file holds at most 50,000 addresses.
const MAX_URLS = 50_000;

/** Every published wholesaler page with its last change (ids and dates only); waiting ones are not public. */
export async function listWholesalerDates(limit: number) {
  return db()
    .select({ id: wholesalers.id, updatedAt: wholesalers.updatedAt })
    .from(wholesalers)
    .where(publishedOnly)
    .orderBy(desc(wholesalers.updatedAt), desc(wholesalers.id))
    .limit(limit);
}

async function latestProductChange() {
  const [[own], [external]] = await Promise.all([
    db()
      .select({ at: max(products.updatedAt) })
      .from(products),
    db()
      .select({ at: max(externalProducts.updatedAt) })
      .from(externalProducts),
  ]);
  return latest([own?.at ?? null, external?.at ?? null]);
}

function latest(dates: (Date | string | null | undefined)[]): Date | null {
  let best: Date | null = null;
  for (const value of dates) {
    if (!value) continue;
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) continue;
    if (!best || date > best) best = date;
  }
  return best;
}

/** What the sitemap lists: the public list pages, every wholesaler, the eight guides and every note. */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const [wholesalerRows, noteRows, productsChanged] = await Promise.all([
    listWholesalerDates(MAX_URLS),
    listNoteDates(),
    latestProductChange(),
  ]);
  const guideDates = guides.map((guide) => new Date(`${guide.updatedAt}T00:00:00+09:00`));
  const noteDates = noteRows.map((note) => note.updatedAt ?? note.createdAt);
  const listChanged = latest(wholesalerRows.map((row) => row.updatedAt));
  const notesChanged = latest(noteDates);

  const entries: SitemapEntry[] = [
    { path: "/list", lastmod: listChanged },
    { path: "/products", lastmod: productsChanged },
    { path: "/seller-info", lastmod: latest([...guideDates, notesChanged]) },
    { path: "/sellernote", lastmod: notesChanged },
    ...guides.map((guide, i) => ({ path: `/sellinginsight/${guide.slug}`, lastmod: guideDates[i] ?? null })),
    ...noteRows.map((note) => ({ path: `/sellernote/${note.id}`, lastmod: note.updatedAt ?? note.createdAt })),
    ...wholesalerRows.map((row) => ({ path: `/wholesaler/${row.id}`, lastmod: row.updatedAt })),
  ];
  return entries.slice(0, MAX_URLS);
}

function escapeXml(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

export function sitemapXml(entries: SitemapEntry[]) {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(absoluteUrl(path))}</loc>`;
    const mod = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
    return `  <url>${loc}${mod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled; admin pages, the API, the product forms and the benchmark routes may not. */
export function robotsTxt() {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "Disallow: /add",
    "Disallow: /edit",
    "Disallow: /bench",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
}
