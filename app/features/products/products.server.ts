import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import type { Page } from "#app/db/paging.server.ts";
import { products } from "#app/db/schema.ts";
import { requestImagesAfterSave } from "#app/platform/images/images.server.ts";
import { parseSearchQuery, searchFields } from "#app/platform/search/korean-search.ts";
import { findSearchPage } from "#app/platform/search/search-page.server.ts";
import { type SearchSql, searchSql } from "#app/platform/search/search-sql.server.ts";
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

/** One page of a list; a capped total means "at least `total`" (countForPaging). */

const cardColumns = {
  id: products.id,
  name: products.name,
  imageUrl: products.imageUrl,
  summary: products.summary,
  price: products.price,
  siteUrl: products.siteUrl,
  createdBy: products.createdBy,
};

function productSearch(q: string | null | undefined): SearchSql | undefined {
  const query = parseSearchQuery(q);
  return query ? searchSql({ grams: products.searchGrams, chosung: products.nameChosung, text: products.name }, query) : undefined;
}

/** Newest first, filtered by name in the database, one page at a time (counted up to `countCap` when given; findSearchPage). */
export async function listProducts({
  q,
  page = 1,
  perPage = PRODUCTS_PER_PAGE,
  countCap,
}: {
  q?: string | null;
  page?: number;
  perPage?: number;
  countCap?: number;
}): Promise<Page<ProductRow>> {
  const found = await findSearchPage(
    { table: products, createdAt: products.createdAt, id: products.id },
    productSearch(q),
    { page, perPage, cap: countCap },
    (where, limit, offset) =>
      db()
        .select(cardColumns)
        .from(products)
        .where(where)
        .orderBy(descNullsLast(products.createdAt), descNullsLast(products.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...found, page };
}

export async function getProduct(id: number): Promise<ProductRow | null> {
  const [row] = await db().select(cardColumns).from(products).where(eq(products.id, id));
  return row ?? null;
}

/** Registers a product owned by `owner` (on /admin/add-product the admin is the owner, docs/decisions/0009). */
export async function createProduct(input: ProductInput, owner: Pick<Actor, "id">): Promise<number> {
  const [row] = await db()
    .insert(products)
    .values({ ...input, ...searchFields(input.name), createdBy: owner.id })
    .returning({ id: products.id });
  if (!row) throw new Error("insert returned no row");
  await requestImagesAfterSave([input.imageUrl]);
  return row.id;
}

export type WriteOutcome = "done" | "forbidden" | "not-found";

/** Why a write that touched no row was refused: the row is missing, or it belongs to someone else. */
async function refusal(id: number): Promise<WriteOutcome> {
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.id, id));
  return row ? "forbidden" : "not-found";
}

/** Only the owner edits, whatever the role: the ownership check is part of the UPDATE itself. */
export async function updateProduct({ id, userId, input }: { id: number; userId: string; input: ProductInput }): Promise<WriteOutcome> {
  const rows = await db()
    .update(products)
    .set({ ...input, ...searchFields(input.name), updatedAt: new Date() })
    .where(and(eq(products.id, id), eq(products.createdBy, userId)))
    .returning({ id: products.id });
  if (rows.length === 0) return refusal(id);
  await requestImagesAfterSave([input.imageUrl]);
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
