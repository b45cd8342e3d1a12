import type { Actor } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { ADMIN_ONLY_FIELDS, supplierWholesalerFormSchema } from "#app/features/wholesalers/wholesaler-schema.ts";
import { termsFormValues } from "#app/features/wholesalers/wholesaler-terms.ts";
import { termsToStore } from "#app/features/wholesalers/wholesaler-terms-schema.ts";
import { getWholesaler, NUMBER_CHANGES_PER_DAY, saveSupplierTerms } from "#app/features/wholesalers/wholesalers.server.ts";
import { formFailure, readForm, validateForm } from "#app/lib/form.server.ts";
import { addDays, seoulDay, startOfSeoulDay } from "#app/lib/format.ts";
import { log } from "#app/lib/log.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { requireUser, type SessionUser } from "#app/platform/auth/auth.server.ts";
import { isManagerOf, managedListings } from "./claims.server.ts";

/**
 * The supplier's desk (ui-contract.md "Suppliers who run a listing"): /supplier lists the listings an account
 * manages, /supplier/{id}/edit saves their terms, 요약 and 연락처. Every rule on the server: only a manager of
 * that very listing reads or writes it (anyone else 403, whatever the form says), and a form carrying a field
 * that stays with the admins is refused whole. The 사업자등록번호 changes at most NUMBER_CHANGES_PER_DAY times a
 * listing a day (a 4th change: 429, nothing saved), and the registry calls a new number causes come out of a share
 * of the day's calls that no listing or account can pass (official-record-jobs.server.ts, docs/decisions/0041).
 */

export const FORBIDDEN_MESSAGE = "이 도매처를 수정할 권한이 없습니다. 사이트 인증을 마친 운영자만 수정할 수 있습니다.";
export const ADMIN_FIELD_MESSAGE =
  "이름, 카테고리, 사이트 주소는 관리자만 바꿀 수 있습니다. 도매처 페이지의 ‘정보 수정 요청’을 이용해 주세요.";
export const NUMBER_LIMIT_MESSAGE = `사업자등록번호는 하루에 ${NUMBER_CHANGES_PER_DAY}번까지 바꿀 수 있습니다.`;
const SUPPLIER_ACTOR_LABEL = "공급사 운영자";

export async function loadSupplierDesk(request: Request) {
  const account = await requireUser(request);
  return { listings: await managedListings(account.id) };
}

/** The listing's id when this account manages it; 404 for a malformed id, 403 for anyone else. */
async function managedId(account: SessionUser, rawId: string | undefined) {
  const id = parseIdParam(rawId);
  if (!id) throw new Response("도매처를 찾을 수 없습니다.", { status: 404 });
  if (!(await isManagerOf(account.id, id))) throw new Response(FORBIDDEN_MESSAGE, { status: 403 });
  return id;
}

export async function loadSupplierEdit(request: Request, rawId: string | undefined) {
  const account = await requireUser(request);
  const id = await managedId(account, rawId);
  const wholesaler = await getWholesaler(id);
  if (!wholesaler) throw new Response("도매처를 찾을 수 없습니다.", { status: 404 });
  const { termsCheckedAt: _checked, termsSource: _source, ...terms } = termsFormValues(wholesaler);
  return {
    id,
    name: wholesaler.name.trim() || "이름 없음",
    values: {
      ...terms,
      summary: wholesaler.summary,
      contact: wholesaler.contact,
      delivery: wholesaler.delivery,
      purchase: wholesaler.purchase,
      international: wholesaler.international,
    },
  };
}

export async function saveSupplierEditAction(request: Request, rawId: string | undefined) {
  const account = await requireUser(request);
  const id = await managedId(account, rawId);
  const form = await readForm(request);
  // A replayed or hand-made form: a field of the admins, or another listing's id, refuses the whole save.
  if (ADMIN_ONLY_FIELDS.some((field) => form.has(field))) return formFailure(ADMIN_FIELD_MESSAGE, { status: 400 });
  for (const field of ["id", "wholesalerId"]) {
    const sent = form.get(field);
    if (sent !== null && String(sent) !== String(id)) throw new Response(FORBIDDEN_MESSAGE, { status: 403 });
  }
  const checked = validateForm(form, supplierWholesalerFormSchema);
  if (!checked.ok) return formFailure(`저장 실패: ${checked.message}`, { values: checked.values, errors: checked.errors });
  const { summary, contact, delivery, purchase, international, ...terms } = checked.data;
  const { termsCheckedAt: _checked, termsSource: _source, ...stored } = termsToStore({ ...terms, termsCheckedAt: null, termsSource: "" });
  const actor: Actor = { id: account.id, label: SUPPLIER_ACTOR_LABEL };
  let outcome: Awaited<ReturnType<typeof saveSupplierTerms>>;
  try {
    outcome = await saveSupplierTerms(id, { summary, contact, details: { delivery, purchase, international }, terms: stored }, actor);
  } catch (error) {
    log.error("supplier terms save failed", { request, error });
    return formFailure("저장 실패: 잠시 후 다시 시도해 주세요.", { values: checked.values, status: 500 });
  }
  if (outcome === "missing") throw new Response("도매처를 찾을 수 없습니다.", { status: 404 });
  if (outcome === "number-limit") {
    const tomorrow = startOfSeoulDay(addDays(seoulDay(), 1));
    return formFailure(NUMBER_LIMIT_MESSAGE, {
      values: checked.values,
      errors: { businessNumber: NUMBER_LIMIT_MESSAGE },
      status: 429,
      headers: { "Retry-After": String(Math.max(1, Math.ceil((tomorrow.getTime() - Date.now()) / 1000))) },
    });
  }
  // The official records follow the save through the change history (docs/decisions/0051): the registry calls a
  // new number causes are charged to this listing and account (a share of the day's calls, docs/decisions/0041).
  return redirectWithToast("/supplier", { type: "success", message: "저장되었습니다." });
}
