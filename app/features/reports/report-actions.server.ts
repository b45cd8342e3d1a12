import { data } from "react-router";
import { listManagers } from "#app/features/suppliers/claims.server.ts";
import { HONEYPOT_FIELD } from "#app/features/users/honeypot.ts";
import { actorOf } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { getWholesaler, isPublished } from "#app/features/wholesalers/wholesalers.server.ts";
import { env } from "#app/lib/env.server.ts";
import { formFailure, readForm, validateForm } from "#app/lib/form.server.ts";
import { log } from "#app/lib/log.server.ts";
import { postedFromPage } from "#app/lib/safe-redirect.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam, parsePageParam } from "#app/lib/url-params.ts";
import { type AdminUser, getUser, requireUser } from "#app/platform/auth/auth.server.ts";
import { clientAddress, dailySlot, hitRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import {
  moveEvidenceToObjectStore,
  type PreparedEvidence,
  prepareEvidence,
  uploadedBytes,
} from "#app/platform/evidence/evidence.server.ts";
import { EVIDENCE_PICTURE_MAX_BYTES } from "#app/platform/evidence/evidence-kinds.ts";
import { runInBackground } from "#app/platform/mail/background.server.ts";
import { sendMail } from "#app/platform/mail/mail.server.ts";
import { termsReportedMail } from "./report-mails.ts";
import { REPORT_RECEIVED, reportSchema } from "./report-schema.ts";
import { createReport, handleReport, listOpenReports } from "./reports.server.ts";
import { reportedTerms, termReportSchema } from "./term-report-schema.ts";
import { NO_EVIDENCE, NO_TERM_REPORTED, TERM_REPORT_RECEIVED } from "./term-report-words.ts";
import { applyTermReport, createTermReport, listOpenTermReports, rejectTermReport } from "./term-reports.server.ts";

const NOT_FOUND = "도매처를 찾을 수 없습니다.";
/**
 * Per client address, REPORT_RATE_LIMIT requests (default 5) in this window: a person sends one or two; a
 * burst is a script. An office behind one address may need more (`0` turns the limit off). Shared by every
 * server (rate_limits).
 */
export const REPORT_WINDOW_MS = 10 * 60 * 1000;
const TOO_MANY = "요청을 너무 자주 보냈습니다. 잠시 후 다시 시도해 주세요.";

/** The supplier a report is about, or a 404 (unknown id, malformed id). */
async function reportedSupplier(rawId: string | undefined) {
  const id = parseIdParam(rawId);
  const supplier = id ? await getWholesaler(id) : null;
  // A supplier waiting for review is not public: nobody can report on a page they cannot see.
  if (!supplier || !isPublished(supplier)) throw new Response(NOT_FOUND, { status: 404 });
  return { id: supplier.id, name: supplier.name.trim() || "이름 없음" };
}

export async function loadReportPage(rawId: string | undefined) {
  return { wholesaler: await reportedSupplier(rawId) };
}

export type ReportSent = { ok: true; message: string };

/**
 * `/wholesaler/{id}/report`: anyone may send one. A filled honeypot, a bad reason, an empty or too long
 * text get a Korean message (400); a burst from one address gets 429 with Retry-After. One INSERT: a
 * request is stored whole or not at all.
 */
export async function submitReportAction(request: Request, rawId: string | undefined) {
  const wholesaler = await reportedSupplier(rawId);
  const form = await readForm(request);
  if (form.get(HONEYPOT_FIELD)) return formFailure("잘못된 요청입니다.");
  const checked = validateForm(form, reportSchema);
  if (!checked.ok) return formFailure(checked.message, { values: checked.values, errors: checked.errors });

  const perAddress = env().REPORT_RATE_LIMIT;
  const limit = perAddress === 0 ? null : await hitRateLimit(`report:ip:${clientAddress(request)}`, perAddress, REPORT_WINDOW_MS);
  if (limit && !limit.allowed) {
    log.warn("correction requests refused: too many from one address", { request });
    return formFailure(TOO_MANY, { values: checked.values, status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  const user = await getUser(request);
  await createReport(wholesaler.id, checked.data, user?.id ?? null);
  return data<ReportSent>({ ok: true, message: REPORT_RECEIVED });
}

/** /admin/reports: the correction requests and, beside them, the term reports (each list with its own pager). */
export async function loadReportsQueue(request: Request) {
  const params = new URL(request.url).searchParams;
  const [requests, termReports] = await Promise.all([
    listOpenReports({ page: parsePageParam(params.get("page")) }),
    listOpenTermReports({ page: parsePageParam(params.get("termPage")) }),
  ]);
  return { ...requests, termReports };
}

/** `처리 완료` / `반려` of a correction request, `반영` / `반려` of a term report, on /admin/reports; back to the same page. */
export async function handleReportAction(request: Request, admin: AdminUser) {
  const form = await readForm(request);
  const back = postedFromPage(request, "/admin/reports");
  const intent = form.get("intent");
  if (intent === "apply-terms" || intent === "reject-terms") return handleTermReport(admin, form, back);
  const id = parseIdParam(form.get("id"));
  if ((intent !== "done" && intent !== "rejected") || !id) return redirectWithToast(back, { type: "error", message: "잘못된 요청입니다." });
  const changed = await handleReport(id, intent, admin.id);
  if (!changed) return redirectWithToast(back, { type: "error", message: "이미 처리된 요청입니다." });
  return redirectWithToast(back, { type: "success", message: intent === "done" ? "처리 완료로 표시했습니다." : "요청을 반려했습니다." });
}

// ---- 조건 제보 (/wholesaler/{id}/terms-report, and its queue on /admin/reports) ----

export async function loadTermReportPage(request: Request, rawId: string | undefined) {
  await requireUser(request);
  return { wholesaler: await reportedSupplier(rawId) };
}

/**
 * `제보하기`: a signed-in account's report of the terms it read, with an address or a picture as evidence, at most
 * TERM_REPORTS_PER_DAY a day (the slot is given back when the report is refused). Stored whole or not at all.
 */
export async function submitTermReportAction(request: Request, rawId: string | undefined) {
  const account = await requireUser(request);
  const wholesaler = await reportedSupplier(rawId);
  const form = await readForm(request);
  const perDay = env().TERM_REPORTS_PER_DAY;
  const slot = await dailySlot(`term-report:user:${account.id}`, perDay);
  if (!slot.allowed) {
    return formFailure(`조건 제보는 하루에 ${perDay}건까지 할 수 있습니다. 내일 다시 해 주세요.`, {
      status: 429,
      headers: { "Retry-After": String(slot.retryAfterSeconds) },
    });
  }
  let stored = false;
  try {
    const checked = validateForm(form, termReportSchema());
    if (!checked.ok) return formFailure(checked.message, { values: checked.values, errors: checked.errors });
    const { groups, terms } = reportedTerms(checked.data);
    if (groups.length === 0) return formFailure(NO_TERM_REPORTED, { values: checked.values });
    const bytes = await uploadedBytes(form.get("evidenceImage"));
    if (!bytes && !checked.data.evidenceUrl)
      return formFailure(NO_EVIDENCE, { values: checked.values, errors: { evidenceUrl: NO_EVIDENCE } });
    let picture: PreparedEvidence | null = null;
    if (bytes) {
      const prepared = await prepareEvidence(bytes, { maxBytes: EVIDENCE_PICTURE_MAX_BYTES });
      if (!prepared.ok) return formFailure(prepared.message, { values: checked.values, errors: { evidenceImage: prepared.message } });
      picture = prepared.file;
    }
    const created = await createTermReport(
      account.id,
      wholesaler.id,
      { terms, evidenceUrl: checked.data.evidenceUrl || null, checkedOn: checked.data.checkedOn! },
      picture,
    );
    stored = true;
    await moveEvidenceToObjectStore(created.evidenceFileId);
    return redirectWithToast(`/wholesaler/${wholesaler.id}`, { type: "success", message: TERM_REPORT_RECEIVED });
  } finally {
    if (!stored) await slot.release();
  }
}

const TERM_REPORT_REFUSALS = {
  handled: "이미 처리된 제보입니다.",
  nothing: "반영할 조건을 하나 이상 골라 주세요.",
  supplied: "고른 조건은 모두 공급사가 직접 관리하는 조건입니다. 바꾸려면 ‘공급사 제공 조건도 바꾸기’를 함께 골라 주세요.",
} as const;

/** `반영` (the ticked terms; `공급사 제공 조건도 바꾸기` lets them replace the managers' own) or `반려` of a term report. */
async function handleTermReport(admin: AdminUser, form: FormData, back: string) {
  const id = parseIdParam(form.get("id"));
  if (!id) return redirectWithToast(back, { type: "error", message: "잘못된 요청입니다." });
  if (form.get("intent") === "reject-terms") {
    const rejected = await rejectTermReport(id, admin.id);
    return redirectWithToast(
      back,
      rejected ? { type: "success", message: "제보를 반려했습니다." } : { type: "error", message: TERM_REPORT_REFUSALS.handled },
    );
  }
  const ticked = form.getAll("terms").filter((value): value is string => typeof value === "string");
  const applied = await applyTermReport(id, ticked, {
    overrideSupplied: form.get("overrideSupplied") === "yes",
    actor: await actorOf(admin),
  });
  if (!applied.ok) return redirectWithToast(back, { type: "error", message: TERM_REPORT_REFUSALS[applied.reason] });
  const link = `${env().publicUrl}/wholesaler/${applied.wholesalerId}`;
  for (const manager of await listManagers(applied.wholesalerId)) {
    const mail = termsReportedMail({
      to: manager.email,
      listing: applied.wholesalerName,
      changes: applied.changes,
      link,
      siteName: siteConfig().siteName,
    });
    runInBackground("term report mail to a manager", () => sendMail(mail));
  }
  return redirectWithToast(back, { type: "success", message: "제보한 조건을 반영했습니다." });
}
