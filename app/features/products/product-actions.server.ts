import { deleteConfirmed } from "#app/lib/confirm-before-delete.ts";
import { env } from "#app/lib/env.server.ts";
import { askDeleteConfirmation, formFailure, readForm, validateForm } from "#app/lib/form.server.ts";
import type { FormValues } from "#app/lib/form-kit.ts";
import { imagePath, variantOf } from "#app/lib/images.ts";
import { log } from "#app/lib/log.server.ts";
import { postedFromPage } from "#app/lib/safe-redirect.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { type AdminUser, getUser, requireUser } from "#app/platform/auth/auth.server.ts";
import { imagesFor } from "#app/platform/images/images.server.ts";
import { productJsonLd } from "./product-json-ld.ts";
import { type ProductFormValues, productSchema } from "./product-schema.ts";
import {
  type Actor,
  canDeleteProduct,
  canEditProduct,
  createProduct,
  deleteProduct,
  getProduct,
  ProductRefusal,
  supplierNamesOf,
  updateProduct,
} from "./products.server.ts";

const NOT_FOUND = "상품이 존재하지 않습니다.";

/**
 * The `도매처` select (공급사 인증): absent (an account that manages no listing has no select) leaves the tie as
 * it is; `` is 직접 등록; anything else must be the id of a listing the account manages, which the save checks in
 * its transaction. A value that is not an id at all is refused here.
 */
function supplierChoice(form: FormData): { ok: true; wholesalerId: number | null | undefined } | { ok: false } {
  if (!form.has("wholesalerId")) return { ok: true, wholesalerId: undefined };
  const raw = String(form.get("wholesalerId") ?? "").trim();
  if (raw === "") return { ok: true, wholesalerId: null };
  const id = parseIdParam(raw);
  return id ? { ok: true, wholesalerId: id } : { ok: false };
}
const BAD_SUPPLIER = "도매처 선택이 올바르지 않습니다.";
const EDIT_FORBIDDEN = "수정 권한이 없습니다.";

function logDenied(msg: string, request: Request, userId: string, productId: number) {
  log.warn(msg, { request, userId, productId });
}

/**
 * A save over a per-account cap or the new accounts' shared one: its Korean reason with 403, or 429 and
 * Retry-After (the routes pass it on).
 */
function refused(prefix: string, refusal: ProductRefusal, values: FormValues, request: Request, userId: string) {
  log.warn("product save refused by a cap", { request, userId, status: refusal.status });
  const headers = refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined;
  return formFailure(`${prefix}: ${refusal.message}`, { values, status: refusal.status, headers });
}

/**
 * /add (any signed-in user) and /admin/add-product (`admin`: the admin the admin layout checked). The
 * signed-in person is recorded as the creator either way. Either page gets its empty form back with the
 * message as a one-time message; the admin page also learns which product it was (`?saved=`), to link to it.
 */
export async function createProductAction(request: Request, { admin }: { admin: AdminUser | null }) {
  const actor = admin ?? (await requireUser(request));
  const form = await readForm(request);
  const checked = validateForm(form, productSchema);
  if (!checked.ok) return formFailure(`등록 실패: ${checked.message}`, checked);
  const supplier = supplierChoice(form);
  if (!supplier.ok) return formFailure(`등록 실패: ${BAD_SUPPLIER}`, { values: checked.values });
  let savedId: number;
  try {
    savedId = await createProduct(checked.data, actor, { wholesalerId: supplier.wholesalerId ?? null });
  } catch (error) {
    if (error instanceof ProductRefusal) return refused("등록 실패", error, checked.values, request, actor.id);
    log.error("product create failed", { request, error });
    return formFailure("등록 실패: 잠시 후 다시 시도해 주세요.", { values: checked.values, status: 500 });
  }
  if (admin) return redirectWithToast(`/admin/add-product?saved=${savedId}`, { type: "success", message: "상품 등록 완료!" });
  // An empty form again, and a link to the new product's page (`?saved=`).
  return redirectWithToast(`/add?saved=${savedId}`, { type: "success", message: "상품이 등록되었습니다." });
}

/** /add after a save (`?saved=<id>`): the new product, when it is this account's, for the link to its page. */
export async function savedProductOf(request: Request, account: Pick<Actor, "id">) {
  const id = parseIdParam(new URL(request.url).searchParams.get("saved"));
  const product = id ? await getProduct(id) : null;
  return product && product.createdBy === account.id ? { id: product.id, name: product.name } : null;
}

const PRODUCT_NOT_FOUND = "상품을 찾을 수 없습니다.";

/**
 * /product/{id}: any product, for everyone, as the product lists show it; its supplier named and linked only while
 * the listing is public (the lists' rule); the 수정 and 삭제 this visitor may use (ADR 0009, the server checks
 * again on each write); the JSON-LD `Product`. An unknown id is a 404 with a Korean sentence.
 */
