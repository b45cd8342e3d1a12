import { data } from "react-router";
import { deleteConfirmed } from "#app/lib/confirm-before-delete.ts";
import { askDeleteConfirmation, formFailure, readForm, readFormOrRefusal, validateForm } from "#app/lib/form.server.ts";
import type { FormFailure } from "#app/lib/form-kit.ts";
import { log } from "#app/lib/log.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { IMPORT_MAX_BYTES, type ImportRow, parseImportPayload, type RefusedRow } from "./external-product-import.ts";
import { externalProductSchema } from "./external-product-schema.ts";
import {
  applyImport,
  createExternalProduct,
  deleteExternalProduct,
  getExternalProduct,
  previewImport,
  updateExternalProduct,
} from "./external-products.server.ts";

export const ADMIN_EXTERNAL_PATH = "/admin/external-products";
/** The whole request: a 1 MB file, or the confirmed rows sent back as form text (percent-encoded). */
const REQUEST_MAX_BYTES = 4 * IMPORT_MAX_BYTES;
const NOT_FOUND = "외부 인기 상품을 찾을 수 없습니다.";
const TOO_LARGE = `파일이 너무 큽니다. ${IMPORT_MAX_BYTES / 1_000_000}MB 이하의 JSON 또는 CSV 파일을 선택해 주세요.`;

export type ImportPreview = {
  kind: "preview";
  fileName: string;
  rows: ImportRow[];
  refused: RefusedRow[];
  /** The rows to add, sent back with the confirmation (checked again on arrival). */
  payload: string;
};
export type AdminExternalResult = FormFailure | ImportPreview;

/** A refusal of the import or of a delete: the form kit's failure with no typed values (the page shows it on top). */
function fail(message: string, status: number) {
  return formFailure(message, { status });
}

/** Every write of /admin/external-products: add, delete, import preview and import (the admin layout checked the admin). */
export async function adminExternalProductsAction(request: Request) {
  const read = await readFormOrRefusal(request, REQUEST_MAX_BYTES);
  if (!read.ok && read.status === 413) return fail(TOO_LARGE, 413);
  if (!read.ok) return fail(read.message, read.status);
  const form = read.form;
  switch (form.get("intent")) {
    case "create":
      return createFromForm(request, form);
    case "delete":
      return deleteFromForm(form);
    case "preview-import":
      return previewFromForm(form);
    case "apply-import":
      return applyFromForm(request, form);
    default:
      return fail("잘못된 요청입니다.", 400);
  }
}

async function createFromForm(request: Request, form: FormData) {
  const checked = validateForm(form, externalProductSchema);
  if (!checked.ok) return formFailure(`등록 실패: ${checked.message}`, checked);
  try {
    await createExternalProduct(checked.data);
  } catch (error) {
    log.error("external product create failed", { request, error });
    return formFailure("등록 실패: 잠시 후 다시 시도해 주세요.", { values: checked.values, status: 500 });
  }
  return redirectWithToast(ADMIN_EXTERNAL_PATH, { type: "success", message: "외부 인기 상품이 등록되었습니다." });
}

async function deleteFromForm(form: FormData) {
  const id = parseIdParam(form.get("id"));
  if (!id) return fail(NOT_FOUND, 404);
  if (!deleteConfirmed(form)) return askDeleteConfirmation(form);
  if ((await deleteExternalProduct(id)) === "not-found") return fail(NOT_FOUND, 404);
  return redirectWithToast(ADMIN_EXTERNAL_PATH, { type: "success", message: "삭제 완료!" });
}

async function previewFromForm(form: FormData) {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return fail("가져올 JSON 또는 CSV 파일을 선택해 주세요.", 400);
  if (file.size > IMPORT_MAX_BYTES) return fail(TOO_LARGE, 413);
  const preview = await previewImport(file.name, new Uint8Array(await file.arrayBuffer()));
  if (!preview.ok) return fail(preview.error, 400);
  return data<AdminExternalResult>({
    kind: "preview",
    fileName: file.name.slice(0, 200),
    rows: preview.rows,
    refused: preview.refused,
    payload: JSON.stringify(preview.rows),
  });
}

async function applyFromForm(request: Request, form: FormData) {
  const payload = form.get("payload");
  const rows = typeof payload === "string" ? parseImportPayload(payload) : null;
  if (!rows) return fail("가져올 내용을 확인할 수 없습니다. 파일을 다시 선택해 미리 보기부터 해 주세요.", 400);
  let outcome: Awaited<ReturnType<typeof applyImport>>;
  try {
    outcome = await applyImport(rows);
  } catch (error) {
    log.error("external product import failed", { request, error });
    return fail("가져오기 중 오류가 발생해 아무것도 저장하지 않았습니다. 잠시 후 다시 시도해 주세요.", 500);
  }
  const { added, skipped } = outcome;
  const message =
    skipped > 0 ? `외부 인기 상품 ${added}개를 가져왔습니다. (이미 등록된 ${skipped}개 제외)` : `외부 인기 상품 ${added}개를 가져왔습니다.`;
  return redirectWithToast(ADMIN_EXTERNAL_PATH, { type: "success", message });
}

/** Loader of /admin/external-products/{id}/edit. */
export async function loadExternalProductForEdit(rawId: string | undefined) {
  const id = parseIdParam(rawId);
  const product = id ? await getExternalProduct(id) : null;
  if (!product) throw new Response(NOT_FOUND, { status: 404 });
  return product;
}

export async function updateExternalProductAction(request: Request, rawId: string | undefined) {
  const id = parseIdParam(rawId);
  if (!id) throw new Response(NOT_FOUND, { status: 404 });
  const checked = validateForm(await readForm(request), externalProductSchema);
  if (!checked.ok) return formFailure(`수정 실패: ${checked.message}`, checked);
  if ((await updateExternalProduct(id, checked.data)) === "not-found") throw new Response(NOT_FOUND, { status: 404 });
  return redirectWithToast(ADMIN_EXTERNAL_PATH, { type: "success", message: "수정 완료!" });
}
