import { and, count, eq, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import type { Page } from "#app/db/paging.server.ts";
import { products } from "#app/db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import { ImageRequestLimitError, requestImagesIn } from "#app/platform/images/images.server.ts";
import { notifyJobs } from "#app/platform/jobs/job-store.server.ts";
import { searchFields } from "#app/platform/search/korean-search.ts";
import { type Catalogue, listCataloguePage } from "#app/platform/search/search-page.server.ts";
import type { ProductInput } from "./product-schema.ts";

export const PRODUCTS_PER_PAGE = 24;

export type Actor = { id: string; email: string; role: "admin" | "user" };

export type ProductRow = {
  id: number;
  name: string;
  imageUrl: string;
  summary: string;
  price: number | null;
  siteUrl: string;
  createdBy: string | null;
};

const cardColumns = {
  id: products.id,
  name: products.name,
  imageUrl: products.imageUrl,
  summary: products.summary,
  price: products.price,
  siteUrl: products.siteUrl,
  createdBy: products.createdBy,
} satisfies Record<keyof ProductRow, unknown>;

const catalogue: Catalogue = {
  table: products,
  createdAt: products.createdAt,
  id: products.id,
  grams: products.searchGrams,
  chosung: products.nameChosung,
  name: products.name,
};

/** Newest first, filtered by name in the database, one page at a time (counted up to `countCap` when given). */
export function listProducts({
  perPage = PRODUCTS_PER_PAGE,
  ...rest
}: {
  q?: string | null;
  page?: number;
  perPage?: number;
  countCap?: number;
}): Promise<Page<ProductRow>> {
  return listCataloguePage<ProductRow>(catalogue, cardColumns, { perPage, ...rest });
}

export async function getProduct(id: number): Promise<ProductRow | null> {
  const [row] = await db().select(cardColumns).from(products).where(eq(products.id, id));
  return row ?? null;
}

/**
 * A save refused by a per-account cap (docs/decisions/0026): `message` is the Korean reason, `status` 403
 * for the number of products, 429 (with `retryAfterSeconds`) for new picture addresses an hour. Nothing of
 * the save was written.
 */
export class ProductRefusal extends Error {
  override name = "ProductRefusal";
  readonly status: 403 | 429;
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, status: 403 | 429, retryAfterSeconds?: number) {
    super(message);
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * An account's caps, from PRODUCTS_PER_ACCOUNT and IMAGE_REQUESTS_PER_HOUR (0: none). An admin has none: the
 * operator adds products for the site on /admin/add-product, and an admin account is made by the operator.
 */
function capsOf(actor: Pick<Actor, "id"> & Partial<Pick<Actor, "role">>) {
  if (actor.role === "admin") return { products: 0, imagesPerHour: 0 };
  const settings = env();
  return { products: settings.PRODUCTS_PER_ACCOUNT, imagesPerHour: settings.IMAGE_REQUESTS_PER_HOUR };
}

/** The product's picture, asked for in the save's own transaction and in the owner's line of the queue. */
async function requestPictureOf(tx: Tx, imageUrl: string, actor: Pick<Actor, "id">, imagesPerHour: number) {
  try {
    return await requestImagesIn(tx, [imageUrl], { owner: actor.id, perHour: imagesPerHour || undefined });
  } catch (error) {
    if (!(error instanceof ImageRequestLimitError)) throw error;
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    throw new ProductRefusal(
      `새 이미지 주소는 한 시간에 ${error.perHour}개까지 등록할 수 있습니다. ${minutes}분 후에 다시 시도하거나, 이미지 URL을 비우고 저장해 주세요.`,
      429,
      error.retryAfterSeconds,
    );
  }
}

/**
 * Registers a product owned by `owner` (on /admin/add-product the admin is the owner, docs/decisions/0009),
 * with its picture's request, in one transaction. Throws ProductRefusal over a cap: nothing is written.
 */
export async function createProduct(input: ProductInput, owner: Pick<Actor, "id"> & Partial<Pick<Actor, "role">>): Promise<number> {
  const caps = capsOf(owner);
  const { id, pictures } = await db().transaction(async (tx) => {
    if (caps.products > 0) {
      // One account's saves take turns here, so two at once cannot both pass the count.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`products:${owner.id}`}))`);
      const [owned] = await tx.select({ n: count() }).from(products).where(eq(products.createdBy, owner.id));
      if ((owned?.n ?? 0) >= caps.products) {
        throw new ProductRefusal(
          `한 계정에 상품은 ${caps.products.toLocaleString("ko-KR")}개까지 등록할 수 있습니다. 더 등록하려면 필요 없는 상품을 먼저 삭제해 주세요.`,
          403,
        );
      }
    }
    const [row] = await tx
      .insert(products)
      .values({ ...input, ...searchFields(input.name), createdBy: owner.id })
      .returning({ id: products.id });
    if (!row) throw new Error("insert returned no row");
    return { id: row.id, pictures: await requestPictureOf(tx, input.imageUrl, owner, caps.imagesPerHour) };
  });
  if (pictures > 0) notifyJobs();
  return id;
}

export type WriteOutcome = "done" | "forbidden" | "not-found";

/** Why a write that touched no row was refused: the row is missing, or it belongs to someone else. */
async function refusal(id: number): Promise<WriteOutcome> {
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.id, id));
  return row ? "forbidden" : "not-found";
}

/**
 * Only the owner edits, whatever the role: the ownership check is part of the UPDATE itself. A new picture
 * address counts against the owner's hourly cap (ProductRefusal: the row stays as it was).
 */
export async function updateProduct({
  id,
  userId,
  role,
  input,
}: {
  id: number;
  userId: string;
  role?: Actor["role"];
  input: ProductInput;
}): Promise<WriteOutcome> {
  const caps = capsOf({ id: userId, role });
  const saved = await db().transaction(async (tx) => {
    const rows = await tx
      .update(products)
      .set({ ...input, ...searchFields(input.name), updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.createdBy, userId)))
      .returning({ id: products.id });
    if (rows.length === 0) return null;
    return { pictures: await requestPictureOf(tx, input.imageUrl, { id: userId }, caps.imagesPerHour) };
  });
  if (!saved) return refusal(id);
  if (saved.pictures > 0) notifyJobs();
  return "done";
}

/** The owner deletes their own product; an admin may delete any (moderation, docs/decisions/0009). */
export async function deleteProduct({ id, actor }: { id: number; actor: Pick<Actor, "id" | "role"> }): Promise<WriteOutcome> {
  const scope = actor.role === "admin" ? eq(products.id, id) : and(eq(products.id, id), eq(products.createdBy, actor.id));
  const rows = await db().delete(products).where(scope).returning({ id: products.id });
  return rows.length > 0 ? "done" : refusal(id);
}

export function canEditProduct(product: Pick<ProductRow, "createdBy">, actor: Pick<Actor, "id"> | null) {
  return Boolean(actor && product.createdBy && product.createdBy === actor.id);
}

export function canDeleteProduct(product: Pick<ProductRow, "createdBy">, actor: Pick<Actor, "id" | "role"> | null) {
  return Boolean(actor && (actor.role === "admin" || canEditProduct(product, actor)));
}
