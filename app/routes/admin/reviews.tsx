import type { ReactNode } from "react";
import { Link } from "react-router";
import { RowActionButton } from "#app/components/admin-table.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { loadReviewQueues, reviewQueueAction } from "#app/features/reviews/review-actions.server.ts";
import { EVIDENCE_CONFIRMED_LABEL, FLAG_REASONS, monthWords } from "#app/features/reviews/review-words.ts";
import { formatDate } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "후기 관리", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadReviewQueues(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return reviewQueueAction(request, context.get(adminContext));
}

type Reviewed = { id: number; wholesalerId: number; wholesalerName: string; body: string; tradedOn: string; createdAt: Date | string };

/** One queue item: the supplier, the review as written, what the queue adds, and its buttons. */
function Item({ review, children, actions }: { review: Reviewed; children?: ReactNode; actions: ReactNode }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">
          <Link id={`review-${review.id}-name`} to={`/wholesaler/${review.wholesalerId}#review-${review.id}`} className="hover:underline">
            {review.wholesalerName.trim() || "이름 없음"} 후기 #{review.id}
          </Link>
        </h3>
        <span className="text-sm text-slate-500">
          거래 시기 {monthWords(review.tradedOn)} · {formatDate(review.createdAt)}
        </span>
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-sm leading-relaxed text-slate-700">{review.body}</p>
      {children}
      <div className="mt-3 flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}

function Queue({ title, total, empty, children }: { title: string; total: number; empty: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-600">{total.toLocaleString("ko-KR")}건</span>
      </h2>
      {total === 0 ? <EmptyState message={empty} /> : <ul className="mt-3 space-y-3">{children}</ul>}
    </section>
  );
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { takedowns, evidence, flagged } = loaderData;
  return (
    <>
      <PageHeading>후기 관리</PageHeading>
      <p className="text-sm text-slate-600">
        게시 중단 요청은 요청일부터 30일 안에 복원하거나 삭제해 주세요. 기한이 지난 요청이 맨 위에 있습니다.
      </p>
      <Queue title="게시 중단 요청" total={takedowns.total} empty="결정할 게시 중단 요청이 없습니다.">
        {takedowns.items.map((item) => (
          <Item
            key={item.id}
            review={item}
            actions={
              <>
                <RowActionButton intent="restore" fields={{ id: item.id }} describedBy={`review-${item.id}-name`} tone="done">
                  복원
                </RowActionButton>
                <RowActionButton intent="delete" fields={{ id: item.id }} describedBy={`review-${item.id}-name`} tone="refuse">
                  삭제
                </RowActionButton>
              </>
            }
          >
            <p className={`mt-2 text-sm font-semibold ${item.daysLeft <= 0 ? "text-rose-700" : "text-slate-800"}`}>
              {item.daysLeft > 0 ? `결정 기한까지 ${item.daysLeft}일 남음` : "결정 기한 지남"} · 요청일 {formatDate(item.requestedAt)}
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">요청 사유: {item.reason}</p>
            <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">
              {item.objection ? `이의 신청: ${item.objection}` : "작성자의 이의 신청 없음"}
            </p>
          </Item>
        ))}
      </Queue>
      <Pager page={takedowns.page} pageCount={takedowns.pageCount} param="takedownPage" label="게시 중단 요청 페이지" />

      <Queue title="증빙 확인 대기" total={evidence.total} empty="확인할 증빙이 없습니다.">
        {evidence.items.map((item) => (
          <Item
            key={item.id}
            review={item}
            actions={
              <>
                <RowActionButton intent="confirm" fields={{ id: item.id }} describedBy={`review-${item.id}-name`} tone="done">
                  {EVIDENCE_CONFIRMED_LABEL}
                </RowActionButton>
                <RowActionButton intent="reject" fields={{ id: item.id }} describedBy={`review-${item.id}-name`} tone="refuse">
                  증빙 반려
                </RowActionButton>
              </>
            }
          >
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">주문번호 또는 송장번호</dt>
              <dd className="text-slate-900">
                {item.evidenceNumber ?? "없음"}
                {item.sameNumber ? (
                  <span className="ml-2 rounded-full bg-rose-50 px-2 py-0.5 text-xs font-semibold text-rose-700">같은 증빙 번호</span>
                ) : null}
              </dd>
              <dt className="text-slate-500">거래 화면 캡처</dt>
              <dd>
                {item.evidenceFileId ? (
                  <a href={`/admin/evidence/${item.evidenceFileId}`} target="_blank" rel="noreferrer" className="text-blue-700 underline">
                    <img
                      src={`/admin/evidence/${item.evidenceFileId}`}
                      alt={`후기 #${item.id}의 거래 화면 캡처`}
                      loading="lazy"
                      className="mt-1 max-h-64 max-w-full rounded border border-slate-200"
                    />
                    <span className="sr-only"> (새 탭에서 크게 보기)</span>
                  </a>
                ) : (
                  "없음"
                )}
              </dd>
            </dl>
          </Item>
        ))}
      </Queue>
      <Pager page={evidence.page} pageCount={evidence.pageCount} param="evidencePage" label="증빙 확인 대기 페이지" />

      <Queue title="신고된 후기" total={flagged.total} empty="처리할 신고가 없습니다.">
        {flagged.items.map((item) => (
          <Item
            key={item.id}
            review={item}
            actions={
              <>
                <RowActionButton intent="hide" fields={{ id: item.id }} describedBy={`review-${item.id}-name`} tone="refuse">
                  숨기기
                </RowActionButton>
                <RowActionButton intent="keep" fields={{ id: item.id }} describedBy={`review-${item.id}-name`} tone="plain">
                  유지
                </RowActionButton>
              </>
            }
          >
            <p className="mt-2 text-sm text-slate-800">
              신고 {item.flags.toLocaleString("ko-KR")}건: {item.reasons.map((reason) => FLAG_REASONS[reason] ?? reason).join(", ")}
            </p>
          </Item>
        ))}
      </Queue>
      <Pager page={flagged.page} pageCount={flagged.pageCount} param="flagPage" label="신고된 후기 페이지" />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
