/**
 * The import and the review queue (docs/spec/decisions.md 22): /admin/import previews a file row by row and
 * applies the ticked rows; /admin/review publishes, or deletes, the suppliers waiting for review; the
 * detail page lets an admin publish the one it shows. Admins only: the admin layout (and the detail page
 * route) checks, and the writes take the checked admin.
 */
import { data, redirect } from "react-router";
import { formFailure, readForm } from "#app/lib/form.server.ts";
import { log } from "#app/lib/log.server.ts";
import { postedFromPage } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { type AdminUser, getUser } from "#app/platform/auth/auth.server.ts";
import { actorOf } from "../wholesalers/wholesaler-history.server.ts";
import {
  countWholesalerView,
  getWholesaler,
  isPublished,
  listWaitingWholesalers,
  publishWholesaler,
} from "../wholesalers/wholesalers.server.ts";
import { judgeAddress } from "./address-judge.ts";
import { importRunOf, startImportRun } from "./import-jobs.server.ts";
import { applyImport, type ImportPlan, type ImportReport, previewImport } from "./wholesaler-import.server.ts";
import { decodeImportBytes, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, parseImportText, tooLargeMessage } from "./wholesaler-import-file.ts";
import { IMPORT_JOB_ROWS } from "./wholesaler-import-limits.ts";

export const REVIEW_PATH = "/admin/review";
const NOT_FOUND = "해당 도매처 정보를 찾을 수 없습니다.";

/** What the import page shows after a post: a preview to choose rows from, or the report of what was applied. */
export type ImportActionResult =
  | { stage: "preview"; fileName: string; content: string; ignoredColumns: string[]; plan: ImportPlan }
  | { stage: "done"; fileName: string; report: ImportReport };

const importFailure = (message: string, status: number) => formFailure(message, { status });

/** readForm's refusals (413, 415, 400) as the page's own inline message, with the same status. */
async function readImportForm(request: Request): Promise<FormData | Response> {
  try {
    return await readForm(request);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const message = thrown.status === 413 ? tooLargeMessage() : await thrown.text();
    return new Response(message, { status: thrown.status });
  }
}

/** The row numbers the operator ticked (`row` checkboxes); anything that is not a row number is ignored. */
function tickedRows(form: FormData): Set<number> {
  const rows = new Set<number>();
  for (const value of form.getAll("row")) {
    if (typeof value !== "string" || !/^[1-9][0-9]{0,5}$/.test(value)) continue;
    const row = Number(value);
    if (row <= MAX_IMPORT_ROWS) rows.add(row);
  }
  return rows;
}

/** The changes the operator ticked in rows that would replace curated values (`field` checkboxes, `<row>:<field>`). */
function tickedFields(form: FormData): Set<string> {
  const fields = new Set<string>();
  for (const value of form.getAll("field")) {
    if (typeof value === "string" && /^[1-9][0-9]{0,5}:[A-Za-z]{1,40}$/.test(value)) fields.add(value);
  }
  return fields;
}

/**
 * /admin/import: `intent=preview` with a file shows what each row would do; `intent=apply` sends the
 * same text back with the ticked rows and applies them after deciding every row again. A preview, or
 * a file that cannot be read, writes nothing.
 */
