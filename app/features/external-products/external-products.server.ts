import { eq, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { columnsOf } from "#app/db/columns.ts";
import type { Page } from "#app/db/paging.server.ts";
import { externalProducts } from "#app/db/schema.ts";
import { parseHttpUrl } from "#app/lib/form-fields.ts";
import { requestImagesAfterSave } from "#app/platform/images/images.server.ts";
import { lookupOgImage } from "#app/platform/link-preview/og-image.server.ts";
import { searchFields } from "#app/platform/search/korean-search.ts";
import { catalogueOf, listCataloguePage } from "#app/platform/search/search-page.server.ts";
import { decodeImportFile, type ImportParse, type ImportRow, parseImportFile } from "./external-product-import.ts";
import type { ExternalProductInput } from "./external-product-schema.ts";

export const EXTERNAL_PER_PAGE = 24;
/** Lookups run a few at a time, and an import stops starting new ones after this long. */
const LOOKUP_CONCURRENCY = 6;
const IMPORT_LOOKUP_BUDGET_MS = 20_000;

export type ExternalProductRow = { id: number; title: string; productUrl: string; imageUrl: string; price: string };

const columns = columnsOf(externalProducts, ["id", "title", "productUrl", "imageUrl", "price"]) satisfies Record<
  keyof ExternalProductRow,
  unknown
>;

const catalogue = catalogueOf(externalProducts, externalProducts.title);

/** Newest first, filtered by title in the database, one page at a time (counted up to `countCap` when given). */
export function listExternalProducts({
  perPage = EXTERNAL_PER_PAGE,
  ...rest
}: {
  q?: string | null;
  page?: number;
  perPage?: number;
  countCap?: number;
}): Promise<Page<ExternalProductRow>> {
  return listCataloguePage<ExternalProductRow>(catalogue, columns, { perPage, ...rest });
}

export async function getExternalProduct(id: number): Promise<ExternalProductRow | null> {
  const [row] = await db().select(columns).from(externalProducts).where(eq(externalProducts.id, id));
  return row ?? null;
}

/**
 * The page's og:image, looked up once on the server (docs/decisions/0010). A page that cannot be read,
 * has no image or points somewhere the fetcher refuses gives "" and the card shows its placeholder.
 */
export async function lookUpImage(productUrl: string): Promise<string> {
  try {
    const found = await lookupOgImage(productUrl);
    if (!found) return "";
    const checked = parseHttpUrl(found, "이미지 URL");
    return checked.ok ? checked.value : "";
  } catch {
    return "";
  }
}

export async function createExternalProduct(input: ExternalProductInput): Promise<number> {
  const imageUrl = input.imageUrl || (await lookUpImage(input.productUrl));
  const [row] = await db()
    .insert(externalProducts)
    .values({ ...input, imageUrl, ...searchFields(input.title) })
    .returning({ id: externalProducts.id });
  if (!row) throw new Error("insert returned no row");
  await requestImagesAfterSave([imageUrl]);
  return row.id;
}

/** An emptied image is looked up again only when the product address changed. */
export async function updateExternalProduct(id: number, input: ExternalProductInput): Promise<"done" | "not-found"> {
  const current = await getExternalProduct(id);
  if (!current) return "not-found";
  const imageUrl = input.imageUrl || (input.productUrl !== current.productUrl ? await lookUpImage(input.productUrl) : "");
  const rows = await db()
    .update(externalProducts)
    .set({ ...input, imageUrl, ...searchFields(input.title), updatedAt: new Date() })
    .where(eq(externalProducts.id, id))
    .returning({ id: externalProducts.id });
  if (rows.length === 0) return "not-found";
  await requestImagesAfterSave([imageUrl]);
  return "done";
}

export async function deleteExternalProduct(id: number): Promise<"done" | "not-found"> {
  const rows = await db().delete(externalProducts).where(eq(externalProducts.id, id)).returning({ id: externalProducts.id });
  return rows.length > 0 ? "done" : "not-found";
}

async function existingUrls(urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db()
    .select({ productUrl: externalProducts.productUrl })
    .from(externalProducts)
    .where(inArray(externalProducts.productUrl, urls));
  return new Set(rows.map((row) => row.productUrl));
}

/** Reads an uploaded file and says what an import would add and refuse; writes nothing. */
export async function previewImport(fileName: string, bytes: Uint8Array): Promise<ImportParse> {
  const text = decodeImportFile(bytes);
  if (text === null) return { ok: false, error: "파일을 읽을 수 없습니다. UTF-8로 저장한 JSON 또는 CSV 파일을 선택해 주세요." };
  const parsed = parseImportFile(fileName, text);
  if (!parsed.ok) return parsed;
  const taken = await existingUrls(parsed.rows.map((row) => row.productUrl));
  return {
    ok: true,
    rows: parsed.rows.filter((row) => !taken.has(row.productUrl)),
    refused: [
      ...parsed.refused,
      ...parsed.rows
        .filter((row) => taken.has(row.productUrl))
        .map((row) => ({ position: row.position, title: row.title, reason: "이미 등록된 상품 URL입니다." })),
    ],
  };
}

/**
 * Adds checked rows in one transaction: all or nothing. Images are looked up first, outside the
 * transaction (network time must not hold it open). Rows whose address was registered in the
 * meantime are skipped, not duplicated.
 */
export async function applyImport(rows: ImportRow[]): Promise<{ added: number; skipped: number }> {
  const images = await lookUpImages(rows);
  const result = await db().transaction(async (tx) => {
    const urls = rows.map((row) => row.productUrl);
    const taken = new Set(
      (
        await tx
          .select({ productUrl: externalProducts.productUrl })
          .from(externalProducts)
          .where(inArray(externalProducts.productUrl, urls))
      ).map((row) => row.productUrl),
    );
    const fresh = rows.filter((row) => !taken.has(row.productUrl));
    if (fresh.length > 0) {
      const now = Date.now();
      await tx.insert(externalProducts).values(
        fresh.map((row, i) => ({
          title: row.title,
          productUrl: row.productUrl,
          imageUrl: images.get(row.productUrl) ?? row.imageUrl,
          price: row.price,
          ...searchFields(row.title),
          // Keep the file's order on a newest-first list.
          createdAt: new Date(now - i),
        })),
      );
    }
    return { added: fresh.length, skipped: rows.length - fresh.length };
  });
  await requestImagesAfterSave(rows.map((row) => images.get(row.productUrl) || row.imageUrl));
  return result;
}

async function lookUpImages(rows: ImportRow[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const queue = rows.filter((row) => !row.imageUrl);
  const deadline = Date.now() + IMPORT_LOOKUP_BUDGET_MS;
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      found.set(row.productUrl, Date.now() < deadline ? await lookUpImage(row.productUrl) : "");
    }
  };
  await Promise.all(Array.from({ length: LOOKUP_CONCURRENCY }, worker));
  return found;
}
