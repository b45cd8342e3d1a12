import { Form, Link } from "react-router";
import { AdminTable } from "#app/components/admin-table.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { loadSiteChecksPage, siteChecksAction } from "#app/features/site-checks/site-check-actions.server.ts";
import { SiteStatusBadge } from "#app/features/site-checks/site-status-badge.tsx";
import { FAILURE_LABELS } from "#app/features/site-checks/site-status-labels.ts";
import { formatDate } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/site-checks";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "사이트 점검", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadSiteChecksPage(request);
}

export function action({ request }: Route.ActionArgs) {
  return siteChecksAction(request);
}

/** One check's result in a few words: `정상 (200)`, `응답 시간 초과`, `오류 응답 (500)`. */
function resultText(check: { outcome: string | null; errorKind: string | null; statusCode: number | null }) {
  const code = check.statusCode ? ` (${check.statusCode})` : "";
  if (check.outcome === "ok") return `정상${code}`;
  if (check.outcome === "moved") return `다른 사이트로 이동${code}`;
  return `${FAILURE_LABELS[check.errorKind ?? ""] ?? "실패"}${code}`;
}

const RUN_OUTCOME: Record<string, string> = { recorded: "기록됨", offline: "서버가 인터넷에 연결되지 않아 기록하지 않음" };

export default function AdminSiteChecks({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, enabled, recordsEnabled, days, latestRun } = loaderData;
  return (
    <>
      <PageHeading
        actions={
          enabled || recordsEnabled ? (
            <Form method="post">
              <input type="hidden" name="intent" value="check-all" />
              <SubmitButton intent="check-all" pendingLabel="예약 중...">
                전체 점검
              </SubmitButton>
            </Form>
          ) : null
        }
      >
        사이트 점검
      </PageHeading>
      <div className="mb-4 space-y-1 text-sm text-slate-600">
        {enabled ? (
          <p>
            각 도매처 사이트를 {days}일마다 방문해 확인합니다. 실패한 사이트는 다음 날 다시 확인하고, 이틀 연속 실패하면 ‘연결 안 됨’으로
            표시합니다.
          </p>
        ) : (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-800">
            사이트 점검이 꺼져 있습니다. (LINK_CHECK=0) 켜려면 LINK_CHECK를 지우거나 1로 두고 서버를 다시 시작하세요.
            {recordsEnabled ? " 아래 버튼은 공식 기록(국세청·공정위)만 확인합니다." : ""}
          </p>
        )}
        {recordsEnabled ? <p>공식 기록(국세청 사업자 상태, 통신판매업 신고)도 같은 일정과 버튼으로 확인합니다.</p> : null}
        {latestRun ? (
          <p>
            최근 점검: {formatDate(latestRun.createdAt)} · {latestRun.done.toLocaleString("ko-KR")}/
            {latestRun.total.toLocaleString("ko-KR")}곳 · {latestRun.outcome ? RUN_OUTCOME[latestRun.outcome] : "진행 중"}
          </p>
        ) : null}
        <p>총 {total.toLocaleString("ko-KR")}곳 · 문제가 있는 곳부터 (최근 문제 먼저)</p>
      </div>
      {items.length === 0 ? (
        <EmptyState message="등록된 도매처가 없습니다." />
      ) : (
        <AdminTable columns={["도매처", "사이트 상태", "마지막 확인", "최근 결과", { label: "점검", hidden: true }]}>
          {items.map((item) => (
            <tr key={item.id} className="align-top">
              <td className="max-w-[16rem] px-4 py-2">
                <Link
                  id={`site-${item.id}-name`}
                  to={`/admin/wholesaler-edit/${item.id}`}
                  className="font-medium text-slate-900 hover:underline"
                >
                  {item.name.trim() || "이름 없음"}
                </Link>
                <div className="truncate text-xs text-slate-500">{item.siteUrl || "사이트 주소 없음"}</div>
              </td>
              <td className="whitespace-nowrap px-4 py-2">
                <SiteStatusBadge status={item.status} />
              </td>
              <td className="whitespace-nowrap px-4 py-2 tabular-nums">{item.checkedAt ? formatDate(item.checkedAt) : "없음"}</td>
              <td className="px-4 py-2">
                {item.history.length === 0 ? (
                  <span className="text-slate-500">{item.pending ? "점검 대기 중" : "기록 없음"}</span>
                ) : (
                  <details>
                    <summary className="cursor-pointer">
                      {resultText(item.history[0]!)}
                      {item.pending ? " · 점검 대기 중" : ""}
                    </summary>
                    <ol className="mt-1 space-y-0.5 text-xs text-slate-600">
                      {item.history.map((check) => (
                        <li key={check.checkedAt.toString()}>
                          {formatDate(check.checkedAt)} {resultText(check)}
                          {check.finalUrl && check.outcome === "moved" ? ` → ${check.finalUrl}` : ""}
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
              </td>
              <td className="px-4 py-2 text-right">
                {(enabled && item.siteUrl) || (recordsEnabled && item.businessNumber) ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="check" />
                    <input type="hidden" name="id" value={item.id} />
                    <button
                      type="submit"
                      aria-describedby={`site-${item.id}-name`}
                      className="whitespace-nowrap rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                    >
                      지금 점검
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager page={page} pageCount={pageCount} label="사이트 점검 페이지" />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
