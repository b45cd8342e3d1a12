import { deleteConfirmed } from "#app/lib/confirm-before-delete.ts";
import { askDeleteConfirmation, formFailure, readForm, validateForm } from "#app/lib/form.server.ts";
import { log } from "#app/lib/log.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { requireAdmin } from "#app/platform/auth/auth.server.ts";
import { isBlankNoteHtml, plainTextToHtml, sanitizeNoteHtml } from "./note-html.server.ts";
import { NOTE_BLANK_MESSAGE, NOTE_NOT_FOUND, noteSchema } from "./note-schema.ts";
import { createNote, deleteNote, updateNote } from "./notes.server.ts";

const ADD_FAILED = "게시글 등록 중 오류가 발생했습니다.";
const EDIT_FAILED = "수정 중 오류가 발생했습니다.";
const DELETE_FAILED = "삭제 중 오류가 발생했습니다.";

/**
 * Reads and checks the note form. The HTML is sanitised before the blank check, so a body that is
 * only markup or only stripped tags ("<p><script>…</script></p>") counts as blank.
 */
async function readNoteForm(request: Request) {
  const checked = validateForm(await readForm(request), noteSchema);
  if (!checked.ok) return checked;
  const content = sanitizeNoteHtml(plainTextToHtml(checked.data.content));
  if (isBlankNoteHtml(content))
    return { ok: false as const, message: NOTE_BLANK_MESSAGE, errors: { content: NOTE_BLANK_MESSAGE }, values: checked.values };
  return { ...checked, data: { title: checked.data.title, content } };
}

export async function createNoteAction(request: Request) {
  const admin = await requireAdmin(request);
  const form = await readNoteForm(request);
  if (!form.ok) return formFailure(form.message, form);
  try {
    await createNote({ ...form.data, authorId: admin.id });
  } catch (error) {
    log.error("note create failed", { request, error });
    return formFailure(ADD_FAILED, { values: form.values, status: 500 });
  }
  return redirectWithToast("/sellernote", { type: "success", message: "게시글이 성공적으로 등록되었습니다." });
}

/** /admin/sellernote-edit/{id} (the admin layout checked the admin). */
export async function updateNoteAction(request: Request, idParam: string | undefined) {
  const id = parseIdParam(idParam);
  if (id === null) throw new Response(NOTE_NOT_FOUND, { status: 404 });
  const form = await readNoteForm(request);
  if (!form.ok) return formFailure(form.message, form);
  let updated: boolean;
  try {
    updated = await updateNote({ id, ...form.data });
  } catch (error) {
    log.error("note update failed", { request, error });
    return formFailure(EDIT_FAILED, { values: form.values, status: 500 });
  }
  if (!updated) return formFailure(NOTE_NOT_FOUND, { values: form.values, status: 404 });
  return redirectWithToast(`/sellernote/${id}`, { type: "success", message: "게시글이 성공적으로 수정되었습니다." });
}

export async function deleteNoteAction(request: Request, idParam: string | undefined) {
  await requireAdmin(request);
  const form = await readForm(request);
  if (form.get("intent") !== "delete") return formFailure("잘못된 요청입니다.");
  const id = parseIdParam(idParam);
  if (id === null) return redirectWithToast("/sellernote", { type: "error", message: NOTE_NOT_FOUND });
  if (!deleteConfirmed(form)) return askDeleteConfirmation(form);
  let deleted: boolean;
  try {
    deleted = await deleteNote(id);
  } catch (error) {
    log.error("note delete failed", { request, error });
    return formFailure(DELETE_FAILED, { status: 500 });
  }
  if (!deleted) return redirectWithToast("/sellernote", { type: "error", message: NOTE_NOT_FOUND });
  return redirectWithToast("/sellernote", { type: "success", message: "게시글이 삭제되었습니다." });
}