export async function importWholesalersAction(request: Request, admin: AdminUser) {
  const form = await readImportForm(request);
  if (form instanceof Response) return importFailure(await form.text(), form.status);
  const intent = form.get("intent");

  let text: string;
  let fileName = "";
  if (intent === "apply") {
    const content = form.get("content");
    if (typeof content !== "string" || !content.trim()) return importFailure("가져올 내용이 없습니다. 파일을 다시 선택해 주세요.", 400);
    if (new TextEncoder().encode(content).byteLength > MAX_IMPORT_BYTES) return importFailure(tooLargeMessage(), 413);
    text = content;
    fileName = String(form.get("fileName") ?? "").slice(0, 200);
  } else {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return importFailure("가져올 파일을 선택해 주세요.", 400);
    if (file.size > MAX_IMPORT_BYTES) return importFailure(tooLargeMessage(), 413);
    const decoded = decodeImportBytes(new Uint8Array(await file.arrayBuffer()));
    if (!decoded.ok) return importFailure(decoded.error, 400);
    text = decoded.text;
    fileName = file.name.slice(0, 200);
  }

  const parsed = parseImportText(text, fileName);
  if (!parsed.ok) return importFailure(parsed.error, 400);
  try {
    if (intent === "apply" && parsed.rows.length > IMPORT_JOB_ROWS) {
      // A long file runs in the background; the page follows its progress (import-jobs.server.ts).
      const runId = await startImportRun({
        content: text,
        fileName,
        total: parsed.rows.length,
        choice: { rows: [...tickedRows(form)], fields: [...tickedFields(form)] },
        actor: await actorOf(admin),
      });
      log.info("wholesaler import started", { request, runId, rows: parsed.rows.length });
      return redirect(`/admin/import?run=${runId}`);
    }
    if (intent === "apply") {
      const { report } = await applyImport(parsed.rows, { rows: tickedRows(form), fields: tickedFields(form) }, await actorOf(admin));
      log.info("wholesaler import applied", { request, ...report });
      return data<ImportActionResult>({ stage: "done", fileName, report });
    }
    const plan = await previewImport(parsed.rows);
    return data<ImportActionResult>({ stage: "preview", fileName, content: text, ignoredColumns: parsed.ignoredColumns, plan });
  } catch (error) {
    log.error("wholesaler import failed", { request, error });
    return importFailure("가져오기 중 오류가 발생했습니다. 아무것도 바뀌지 않았습니다.", 500);
  }
}

/** /admin/import?run=<id>: a long import's progress, then its report; an unknown run is a 404 with a message. */
export async function loadImportPage(request: Request) {
  const raw = new URL(request.url).searchParams.get("run");
  if (raw === null) return data({ run: null, missing: false });
  const id = parseIdParam(raw);
  const run = id ? await importRunOf(id) : null;
  return data({ run, missing: !run }, { status: run ? 200 : 404, headers: { "Cache-Control": "private, no-store" } });
}

/** `intent=publish` with `id` (from /admin/review, or the detail page without an id field). */
export async function publishWholesalerAction(request: Request, admin: AdminUser, form: FormData, id: number | null, fallback: string) {
  const back = postedFromPage(request, fallback);
  if (!id) return redirectWithToast(back, { type: "error", message: NOT_FOUND });
  let published: boolean;
  try {
    published = await publishWholesaler(id, await actorOf(admin));
  } catch (error) {
    log.error("wholesaler publish failed", { request, error, id });
    return redirectWithToast(back, { type: "error", message: "공개 중 오류가 발생했습니다." });
  }
  if (!published) return redirectWithToast(back, { type: "error", message: NOT_FOUND });
  log.info("wholesaler published", { request, id, intent: String(form.get("intent") ?? "") });
  return redirectWithToast(back, { type: "success", message: "공개되었습니다." });
}

/** Reads the form of a review write (publish or delete); the id comes from the form. */
export async function reviewFormOf(request: Request) {
  const form = await readForm(request);
  return { form, intent: form.get("intent"), id: parseIdParam(String(form.get("id") ?? "")) };
}

/** /admin/review: the waiting suppliers with their stored reason and how their address reads now. */
export async function loadReviewQueue(page: number) {
  const result = await listWaitingWholesalers({ page });
  return {
    ...result,
    items: result.items.map((item) => {
      const address = judgeAddress(item.siteUrl);
      return { ...item, addressVerdict: address.verdict, addressLabel: address.verdict === "home" ? "사이트 첫 페이지" : address.label };
    }),
  };
}

/**
 * The detail page's supplier: published ones for everyone (a person's view is counted once a day under
 * `visitor`, see view-count.server.ts, and shows after the next fold; null counts nothing), a waiting
 * one for admins only (`waiting: true`); everyone else gets the same 404 as for an unknown id.
 */
export async function loadWholesalerForDetail(request: Request, id: number, visitor: string | null) {
  const [found] = await Promise.all([getWholesaler(id), visitor ? countWholesalerView(id, visitor) : null]);
  if (!found) return null;
  if (isPublished(found)) return { wholesaler: found, waiting: false };
  const user = await getUser(request);
  if (user?.role !== "admin") return null;
  return { wholesaler: found, waiting: true };
}
