import { deleteConfirmed } from "#app/lib/confirm-before-delete.ts";
import { askDeleteConfirmation, formFailure, readForm, validateForm } from "#app/lib/form.server.ts";
import { log } from "#app/lib/log.server.ts";
import { postedFromPage } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import type { AdminUser } from "#app/platform/auth/auth.server.ts";
import { actorOf, historyOf } from "./wholesaler-history.server.ts";
import { parseListParams } from "./wholesaler-list-params.ts";
import { adminWholesalerFormSchema, simpleWholesalerSchema } from "./wholesaler-schema.ts";
import { termsFormValues } from "./wholesaler-terms.ts";
import { termsToStore } from "./wholesaler-terms-schema.ts";
import {
  cleanCategories,
  createSimpleWholesaler,
  createWholesaler,
  deleteWholesaler,
  getWholesaler,
  listWholesalers,
  updateWholesaler,
} from "./wholesalers.server.ts";

export const NOT_FOUND_MESSAGE = "해당 도매처 정보를 찾을 수 없습니다.";

/** Loader of the admin lists (/admin, /admin/wholesaler): 50 a page, newest first, waiting suppliers included. */
export async function loadAdminWholesalerPage(request: Request) {
  const { page } = parseListParams(new URL(request.url).searchParams);
  return listWholesalers({ sort: "newest", page, pageSize: 50, includeWaiting: true });
}

/** `intent=delete` with the wholesaler's `id`, from /admin or /admin/wholesaler. */
export async function deleteWholesalerAction(request: Request, admin: AdminUser, form: FormData, fallback: string) {
  // The same list page (and page number) the delete came from.
  const back = postedFromPage(request, fallback);
  const id = parseIdParam(String(form.get("id") ?? ""));
  if (!id) return redirectWithToast(back, { type: "error", message: NOT_FOUND_MESSAGE });
  if (!deleteConfirmed(form)) return askDeleteConfirmation(form);
  let deleted: boolean;
  try {
    deleted = await deleteWholesaler(id, await actorOf(admin));
  } catch (error) {
    log.error("wholesaler delete failed", { request, error });
    return redirectWithToast(back, { type: "error", message: "삭제 중 오류가 발생했습니다." });
  }
  if (!deleted) return redirectWithToast(back, { type: "error", message: NOT_FOUND_MESSAGE });
  return redirectWithToast(back, { type: "success", message: "삭제 완료되었습니다." });
}

/**
 * The admin form (/admin, /admin/wholesaler-add, /admin/wholesaler-edit/{id}): add when `id` is
 * undefined, else edit. Success goes to /admin with `등록 완료되었습니다.` / `수정 완료되었습니다.`.
 */
export async function saveWholesalerAction(request: Request, admin: AdminUser, form: FormData, id?: number) {
  const verb = id === undefined ? "등록" : "수정";
  const checked = validateForm(form, adminWholesalerFormSchema);
  if (!checked.ok) return formFailure(`${verb} 실패: ${checked.message}`, { values: checked.values, errors: checked.errors });
  const { name, category, siteUrl, contact, logoUrl, summary, delivery, purchase, international, ...terms } = checked.data;
  const fields = { name, category, siteUrl, contact, logoUrl, summary, delivery, purchase, international };
  try {
    const actor = await actorOf(admin);
    if (id === undefined) {
      await createWholesaler(fields, { terms: termsToStore(terms), actor });
    } else if (!(await updateWholesaler(id, fields, { terms: termsToStore(terms), actor }))) {
      return redirectWithToast("/admin", { type: "error", message: NOT_FOUND_MESSAGE });
    }
  } catch (error) {
    log.error(`wholesaler ${id === undefined ? "create" : "update"} failed`, { request, error });
    return formFailure(`${verb} 실패: 잠시 후 다시 시도해 주세요.`, { values: checked.values, status: 500 });
  }
  return redirectWithToast("/admin", { type: "success", message: `${verb} 완료되었습니다.` });
}

/** Loader of /admin/wholesaler-edit/{id}: a malformed id is a 404; an unknown one goes back to /admin. */
export async function loadWholesalerForEdit(rawId: string | undefined) {
  const id = parseIdParam(rawId);
  if (!id) throw new Response(NOT_FOUND_MESSAGE, { status: 404 });
  const wholesaler = await getWholesaler(id);
  if (!wholesaler) throw await redirectWithToast("/admin", { type: "error", message: NOT_FOUND_MESSAGE });
  return {
    id,
    history: await historyOf(id),
    values: {
      name: wholesaler.name,
      category: wholesaler.category,
      siteUrl: wholesaler.siteUrl,
      contact: wholesaler.contact,
      logoUrl: wholesaler.logoUrl,
      summary: wholesaler.summary,
      delivery: wholesaler.delivery,
      purchase: wholesaler.purchase,
      international: wholesaler.international,
      ...termsFormValues(wholesaler),
    },
  };
}

/** /admin/add: every field required; success `도매처가 성공적으로 등록되었습니다!` on an empty form. */
export async function addSimpleWholesalerAction(request: Request, admin: AdminUser) {
  const checked = validateForm(await readForm(request), simpleWholesalerSchema);
  if (!checked.ok) return formFailure("등록 중 오류가 발생했습니다.", { values: checked.values, errors: checked.errors });
  try {
    const { name, category, delivery, purchase, international, contact, website, image, ...terms } = checked.data;
    await createSimpleWholesaler(
      { name, category, delivery, purchase, international, contact, website, image },
      await actorOf(admin),
      termsToStore(terms),
    );
  } catch (error) {
    log.error("simple wholesaler create failed", { request, error });
    return formFailure("등록 중 오류가 발생했습니다.", { values: checked.values, status: 500 });
  }
  return redirectWithToast("/admin/add", { type: "success", message: "도매처가 성공적으로 등록되었습니다!" });
}

export async function cleanCategoriesAction(request: Request, admin: AdminUser) {
  try {
    const changes = await cleanCategories(await actorOf(admin));
    return {
      ok: true as const,
      changes: changes.map(({ id, name, before, after }) => ({ id, name: name.trim() || "이름 없음", before, after })),
    };
  } catch (error) {
    log.error("category cleanup failed", { request, error });
    return formFailure("카테고리 정리 중 오류가 발생했습니다. 아무것도 바뀌지 않았습니다.", { status: 500 });
  }
}
