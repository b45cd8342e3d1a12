import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import { columnsOf } from "#app/db/columns.ts";
import { countForPaging, type Page } from "#app/db/paging.server.ts";
import { products, wholesalerManagers, wholesalers } from "#app/db/schema.ts";
import { isNewAccount } from "#app/features/users/users.server.ts";
import { env } from "#app/lib/env.server.ts";
import { ImageRequestLimitError, requestImagesIn } from "#app/platform/images/images.server.ts";
import { notifyJobs } from "#app/platform/jobs/job-store.server.ts";
import { searchFields } from "#app/platform/search/korean-search.ts";
import { catalogueOf, listCataloguePage } from "#app/platform/search/search-page.server.ts";
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
  /** The listing the product is tied to (공급사 인증), or null (직접 등록). */
  wholesalerId: number | null;
};

const cardColumns = columnsOf(products, [
  "id",
  "name",
  "imageUrl",
  "summary",
  "price",
  "siteUrl",
  "createdBy",
  "wholesalerId",
]) satisfies Record<keyof ProductRow, unknown>;

const catalogue = catalogueOf(products, products.name);

/** Newest first, filtered by name in the database, one page at a time (counted up to `countCap` when given). */
export function listProducts({
  perPage = PRODUCTS_PER_PAGE,
  supplier,
  ...rest
}: {
  q?: string | null;
  page?: number;
  perPage?: number;
  countCap?: number;
  /** `/products?supplier={id}`: only the products tied to that listing (its index, newest first). */
  supplier?: number;
}): Promise<Page<ProductRow>> {
  if (supplier !== undefined) return listSupplierProducts(supplier, { perPage, page: rest.page ?? 1, countCap: rest.countCap });
  return listCataloguePage<ProductRow>(catalogue, cardColumns, { perPage, ...rest });
}

/** One listing's products, newest first (products_wholesaler_idx); nothing for a listing waiting for review. */
async function listSupplierProducts(
  wholesalerId: number,
  { perPage, page, countCap }: { perPage: number; page: number; countCap?: number },
): Promise<Page<ProductRow>> {
  const where = and(
    eq(products.wholesalerId, wholesalerId),
    sql`EXISTS (SELECT 1 FROM ${wholesalers} WHERE ${wholesalers.id} = ${products.wholesalerId} AND ${wholesalers.status} = 'published')`,
  );
  const [counted, items] = await Promise.all([
    countForPaging(products, where, { page, perPage, cap: countCap }),
    db()
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return { items, ...counted, page };
}

/** The names of the published listings among `ids` (a product card names and links its supplier). */
export async function supplierNamesOf(ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db()
    .select({ id: wholesalers.id, name: wholesalers.name })
    .from(wholesalers)
    .where(and(inArray(wholesalers.id, wanted), eq(wholesalers.status, "published")));
  return new Map(rows.map((row) => [row.id, row.name.trim() || "이름 없음"]));
}

/** A `도매처` value the account does not manage (a forged or stale form): nothing is written. */
export const NOT_MANAGER_MESSAGE =
  "선택한 도매처의 운영자가 아니어서 상품을 연결할 수 없습니다. 직접 등록으로 저장하거나 먼저 운영자 인증을 해 주세요.";

/** Refuses, inside the save's transaction, a listing the account does not manage. */
async function checkTie(tx: Tx, userId: string, wholesalerId: number | null | undefined) {
  if (wholesalerId === null || wholesalerId === undefined) return;
  const [row] = await tx
    .select({ id: wholesalerManagers.wholesalerId })
    .from(wholesalerManagers)
    .where(and(eq(wholesalerManagers.userId, userId), eq(wholesalerManagers.wholesalerId, wholesalerId)));
  if (!row) throw new ProductRefusal(NOT_MANAGER_MESSAGE, 403);
}

export async function getProduct(id: number): Promise<ProductRow | null> {
  const [row] = await db().select(cardColumns).from(products).where(eq(products.id, id));
  return row ?? null;
}

/**
 * A save refused by a per-account cap (docs/decisions/0026) or the new accounts' shared budget (0043): `message`
 * is the Korean reason, `status` 403 for the number of products, 429 (with `retryAfterSeconds`) for new picture
 * addresses an hour. Nothing of the save was written.
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
 * A new account's pictures also wait in the line all new accounts share, within the hourly budget they share
 * (NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR, docs/decisions/0043).
 */
async function capsOf(actor: Pick<Actor, "id"> & Partial<Pick<Actor, "role">>) {
  if (actor.role === "admin") return { products: 0, imagesPerHour: 0, newAccount: null };
  const settings = env();
  return {
    products: settings.PRODUCTS_PER_ACCOUNT,
    imagesPerHour: settings.IMAGE_REQUESTS_PER_HOUR,
    newAccount: (await isNewAccount(actor.id)) ? { sharedPerHour: settings.NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR } : null,
  };
}

type Caps = Awaited<ReturnType<typeof capsOf>>;

/** The product's picture, asked for in the save's own transaction and in the owner's line of the queue. */
async function requestPictureOf(tx: Tx, imageUrl: string, actor: Pick<Actor, "id">, caps: Caps) {
  try {
    return await requestImagesIn(tx, [imageUrl], {
      owner: actor.id,
      perHour: caps.imagesPerHour || undefined,
      ...(caps.newAccount ? { newAccount: caps.newAccount } : {}),
    });
  } catch (error) {
    if (!(error instanceof ImageRequestLimitError)) throw error;
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    const reason = error.shared
      ? "지금은 새로 가입한 계정의 이미지 등록이 많아 잠시 받을 수 없습니다."
      : `새 이미지 주소는 한 시간에 ${error.perHour}개까지 등록할 수 있습니다.`;
    throw new ProductRefusal(
      `${reason} ${minutes}분 후에 다시 시도하거나, 이미지 URL을 비우고 저장해 주세요.`,
      429,
      error.retryAfterSeconds,
    );
  }
}

/**
 * Registers a product owned by `owner` (on /admin/add-product the admin is the owner, docs/decisions/0009),
 * with its picture's request, in one transaction. Throws ProductRefusal over a cap: nothing is written.
 */
export async function createProduct(
  input: ProductInput,
  owner: Pick<Actor, "id"> & Partial<Pick<Actor, "role">>,
  { wholesalerId = null }: { wholesalerId?: number | null } = {},
): Promise<number> {
  const caps = await capsOf(owner);
  const { id, pictures } = await db().transaction(async (tx) => {
    await checkTie(tx, owner.id, wholesalerId);
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
      .values({ ...input, ...searchFields(input.name), createdBy: owner.id, wholesalerId })
      .returning({ id: products.id });
    if (!row) throw new Error("insert returned no row");
    return { id: row.id, pictures: await requestPictureOf(tx, input.imageUrl, owner, caps) };
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
  wholesalerId,
}: {
  id: number;
  userId: string;
  role?: Actor["role"];
  input: ProductInput;
  /** The `도매처` chosen: a listing the owner manages, null for 직접 등록, undefined to leave it as it is. */
  wholesalerId?: number | null;
}): Promise<WriteOutcome> {
  const caps = await capsOf({ id: userId, role });
  const saved = await db().transaction(async (tx) => {
    await checkTie(tx, userId, wholesalerId);
    const rows = await tx
      .update(products)
      .set({ ...input, ...searchFields(input.name), ...(wholesalerId !== undefined ? { wholesalerId } : {}), updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.createdBy, userId)))
      .returning({ id: products.id });
    if (rows.length === 0) return null;
    return { pictures: await requestPictureOf(tx, input.imageUrl, { id: userId }, caps) };
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
