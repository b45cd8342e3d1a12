import { data } from "react-router";
import { requireAdmin } from "#app/lib/auth.server.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { decodeImportBytes, parseImportText, tooLargeMessage, MAX_IMPORT_BYTES } from "./wholesaler-import-file.ts";
import { applyImport, type ImportPlan, previewImport, readImportForm } from "./wholesaler-import.server.ts";
import {
  ADMIN_WHOLESALER_FIELDS,
  adminWholesalerSchema,
  type FieldErrors,
  fieldErrorsOf,
  parseWholesalerId,
  pickFields,
  SIMPLE_WHOLESALER_FIELDS,
  simpleWholesalerSchema,
} from "./wholesaler-schema.ts";
import {
  cleanCategories,
  createSimpleWholesaler,
  createWholesaler,
  deleteWholesaler,
  getWholesaler,
  updateWholesaler,
} from "./wholesalers.server.ts";

export const NOT_FOUND_MESSAGE = "해당 도매처 정보를 찾을 수 없습니다.";

export type WholesalerFormResult = { ok: false; message: string; errors: FieldErrors; values: Record<string, string | null> };

function logFailure(msg: string, error: unknown) {
  console.error(JSON.stringify({ level: "error", msg, error: error instanceof Error ? error.message : String(error) }));
}

function failure(message: string, status: number, values: Record<string, string | null>, errors: FieldErrors = {}) {
  return data<WholesalerFormResult>({ ok: false, message, errors, values }, { status });
}

/** Where a list page sends the admin back to after a delete: the same page (and page number). */
function samePage(request: Request, fallback: string) {
  const url = new URL(request.url);
  return safeRedirectPath(`${url.pathname}${url.search}`, fallback);
}

/** `intent=delete` with the wholesaler's `id`, from /admin or /admin/wholesaler. */
export async function deleteWholesalerAction(request: Request, form: FormData, fallback: string) {
  await requireAdmin(request);
  const back = samePage(request, fallback);
  const id = parseWholesalerId(String(form.get("id") ?? ""));
  if (!id) return redirectWithToast(back, { type: "error", message: NOT_FOUND_MESSAGE });
  let deleted: boolean;
  try {
    deleted = await deleteWholesaler(id);
  } catch (error) {
    logFailure("wholesaler delete failed", error);
    return redirectWithToast(back, { type: "error", message: "삭제 중 오류가 발생했습니다." });
  }
  if (!deleted) return redirectWithToast(back, { type: "error", message: NOT_FOUND_MESSAGE });
  return redirectWithToast(back, { type: "success", message: "삭제 완료되었습니다." });
}

/**
 * The admin form (/admin, /admin/wholesaler-add, /admin/wholesaler-edit/{id}): add when `id` is
 * undefined, else edit. Success goes to /admin with `등록 완료되었습니다.` / `수정 완료되었습니다.`.
 */
export async function saveWholesalerAction(request: Request, form: FormData, id?: number) {
  await requireAdmin(request);
  const verb = id === undefined ? "등록" : "수정";
  const values = pickFields(form, ADMIN_WHOLESALER_FIELDS);
  const parsed = adminWholesalerSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return failure(`${verb} 실패: ${Object.values(errors)[0]}`, 400, values, errors);
  }
  try {
    if (id === undefined) {
      await createWholesaler(parsed.data);
    } else if (!(await updateWholesaler(id, parsed.data))) {
      return redirectWithToast("/admin", { type: "error", message: NOT_FOUND_MESSAGE });
    }
  } catch (error) {
    logFailure(`wholesaler ${id === undefined ? "create" : "update"} failed`, error);
    return failure(`${verb} 실패: 잠시 후 다시 시도해주세요.`, 500, values);
  }
  return redirectWithToast("/admin", { type: "success", message: `${verb} 완료되었습니다.` });
}

/** Loader of /admin/wholesaler-edit/{id}: a malformed id is a 404; an unknown one goes back to /admin. */
export async function loadWholesalerForEdit(request: Request, rawId: string | undefined) {
  await requireAdmin(request);
  const id = parseWholesalerId(rawId);
  if (!id) throw new Response(NOT_FOUND_MESSAGE, { status: 404 });
  const wholesaler = await getWholesaler(id);
  if (!wholesaler) throw await redirectWithToast("/admin", { type: "error", message: NOT_FOUND_MESSAGE });
  return {
    id,
    values: {
      name: wholesaler.name,
      category: wholesaler.category,
      siteUrl: wholesaler.siteUrl || wholesaler.website,
      contact: wholesaler.contact,
      logoUrl: wholesaler.logoUrl || wholesaler.image,
      summary: wholesaler.summary,
    },
  };
}

