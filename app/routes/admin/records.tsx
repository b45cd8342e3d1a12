import { Link } from "react-router";
import { RowActionButton, rowActionClass } from "#app/components/admin-table.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { loadRecordsPage, recordsAction } from "#app/features/official-records/official-record-actions.server.ts";
import { FAILURE_WORDS, REASON_WORDS, RECORDS_OFF_MESSAGE } from "#app/features/official-records/record-words.ts";
import { formatBusinessNumber } from "#app/lib/business-number.ts";
import { formatDate, formatDay } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/records";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "공식 기록", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadRecordsPage(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return recordsAction(request, context.get(adminContext));
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

/** What the item is about, in a line: the two numbers, the domains, the 폐업일. */
function subjectOf(item: Item) {
  const number = item.businessNumber ? formatBusinessNumber(item.businessNumber) : "없음";
  switch (item.reason) {
    case "number-mismatch":
      return `등록된 번호 ${number} · 사이트의 번호 ${item.pageNumber ? formatBusinessNumber(item.pageNumber) : "없음"}`;
    case "domain-mismatch":
      return `신고 도메인 ${item.declaredDomains?.join(", ") || "없음"} · 사이트 ${item.siteUrl || "없음"}`;
    case "name-mismatch":
      return `도매처 이름 ${item.name.trim() || "없음"} · ${item.detail}`;
    case "closed":
      return `사업자등록번호 ${number}${item.closedOn ? ` · 폐업일 ${formatDay(item.closedOn)}` : ""}`;
    default:
      return `사업자등록번호 ${number}`;
  }
}

/** The last failed call of either registry after its last good answer (shown so an admin knows the answer may be old). */
function failureNote(item: Item) {
  const failed = [
    item.ntsFailure && `국세청 ${FAILURE_WORDS[item.ntsFailure] ?? "실패"}`,
    item.ftcFailure && `공정위 ${FAILURE_WORDS[item.ftcFailure] ?? "실패"}`,
  ]
    .filter(Boolean)
    .join(", ");
  return failed ? `최근 확인 실패: ${failed} (마지막으로 받은 답을 보여 줍니다)` : null;
}

export default function AdminRecords({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, enabled } = loaderData;
  return (
    <>
      <PageHeading>공식 기록</PageHeading>
      <div className="mb-3 space-y-1 text-sm text-slate-600">
        {enabled ? (
          <p>국세청 사업자등록 상태와 공정거래위원회 통신판매업 신고를 사이트 점검과 함께 확인합니다. 살펴볼 항목만 보여 줍니다.</p>
        ) : (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-800">
            {RECORDS_OFF_MESSAGE} 켜려면 DATA_GO_KR_KEY에 공공데이터포털 인증키를 넣고 서버를 다시 시작하세요.
          </p>
        )}
        <p>살펴볼 항목 {total.toLocaleString("ko-KR")}건 · 최근 것부터</p>
      </div>
      {items.length === 0 ? (
        <EmptyState message="살펴볼 공식 기록이 없습니다." />
      ) : (
        <ul className="space-y-3">
          {items.map((item) => {
            const nameId = `record-${item.wholesalerId}-${item.reason}`;
            const failure = failureNote(item);
            return (
              <li key={nameId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-base font-semibold text-slate-900">
                    <Link id={nameId} to={`/wholesaler/${item.wholesalerId}`} className="hover:underline">
                      {item.name.trim() || "이름 없음"}
                    </Link>
                  </h2>
                  <span className="text-sm text-slate-500">{formatDate(item.since)}</span>
                </div>
                <p className="mt-1">
                  <span className="inline-block rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800">
                    {REASON_WORDS[item.reason] ?? item.reason}
                  </span>
                </p>
                <p className="mt-2 break-words text-sm text-slate-700">{subjectOf(item)}</p>
                {failure ? <p className="mt-1 text-xs text-slate-500">{failure}</p> : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link to={`/admin/wholesaler-edit/${item.wholesalerId}`} className={rowActionClass("plain")}>
                    도매처 수정
                  </Link>
                  {item.reason === "number-mismatch" ? (
                    <RowActionButton intent="adopt-number" fields={{ id: item.wholesalerId }} describedBy={nameId} tone="change">
                      사이트의 번호로 바꾸기
                    </RowActionButton>
                  ) : null}
                  <RowActionButton
                    intent="acknowledge"
                    fields={{ id: item.wholesalerId, reason: item.reason }}
                    describedBy={nameId}
                    tone="done"
                  >
                    확인함
                  </RowActionButton>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} label="공식 기록 페이지" />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
