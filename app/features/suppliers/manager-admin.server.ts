import { deleteConfirmed } from "#app/lib/confirm-before-delete.ts";
import { askDeleteConfirmation } from "#app/lib/form.server.ts";
import { formatDate } from "#app/lib/format.ts";
import { log } from "#app/lib/log.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import type { AdminUser } from "#app/platform/auth/auth.server.ts";
import { listManagers, removeManager } from "./claims.server.ts";
import { RELEASE_MANAGER_QUESTION } from "./manager-release.ts";

/**
 * `운영자` on /admin/wholesaler-edit/{id}: admins see who manages a listing (the account's address, which only
 * admins see, with its display name) and remove one (`운영자 해제`).
 */
export async function loadManagersForAdmin(wholesalerId: number) {
  const managers = await listManagers(wholesalerId);
  return managers.map((manager) => ({
    userId: manager.userId,
    label: manager.name.trim() && manager.name.trim() !== manager.email ? `${manager.name.trim()} (${manager.email})` : manager.email,
    method: manager.method,
    proofUrl: manager.proofUrl,
    since: formatDate(manager.createdAt),
  }));
}

export async function removeManagerAction(request: Request, admin: AdminUser, wholesalerId: number, form: FormData) {
  const back = `/admin/wholesaler-edit/${wholesalerId}`;
  const userId = String(form.get("userId") ?? "");
  if (!userId || userId.length > 200) return redirectWithToast(back, { type: "error", message: "해제할 운영자를 찾을 수 없습니다." });
  // Asked first, with or without JavaScript (lib/confirm-before-delete.ts): removed only with `confirm=1`.
  if (!deleteConfirmed(form)) return askDeleteConfirmation(form, RELEASE_MANAGER_QUESTION);
  const removed = await removeManager(wholesalerId, userId);
  if (!removed) return redirectWithToast(back, { type: "error", message: "해제할 운영자를 찾을 수 없습니다." });
  log.info("manager removed", { request, wholesalerId, by: admin.id });
  return redirectWithToast(back, {
    type: "success",
    message: "운영자를 해제했습니다. 그 계정의 상품은 남고 이 도매처와의 연결만 풀렸습니다.",
  });
}
