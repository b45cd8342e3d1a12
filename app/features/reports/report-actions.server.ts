import { data } from "react-router";
import { HONEYPOT_FIELD } from "#app/features/users/honeypot.ts";
import { getWholesaler, isPublished } from "#app/features/wholesalers/wholesalers.server.ts";
import { env } from "#app/lib/env.server.ts";
import { formFailure, readForm, validateForm } from "#app/lib/form.server.ts";
import { log } from "#app/lib/log.server.ts";
import { postedFromPage } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam, parsePageParam } from "#app/lib/url-params.ts";
import { type AdminUser, getUser } from "#app/platform/auth/auth.server.ts";
import { clientAddress, hitRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import { REPORT_RECEIVED, reportSchema } from "./report-schema.ts";
import { createReport, handleReport, listOpenReports } from "./reports.server.ts";

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

export async function loadReportsQueue(request: Request) {
  return listOpenReports({ page: parsePageParam(new URL(request.url).searchParams.get("page")) });
}

/** `처리 완료` / `반려` on /admin/reports: the request leaves the list; back to the same page. */
export async function handleReportAction(request: Request, admin: AdminUser) {
  const form = await readForm(request);
  const back = postedFromPage(request, "/admin/reports");
  const intent = form.get("intent");
  const id = parseIdParam(form.get("id"));
  if ((intent !== "done" && intent !== "rejected") || !id) return redirectWithToast(back, { type: "error", message: "잘못된 요청입니다." });
  const changed = await handleReport(id, intent, admin.id);
  if (!changed) return redirectWithToast(back, { type: "error", message: "이미 처리된 요청입니다." });
  return redirectWithToast(back, { type: "success", message: intent === "done" ? "처리 완료로 표시했습니다." : "요청을 반려했습니다." });
}