export async function loadProductPage(request: Request, rawId: string | undefined) {
  const id = parseIdParam(rawId);
  const product = id ? await getProduct(id) : null;
  if (!product) throw new Response(PRODUCT_NOT_FOUND, { status: 404 });
  const [user, supplierNames, pictures] = await Promise.all([
    getUser(request),
    supplierNamesOf([product.wholesalerId]),
    imagesFor([product.imageUrl]),
  ]);
  const image = pictures.get(product.imageUrl) ?? null;
  const supplierName = product.wholesalerId === null ? undefined : supplierNames.get(product.wholesalerId);
  const supplier = supplierName && product.wholesalerId !== null ? { id: product.wholesalerId, name: supplierName } : null;
  const origin = new URL(env().publicUrl).origin;
  const picture = image ? (variantOf(image, "detail") ? "detail" : variantOf(image, "card") ? "card" : null) : null;
  const url = `${origin}/product/${product.id}`;
  const name = product.name.trim() || "이름 없음";
  return {
    product: { id: product.id, name, summary: product.summary, price: product.price, siteUrl: safeHttpUrl(product.siteUrl), image },
    supplier,
    canEdit: canEditProduct(product, user),
    canDelete: canDeleteProduct(product, user),
    jsonLd: productJsonLd({
      name,
      summary: product.summary,
      price: product.price,
      url,
      image: image && picture ? new URL(imagePath(image.hash, picture, image.base), origin).href : null,
      supplier: supplier?.name ?? null,
    }),
  };
}

/** Loader of /edit/{id}: only the owner gets the form; anyone else is sent back to /products. */
export async function loadProductForEdit(request: Request, rawId: string | undefined) {
  const user = await requireUser(request);
  const id = parseIdParam(rawId);
  const product = id ? await getProduct(id) : null;
  if (!product) throw new Response(NOT_FOUND, { status: 404 });
  if (!canEditProduct(product, user)) {
    logDenied("product edit denied", request, user.id, product.id);
    throw await redirectWithToast("/products", { type: "error", message: EDIT_FORBIDDEN });
  }
  const values: ProductFormValues = {
    name: product.name,
    imageUrl: product.imageUrl,
    summary: product.summary,
    price: product.price === null ? "" : String(product.price),
    siteUrl: product.siteUrl,
  };
  return { id: product.id, values, wholesalerId: product.wholesalerId };
}

/** Action of /edit/{id}: the owner's change, or 403 for anyone else, whatever the form says. */
export async function updateProductAction(request: Request, rawId: string | undefined) {
  const user = await requireUser(request);
  const id = parseIdParam(rawId);
  const form = await readForm(request);
  const product = id ? await getProduct(id) : null;
  // Thrown, not returned: after a document POST the page's loader would otherwise answer instead
  // (and send someone else back to /products with a 302); a refusal must stay a 403.
  if (!id || !product) throw new Response(NOT_FOUND, { status: 404 });
  if (!canEditProduct(product, user)) {
    logDenied("product edit denied", request, user.id, id);
    throw new Response(EDIT_FORBIDDEN, { status: 403 });
  }
  const checked = validateForm(form, productSchema);
  if (!checked.ok) return formFailure(`수정 실패: ${checked.message}`, checked);
  const supplier = supplierChoice(form);
  if (!supplier.ok) return formFailure(`수정 실패: ${BAD_SUPPLIER}`, { values: checked.values });
  let outcome: Awaited<ReturnType<typeof updateProduct>>;
  try {
    // The WHERE of the UPDATE checks the owner again: the row may have changed hands since the read.
    outcome = await updateProduct({ id, userId: user.id, role: user.role, input: checked.data, wholesalerId: supplier.wholesalerId });
  } catch (error) {
    if (error instanceof ProductRefusal) return refused("수정 실패", error, checked.values, request, user.id);
    log.error("product update failed", { request, error });
    return formFailure("수정 실패: 잠시 후 다시 시도해 주세요.", { values: checked.values, status: 500 });
  }
  if (outcome === "not-found") throw new Response(NOT_FOUND, { status: 404 });
  if (outcome === "forbidden") throw new Response(EDIT_FORBIDDEN, { status: 403 });
  // The contract's flow: `수정 완료!` on the page itself, then /products a second later.
  return redirectWithToast(`/edit/${id}`, { type: "success", message: "수정 완료!", next: "/products" });
}

/**
 * Delete from /products or a product's page (`intent=delete`, `productId`): back to the list it came from with
 * `삭제 완료!`, where the card is gone (from the product's own page, which is gone too: `after`); a refusal is the
 * form kit's failure, shown by the page.
 */
export async function deleteProductAction(request: Request, form: FormData, { after }: { after?: string } = {}) {
  const fail = (message: string, status: number) => formFailure(message, { status });
  const user = await getUser(request);
  if (!user) return fail("로그인이 필요합니다.", 401);
  const id = parseIdParam(form.get("productId"));
  if (!id) return fail(NOT_FOUND, 404);
  if (!deleteConfirmed(form)) {
    // Asked only of someone who may delete it: anyone else hears the refusal at once.
    const product = await getProduct(id);
    if (!product) return fail("이미 삭제되었거나 존재하지 않는 상품입니다.", 404);
    if (!canDeleteProduct(product, user)) {
      logDenied("product delete denied", request, user.id, id);
      return fail("삭제 권한이 없습니다.", 403);
    }
    return askDeleteConfirmation(form);
  }
  let outcome: Awaited<ReturnType<typeof deleteProduct>>;
  try {
    outcome = await deleteProduct({ id, actor: user });
  } catch (error) {
    log.error("product delete failed", { request, error });
    return fail("삭제 중 오류가 발생했습니다.", 500);
  }
  if (outcome === "forbidden") {
    logDenied("product delete denied", request, user.id, id);
    return fail("삭제 권한이 없습니다.", 403);
  }
  if (outcome === "not-found") return fail("이미 삭제되었거나 존재하지 않는 상품입니다.", 404);
  // The list the delete came from (a page with JavaScript posts to its `.data` address, which names it).
  return redirectWithToast(after ?? postedFromPage(request, "/products"), { type: "success", message: "삭제 완료!" });
}
