import { Form, Link } from "react-router";
import { RowActionButton, rowActionClass } from "#app/components/admin-table.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { HISTORY_STATE_WORDS } from "#app/features/official-records/record-words.ts";
import { claimsAction, loadClaimsPage } from "#app/features/suppliers/claim-admin-actions.server.ts";
import { formatBusinessNumber } from "#app/lib/business-number.ts";
import { formatDateTime } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/claims";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "운영자 인증 심사", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export function loader() {
  return loadClaimsPage();
}

export function action({ request, context }: Route.ActionArgs) {
  return claimsAction(request, context.get(adminContext));
}

/** The 국세청 state in the registry's words, or `확인 전` (no key, or no answer yet). */
const stateWords = (state: string | null) =>
  state ? (HISTORY_STATE_WORDS[state as keyof typeof HISTORY_STATE_WORDS] ?? state) : "확인 전";

/**
 * 운영자 인증 심사: each pending 사업자등록증 with the listing, the numbers and the 국세청 state, `승인` and `반려`
 * (with a reason mailed). The document opens from /admin/evidence/{id}: a picture shown, a PDF only downloaded.
 */
export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <>
      <PageHeading>운영자 인증 심사</PageHeading>
      <p className="mb-3 text-sm text-slate-600">
        사업자등록증의 번호와 상호가 도매처와 맞는지 확인해 주세요. 서류는 결정 후 30일이 지나면 삭제됩니다.
      </p>
      {items.length === 0 ? (
        <EmptyState message="심사할 요청이 없습니다." />
      ) : (
        <ul className="space-y-3">
          {items.map((item) => {
            const nameId = `claim-${item.id}`;
            return (
              <li key={item.id} id={nameId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-base font-semibold text-slate-900">
                    <Link id={`${nameId}-name`} to={`/wholesaler/${item.wholesalerId}`} className="hover:underline">
                      {item.name.trim() || "이름 없음"}
                    </Link>
                  </h2>
                  <span className="text-sm text-slate-500">{formatDateTime(item.createdAt)}</span>
                </div>
                <dl className="mt-2 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-500">서류의 번호</dt>
                  <dd>{formatBusinessNumber(item.businessNumber)}</dd>
                  <dt className="text-slate-500">도매처의 번호</dt>
                  <dd>{item.listingNumber ? formatBusinessNumber(item.listingNumber) : "없음 (승인하면 서류의 번호가 됩니다)"}</dd>
                  <dt className="text-slate-500">국세청 상태</dt>
                  <dd>{stateWords(item.currentNtsState ?? item.ntsState)}</dd>
                  <dt className="text-slate-500">요청 계정</dt>
                  <dd className="break-all">{item.account}</dd>
                  <dt className="text-slate-500">담당자 연락처</dt>
                  <dd className="break-all">{item.contact}</dd>
                  <dt className="text-slate-500">사이트</dt>
                  <dd className="break-all">{item.siteUrl || "없음"}</dd>
                </dl>
                <div className="mt-3 flex flex-wrap items-start gap-2">
                  {item.evidenceFileId ? (
                    <a href={`/admin/evidence/${item.evidenceFileId}`} target="_blank" rel="noreferrer" className={rowActionClass("plain")}>
                      사업자등록증 보기<span className="sr-only"> (새 탭)</span>
                    </a>
                  ) : (
                    <span className="text-sm text-slate-500">서류가 없습니다</span>
                  )}
                  <RowActionButton intent="approve" fields={{ id: item.id }} describedBy={`${nameId}-name`} tone="done">
                    승인
                  </RowActionButton>
                  <Form method="post" className="flex flex-wrap items-start gap-2">
                    <input type="hidden" name="id" value={item.id} />
                    <label htmlFor={`${nameId}-reason`} className="sr-only">
                      반려 사유
                    </label>
                    <input
                      id={`${nameId}-reason`}
                      name="reason"
                      required
                      maxLength={500}
                      placeholder="반려 사유 (메일로 보냅니다)"
                      className="w-64 rounded-md border border-slate-300 px-2 py-1 text-sm"
                    />
                    <button
                      type="submit"
                      name="intent"
                      value="reject"
                      aria-describedby={`${nameId}-name`}
                      className={rowActionClass("refuse")}
                    >
                      반려
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
