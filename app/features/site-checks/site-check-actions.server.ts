import { env } from "#app/lib/env.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { postedFromPage } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam, parsePageParam } from "#app/lib/url-params.ts";
import { latestRun, listSiteChecks, requestCheck, requestCheckAll } from "./site-checks.server.ts";

export const CHECKS_OFF_MESSAGE = "사이트 점검이 꺼져 있습니다. (LINK_CHECK=0)";

/** /admin/site-checks: every supplier's site status, problems first, and whether checks are on. */
export async function loadSiteChecksPage(request: Request) {
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  const [list, run] = await Promise.all([listSiteChecks({ page }), latestRun()]);
  return { ...list, enabled: env().LINK_CHECK === "1", days: env().LINK_CHECK_DAYS, latestRun: run };
}

/** `지금 점검` (intent=check, id) and `전체 점검` (intent=check-all): queued for the job runner, never fetched here. */
export async function siteChecksAction(request: Request) {
  const form = await readForm(request);
  const back = postedFromPage(request, "/admin/site-checks");
  if (env().LINK_CHECK !== "1") return redirectWithToast(back, { type: "error", message: CHECKS_OFF_MESSAGE });
  const intent = form.get("intent");
  let outcome: Awaited<ReturnType<typeof requestCheck>>;
  if (intent === "check") {
    const id = parseIdParam(form.get("id"));
    outcome = id ? await requestCheck(id) : { ok: false, status: 404, message: "해당 도매처 정보를 찾을 수 없습니다." };
  } else if (intent === "check-all") {
    outcome = await requestCheckAll();
  } else {
    outcome = { ok: false, status: 400, message: "잘못된 요청입니다." };
  }
  return redirectWithToast(back, { type: outcome.ok ? "success" : "error", message: outcome.message });
}
