import { actorOf } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import type { AdminUser } from "#app/platform/auth/auth.server.ts";
import { approveClaim, listPendingClaims, rejectClaim } from "./claim-documents.server.ts";

/** /admin/claims (운영자 인증 심사): the pending 사업자등록증 requests, oldest first. The admin layout checked the admin. */
export async function loadClaimsPage() {
  return { items: await listPendingClaims() };
}

/** `승인` (intent=approve, id) and `반려` (intent=reject, id, reason): a decided request answers `이미 처리된 요청입니다.` */
export async function claimsAction(request: Request, admin: AdminUser) {
  const form = await readForm(request);
  const id = parseIdParam(form.get("id"));
  const intent = form.get("intent");
  if (!id || (intent !== "approve" && intent !== "reject")) {
    return redirectWithToast("/admin/claims", { type: "error", message: "잘못된 요청입니다." });
  }
  const outcome =
    intent === "approve"
      ? await approveClaim(id, { ...(await actorOf(admin)), id: admin.id })
      : await rejectClaim(id, admin, typeof form.get("reason") === "string" ? String(form.get("reason")) : "");
  return redirectWithToast("/admin/claims", { type: outcome.ok ? "success" : "error", message: outcome.message });
}
