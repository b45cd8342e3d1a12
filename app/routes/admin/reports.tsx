import { Link } from "react-router";
import { RowActionButton, rowActionClass } from "#app/components/admin-table.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { handleReportAction, loadReportsQueue } from "#app/features/reports/report-actions.server.ts";
import { REPORT_REASONS } from "#app/features/reports/report-reasons.ts";
import { formatDate } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "수정 요청", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadReportsQueue(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleReportAction(request, context.get(adminContext));
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount } = loaderData;
  return (
    <>
      <PageHeading>수정 요청</PageHeading>
      <p className="mb-3 text-sm text-slate-600">처리하지 않은 요청 {total.toLocaleString("ko-KR")}건 · 최근 받은 순</p>
      {items.length === 0 ? (
        <EmptyState message="처리할 수정 요청이 없습니다." />
      ) : (
        <ul className="space-y-3">
          {items.map((report) => (
            <li key={report.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-base font-semibold text-slate-900">
                  <Link id={`report-${report.id}-name`} to={`/wholesaler/${report.wholesalerId}`} className="hover:underline">
                    {report.wholesalerName.trim() || "이름 없음"}
                  </Link>
                </h2>
                <span className="text-sm text-slate-500">{formatDate(report.createdAt)}</span>
              </div>
              <p className="mt-1">
                <span className="inline-block rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800">
                  {REPORT_REASONS[report.reason] ?? report.reason}
                </span>
              </p>
              <p className="mt-2 whitespace-pre-line break-words text-sm leading-relaxed text-slate-700">{report.body}</p>
              <p className="mt-2 text-sm text-slate-600">보낸 사람: {report.reporterEmail ?? "로그인하지 않은 방문자"}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link to={`/admin/wholesaler-edit/${report.wholesalerId}`} className={rowActionClass("plain")}>
                  도매처 수정
                </Link>
                <RowActionButton intent="done" fields={{ id: report.id }} describedBy={`report-${report.id}-name`} tone="done">
                  처리 완료
                </RowActionButton>
                <RowActionButton intent="rejected" fields={{ id: report.id }} describedBy={`report-${report.id}-name`} tone="refuse">
                  반려
                </RowActionButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} label="수정 요청 페이지" />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
