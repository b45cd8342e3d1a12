import { Form, Link } from "react-router";
import { RowActionButton, rowActionClass } from "#app/components/admin-table.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { handleReportAction, loadReportsQueue } from "#app/features/reports/report-actions.server.ts";
import { REPORT_REASONS } from "#app/features/reports/report-reasons.ts";
import { OVERRIDE_SUPPLIED_LABEL } from "#app/features/reports/term-report-words.ts";
import { formatDate, formatDay } from "#app/lib/format.ts";
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
  const { items, total, page, pageCount, termReports } = loaderData;
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
      <TermReports reports={termReports} />
    </>
  );
}

/**
 * `조건 제보`: each reported term as `<label>: <now> → <reported>` with a box (all ticked), the evidence, and `반영`
 * (the ticked terms; a term the listing's managers keep only with `공급사 제공 조건도 바꾸기`) or `반려`.
 */
function TermReports({ reports }: { reports: Route.ComponentProps["loaderData"]["termReports"] }) {
  return (
    <section aria-labelledby="term-reports-heading" className="mt-10">
      <h2 id="term-reports-heading" className="text-lg font-semibold text-slate-900">
        조건 제보
      </h2>
      <p className="mb-3 text-sm text-slate-600">처리하지 않은 제보 {reports.total.toLocaleString("ko-KR")}건 · 최근 받은 순</p>
      {reports.items.length === 0 ? (
        <EmptyState message="처리할 조건 제보가 없습니다." />
      ) : (
        <ul className="space-y-3">
          {reports.items.map((report) => {
            const name = `term-report-${report.id}-name`;
            return (
              <li key={report.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="text-base font-semibold text-slate-900">
                    <Link id={name} to={`/wholesaler/${report.wholesalerId}`} className="hover:underline">
                      {report.wholesalerName} 조건 제보
                    </Link>
                  </h3>
                  <span className="text-sm text-slate-500">
                    확인한 날짜 {formatDay(report.checkedOn)} · 받은 날 {formatDate(report.createdAt)}
                  </span>
                </div>
                <Form method="post" className="mt-3 space-y-3">
                  <input type="hidden" name="id" value={report.id} />
                  <fieldset>
                    <legend className="text-sm font-medium text-slate-800">반영할 조건</legend>
                    <ul className="mt-1 space-y-1 text-sm">
                      {report.terms.map((term) => (
                        <li key={term.group}>
                          <label className="inline-flex items-start gap-2 text-slate-800">
                            <input type="checkbox" name="terms" value={term.group} defaultChecked className="mt-1 h-4 w-4" />
                            <span>
                              {term.label}: {term.now} → <strong className="font-semibold">{term.reported}</strong>
                              {term.supplied ? <span className="ml-1 text-amber-800">(공급사 제공)</span> : null}
                            </span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                  <div className="text-sm text-slate-700">
                    근거:{" "}
                    {report.evidenceUrl ? (
                      <a
                        href={report.evidenceUrl}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="break-all text-blue-700 underline"
                      >
                        {report.evidenceUrl}
                        <span className="sr-only"> (새 탭)</span>
                      </a>
                    ) : null}
                    {report.evidenceFileId ? (
                      <a href={`/admin/evidence/${report.evidenceFileId}`} target="_blank" rel="noreferrer" className="mt-1 block">
                        <img
                          src={`/admin/evidence/${report.evidenceFileId}`}
                          alt={`${report.wholesalerName} 조건 제보의 근거 화면 캡처`}
                          loading="lazy"
                          className="max-h-64 max-w-full rounded border border-slate-200"
                        />
                        <span className="sr-only"> (새 탭에서 크게 보기)</span>
                      </a>
                    ) : null}
                  </div>
                  <p className="text-sm text-slate-600">보낸 사람: {report.reporterEmail ?? "탈퇴한 회원"}</p>
                  {report.terms.some((term) => term.supplied) ? (
                    <label className="flex items-center gap-2 text-sm text-amber-900">
                      <input type="checkbox" name="overrideSupplied" value="yes" className="h-4 w-4" />
                      {OVERRIDE_SUPPLIED_LABEL}
                    </label>
                  ) : null}
                  <button type="submit" name="intent" value="apply-terms" aria-describedby={name} className={rowActionClass("done")}>
                    반영
                  </button>
                </Form>
                <div className="mt-2">
                  <RowActionButton intent="reject-terms" fields={{ id: report.id }} describedBy={name} tone="refuse">
                    반려
                  </RowActionButton>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={reports.page} pageCount={reports.pageCount} param="termPage" label="조건 제보 페이지" />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