/** /admin/add: every field required; success `도매처가 성공적으로 등록되었습니다!` on an empty form. */
export async function addSimpleWholesalerAction(request: Request) {
  await requireAdmin(request);
  const form = await request.formData();
  const values = pickFields(form, SIMPLE_WHOLESALER_FIELDS);
  const parsed = simpleWholesalerSchema.safeParse(values);
  if (!parsed.success) return failure("등록 중 오류가 발생했습니다.", 400, values, fieldErrorsOf(parsed.error));
  try {
    await createSimpleWholesaler(parsed.data);
  } catch (error) {
    logFailure("simple wholesaler create failed", error);
    return failure("등록 중 오류가 발생했습니다.", 500, values);
  }
  return redirectWithToast("/admin/add", { type: "success", message: "도매처가 성공적으로 등록되었습니다!" });
}

export async function cleanCategoriesAction(request: Request) {
  await requireAdmin(request);
  try {
    const changes = await cleanCategories();
    return { ok: true as const, changes: changes.map(({ id, name, before, after }) => ({ id, name: name.trim() || "이름 없음", before, after })) };
  } catch (error) {
    logFailure("category cleanup failed", error);
    return data({ ok: false as const, error: "카테고리 정리 중 오류가 발생했습니다. 아무것도 바뀌지 않았습니다." }, { status: 500 });
  }
}

export type ImportSummary = { add: number; update: number; unchanged: number; refused: number };
export type ImportActionResult =
  | { stage: "error"; error: string }
  | { stage: "preview"; fileName: string; content: string; ignoredColumns: string[]; plan: ImportPlan }
  | { stage: "done"; summary: ImportSummary; refused: ImportPlan["refused"] };

const summaryOf = (plan: ImportPlan): ImportSummary => ({
  add: plan.add.length,
  update: plan.update.length,
  unchanged: plan.unchanged.length,
  refused: plan.refused.length,
});

/**
 * /admin/import: `intent=preview` with a file shows what would happen; `intent=apply` sends the same
 * text back and applies it after checking every row again. Nothing is written by a preview or by a
 * file that cannot be read.
 */
export async function importWholesalersAction(request: Request) {
  await requireAdmin(request);
  const fail = (error: string, status: number) => data<ImportActionResult>({ stage: "error", error }, { status });
  const read = await readImportForm(request);
  if (!read.ok) return fail(read.error, read.status);
  const { form } = read;
  const intent = form.get("intent");

  let text: string;
  let fileName = "";
  if (intent === "apply") {
    const content = form.get("content");
    if (typeof content !== "string" || !content.trim()) return fail("가져올 내용이 없습니다. 파일을 다시 선택해주세요.", 400);
    if (new TextEncoder().encode(content).byteLength > MAX_IMPORT_BYTES) return fail(tooLargeMessage(), 413);
    text = content;
    fileName = String(form.get("fileName") ?? "");
  } else {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return fail("가져올 파일을 선택해주세요.", 400);
    if (file.size > MAX_IMPORT_BYTES) return fail(tooLargeMessage(), 413);
    const decoded = decodeImportBytes(new Uint8Array(await file.arrayBuffer()));
    if (!decoded.ok) return fail(decoded.error, 400);
    text = decoded.text;
    fileName = file.name.slice(0, 200);
  }

  const parsed = parseImportText(text, fileName);
  if (!parsed.ok) return fail(parsed.error, 400);
  try {
    if (intent === "apply") {
      const plan = await applyImport(parsed.rows);
      return data<ImportActionResult>({ stage: "done", summary: summaryOf(plan), refused: plan.refused });
    }
    const plan = await previewImport(parsed.rows);
    return data<ImportActionResult>({ stage: "preview", fileName, content: text, ignoredColumns: parsed.ignoredColumns, plan });
  } catch (error) {
    logFailure("wholesaler import failed", error);
    return fail("가져오기 중 오류가 발생했습니다. 아무것도 바뀌지 않았습니다.", 500);
  }
}
