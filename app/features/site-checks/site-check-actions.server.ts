import { recordsEnabled, requestRecordsCheck, requestRecordsSweep } from "#app/features/official-records/official-records.server.ts";
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
  return {
    ...list,
    enabled: env().LINK_CHECK === "1",
    // The registry checks share the buttons (features/official-records): on with DATA_GO_KR_KEY.
    recordsEnabled: recordsEnabled(),
    days: env().LINK_CHECK_DAYS,
    latestRun: run,
  };
}

type Outcome = Awaited<ReturnType<typeof requestCheck>>;

/**
 * `지금 점검` (intent=check, id) and `전체 점검` (intent=check-all): queued for the job runner, never fetched here.
 * Each runs the site check (unless LINK_CHECK=0) and the registry checks (when DATA_GO_KR_KEY is set).
 */
export async function siteChecksAction(request: Request) {
  const form = await readForm(request);
  const back = postedFromPage(request, "/admin/site-checks");
  const sites = env().LINK_CHECK === "1";
  if (!sites && !recordsEnabled()) return redirectWithToast(back, { type: "error", message: CHECKS_OFF_MESSAGE });
  const outcomes = await requestChecks(form.get("intent"), form.get("id"), sites);
  const done = outcomes.filter((outcome) => outcome.ok).map((outcome) => outcome.message);
  if (done.length) return redirectWithToast(back, { type: "success", message: done.join(" ") });
  const message = outcomes[0]?.message ?? "확인할 사이트 주소나 사업자등록번호가 없습니다.";
  return redirectWithToast(back, { type: "error", message });
}

/** The site check's and the registries' answers to one press (the registries' null: nothing to ask). */
async function requestChecks(intent: FormDataEntryValue | null, rawId: FormDataEntryValue | null, sites: boolean): Promise<Outcome[]> {
  if (intent === "check-all") {
    return [sites ? await requestCheckAll() : null, await requestRecordsSweep()].filter((outcome) => outcome !== null);
  }
  if (intent !== "check") return [{ ok: false, status: 400, message: "잘못된 요청입니다." }];
  const id = parseIdParam(rawId);
  if (!id) return [{ ok: false, status: 404, message: "해당 도매처 정보를 찾을 수 없습니다." }];
  const site = sites ? await requestCheck(id) : null;
  if (site && !site.ok && site.status === 404) return [site];
  return [site, await requestRecordsCheck(id)].filter((outcome) => outcome !== null);
}
