import { actorOf } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { postedFromPage } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam, parsePageParam } from "#app/lib/url-params.ts";
import type { AdminUser } from "#app/platform/auth/auth.server.ts";
import { acknowledgeIssue, adoptPageNumber, listRecordIssues, recordsEnabled } from "./official-records.server.ts";
import { REASON_WORDS } from "./record-words.ts";

/** /admin/records (the admin layout checked the admin): the open items, newest first, and whether the registry checks are on. */
export async function loadRecordsPage(request: Request) {
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  const list = await listRecordIssues({ page });
  // Only what a person reads: the failures as causes (never an address, let alone the key).
  return { ...list, enabled: recordsEnabled() };
}

const isReason = (value: unknown): value is keyof typeof REASON_WORDS => typeof value === "string" && Object.hasOwn(REASON_WORDS, value);

/** `확인함` (intent=acknowledge, id, reason) and `사이트의 번호로 바꾸기` (intent=adopt-number, id). */
export async function recordsAction(request: Request, admin: AdminUser) {
  const form = await readForm(request);
  const back = postedFromPage(request, "/admin/records");
  const intent = form.get("intent");
  const id = parseIdParam(form.get("id"));
  if (!id) return redirectWithToast(back, { type: "error", message: "잘못된 요청입니다." });
  if (intent === "acknowledge") {
    const reason = form.get("reason");
    if (!isReason(reason)) return redirectWithToast(back, { type: "error", message: "잘못된 요청입니다." });
    const done = await acknowledgeIssue(id, reason, admin.id);
    return redirectWithToast(
      back,
      done ? { type: "success", message: "확인함으로 표시했습니다." } : { type: "error", message: "이미 처리된 항목입니다." },
    );
  }
  if (intent === "adopt-number") {
    const done = await adoptPageNumber(id, await actorOf(admin));
    return redirectWithToast(
      back,
      done
        ? { type: "success", message: "사이트의 번호로 바꿨습니다. 공식 기록을 다시 확인합니다." }
        : { type: "error", message: "바꿀 번호가 없습니다. 이미 처리되었을 수 있습니다." },
    );
  }
  return redirectWithToast(back, { type: "error", message: "잘못된 요청입니다." });
}
