import { data } from "react-router";
import { requireAdmin } from "#app/lib/auth.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { isBlankNoteHtml, plainTextToHtml, sanitizeNoteHtml } from "./note-html.server.ts";
import { NOTE_BLANK_MESSAGE, NOTE_NOT_FOUND, noteSchema } from "./note-schema.ts";
import { createNote, deleteNote, parseNoteId, updateNote } from "./notes.server.ts";

export type NoteFormData = { ok: false; error: string; values: { title: string; content: string } };

const ADD_FAILED = "게시글 등록 중 오류가 발생했습니다.";
const EDIT_FAILED = "수정 중 오류가 발생했습니다.";
const DELETE_FAILED = "삭제 중 오류가 발생했습니다.";

function fail(error: string, status: number, values: NoteFormData["values"]) {
  return data<NoteFormData>({ ok: false, error, values }, { status });
}

function logFailure(what: string, error: unknown) {
  console.error(JSON.stringify({ level: "error", msg: what, error: error instanceof Error ? error.message : String(error) }));
}

/**
 * Reads and checks the note form. The HTML is sanitised before the blank check, so a body that is
 * only markup or only stripped tags ("<p><script>…</script></p>") counts as blank.
 */
async function readNoteForm(request: Request) {
  const form = await request.formData();
  const raw = { title: String(form.get("title") ?? ""), content: String(form.get("content") ?? "") };
  const parsed = noteSchema.safeParse({ title: form.get("title"), content: form.get("content") });
  if (!parsed.success) return { ok: false as const, error: parsed.error.issues[0]?.message ?? NOTE_BLANK_MESSAGE, raw };
  const content = sanitizeNoteHtml(plainTextToHtml(parsed.data.content));
  if (isBlankNoteHtml(content)) return { ok: false as const, error: NOTE_BLANK_MESSAGE, raw };
  return { ok: true as const, title: parsed.data.title, content, raw };
}

export async function createNoteAction(request: Request) {
  const admin = await requireAdmin(request);
  const form = await readNoteForm(request);
  if (!form.ok) return fail(form.error, 400, form.raw);
  try {
    await createNote({ title: form.title, content: form.content, author: admin.email, authorId: admin.id });
  } catch (error) {
    logFailure("note create failed", error);
    return fail(ADD_FAILED, 500, form.raw);
  }
  return redirectWithToast("/sellernote", { type: "success", message: "게시글이 성공적으로 등록되었습니다." });
}

export async function updateNoteAction(request: Request, idParam: string | undefined) {
  await requireAdmin(request);
  const id = parseNoteId(idParam);
  if (id === null) throw new Response(NOTE_NOT_FOUND, { status: 404 });
  const form = await readNoteForm(request);
  if (!form.ok) return fail(form.error, 400, form.raw);
  let updated: boolean;
  try {
    updated = await updateNote({ id, title: form.title, content: form.content });
  } catch (error) {
    logFailure("note update failed", error);
    return fail(EDIT_FAILED, 500, form.raw);
  }
  if (!updated) return fail(NOTE_NOT_FOUND, 404, form.raw);
  return redirectWithToast(`/sellernote/${id}`, { type: "success", message: "게시글이 성공적으로 수정되었습니다." });
}

export type NoteDeleteData = { ok: false; error: string };

export async function deleteNoteAction(request: Request, idParam: string | undefined) {
  await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") !== "delete") return data<NoteDeleteData>({ ok: false, error: "잘못된 요청입니다." }, { status: 400 });
  const id = parseNoteId(idParam);
  if (id === null) return redirectWithToast("/sellernote", { type: "error", message: NOTE_NOT_FOUND });
  let deleted: boolean;
  try {
    deleted = await deleteNote(id);
  } catch (error) {
    logFailure("note delete failed", error);
    return data<NoteDeleteData>({ ok: false, error: DELETE_FAILED }, { status: 500 });
  }
  if (!deleted) return redirectWithToast("/sellernote", { type: "error", message: NOTE_NOT_FOUND });
  return redirectWithToast("/sellernote", { type: "success", message: "게시글이 삭제되었습니다." });
}
