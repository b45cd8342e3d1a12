import { asc, count, max } from "drizzle-orm";
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

/** A sitemap file holds at most 50,000 addresses (sitemaps.org); more go into further files of one index. */
export const MAX_URLS = 50_000;

/**
 * Published supplier pages with their last change (ids and dates only; waiting ones are not public), in id
 * order: file `part` (from 1) of the supplier files, `limit` a file.
 */
export async function listWholesalerDates(limit: number, part = 1) {
  return db()
    .select({ id: wholesalers.id, updatedAt: wholesalers.updatedAt })
    .from(wholesalers)
    .where(publishedOnly)
    .orderBy(asc(wholesalers.id))
    .limit(limit)
    .offset((part - 1) * limit);
}

/** Product pages (/product/{id}: every registered product is public) with their last change, as the supplier files. */
export async function listProductDates(limit: number, part = 1) {
  return db()
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.id))
    .limit(limit)
    .offset((part - 1) * limit);
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

/**
 * The files of the sitemap: `pages` (the public list pages, the guides and the notes), `wholesalers-1`,
 * `wholesalers-2`, … with at most 50,000 supplier pages each, and `products-1`, … with the product pages alike. /sitemap.xml is their index and
 * /sitemap.xml?part=<name> each file: a file listed by an index may only list addresses under its own folder,
 * so the files stay at the site's root.
 */
export type SitemapPart = { kind: "pages" } | { kind: "wholesalers" | "products"; number: number };

export function parseSitemapPart(value: string | null): SitemapPart | null {
  if (value === "pages") return { kind: "pages" };
  const match = /^(wholesalers|products)-([1-9]\d{0,4})$/.exec(value ?? "");
  return match ? { kind: match[1] as "wholesalers" | "products", number: Number(match[2]) } : null;
}

/**
 * The index: the pages file, as many supplier files as the published suppliers fill (at least one) and as many
 * product files as the products fill (none without products).
 */
export async function sitemapIndexParts(): Promise<{ part: string; lastmod: Date | null }[]> {
  const [[counted], [changed], [productsCounted], productChange] = await Promise.all([
    db().select({ n: count() }).from(wholesalers).where(publishedOnly),
    db()
      .select({ at: max(wholesalers.updatedAt) })
      .from(wholesalers)
      .where(publishedOnly),
    db().select({ n: count() }).from(products),
    db()
      .select({ at: max(products.updatedAt) })
      .from(products)
      .then(([row]) => latest([row?.at ?? null])),
  ]);
  const files = Math.max(1, Math.ceil(Number(counted?.n ?? 0) / MAX_URLS));
  const productFiles = Math.ceil(Number(productsCounted?.n ?? 0) / MAX_URLS);
  const supplierChange = latest([changed?.at ?? null]);
  return [
    { part: "pages", lastmod: null },
    ...Array.from({ length: files }, (_, i) => ({ part: `wholesalers-${i + 1}`, lastmod: supplierChange })),
    ...Array.from({ length: productFiles }, (_, i) => ({ part: `products-${i + 1}`, lastmod: productChange })),
  ];
}

/** One file's addresses; null for a supplier file past the last one. */
export async function sitemapPartEntries(part: SitemapPart): Promise<SitemapEntry[] | null> {
  if (part.kind === "wholesalers") {
    const rows = await listWholesalerDates(MAX_URLS, part.number);
    if (rows.length === 0 && part.number > 1) return null;
    return rows.map((row) => ({ path: `/wholesaler/${row.id}`, lastmod: row.updatedAt }));
  }
  if (part.kind === "products") {
    const rows = await listProductDates(MAX_URLS, part.number);
    if (rows.length === 0) return null;
    return rows.map((row) => ({ path: `/product/${row.id}`, lastmod: row.updatedAt }));
  }
  const [noteRows, productsChanged, [suppliersChanged]] = await Promise.all([
    listNoteDates(),
    latestProductChange(),
    db()
      .select({ at: max(wholesalers.updatedAt) })
      .from(wholesalers)
      .where(publishedOnly),
  ]);
  const guideDates = guides.map((guide) => new Date(`${guide.updatedAt}T00:00:00+09:00`));
  const noteDates = noteRows.map((note) => note.updatedAt ?? note.createdAt);
  const notesChanged = latest(noteDates);

  const entries: SitemapEntry[] = [
    { path: "/list", lastmod: latest([suppliersChanged?.at ?? null]) },
    { path: "/products", lastmod: productsChanged },
    { path: "/seller-info", lastmod: latest([...guideDates, notesChanged]) },
    { path: "/sellernote", lastmod: notesChanged },
    // What is new (ADR 0053) and the downloads' page.
    { path: "/updates", lastmod: latest([suppliersChanged?.at ?? null]) },
    { path: "/data", lastmod: latest([suppliersChanged?.at ?? null]) },
    ...guides.map((guide, i) => ({ path: `/sellinginsight/${guide.slug}`, lastmod: guideDates[i] ?? null })),
    ...noteRows.map((note) => ({ path: `/sellernote/${note.id}`, lastmod: note.updatedAt ?? note.createdAt })),
  ];
  return entries.slice(0, MAX_URLS);
}

function escapeXml(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

export function sitemapIndexXml(parts: { part: string; lastmod: Date | null }[]) {
  const files = parts.map(({ part, lastmod }) => {
    const loc = `<loc>${escapeXml(absoluteUrl(`/sitemap.xml?part=${part}`))}</loc>`;
    const mod = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
    return `  <sitemap>${loc}${mod}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join("\n")}\n</sitemapindex>\n`;
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
