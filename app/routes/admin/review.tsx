import { Form, Link } from "react-router";
import { ConfirmSubmitButton } from "#app/components/confirm-dialog.tsx";
import { DeleteConfirmation } from "#app/components/delete-confirmation.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import {
  loadReviewQueue,
  publishWholesalerAction,
  REVIEW_PATH,
  reviewFormOf,
} from "#app/features/supplier-import/wholesaler-review.server.ts";
import { deleteWholesalerAction } from "#app/features/wholesalers/wholesaler-actions.server.ts";
import { CategoryBadge } from "#app/features/wholesalers/wholesaler-card.tsx";
import { parseListParams } from "#app/features/wholesalers/wholesaler-list-params.ts";
import { deleteConfirmationOf } from "#app/lib/confirm-before-delete.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/review";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "검토 대기", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { page } = parseListParams(new URL(request.url).searchParams);
  return loadReviewQueue(page);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const { form, intent, id } = await reviewFormOf(request);
  if (intent === "publish") return publishWholesalerAction(request, admin, form, id, REVIEW_PATH);
  if (intent === "delete") return deleteWholesalerAction(request, admin, form, REVIEW_PATH);
  throw new Response("잘못된 요청입니다.", { status: 400 });
}

const smallButton = "rounded-md border px-3 py-1.5 text-sm font-medium";

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount } = loaderData;
  // A delete sent without confirm=1 (no JavaScript yet): the server asks first (lib/confirm-before-delete.ts).
  const confirmDelete = deleteConfirmationOf(actionData);
  if (confirmDelete) return <DeleteConfirmation fields={confirmDelete} />;
  return (
    <>
      <PageHeading>검토 대기</PageHeading>
      <p className="mb-4 max-w-3xl text-sm leading-relaxed text-slate-600">
        가져오기에서 주소나 이름을 확인해야 한다고 판단한 도매처입니다. 목록·검색·사이트맵에는 보이지 않습니다. 주소를 고친 뒤{" "}
        <strong>공개</strong>하거나, 도매처가 아니면 삭제하세요. 총 {total.toLocaleString("ko-KR")}곳.
      </p>
      {items.length === 0 ? (
        <EmptyState message="검토 대기 중인 도매처가 없습니다." />
      ) : (
        <ul className="space-y-3">
          {items.map((item) => {
            const site = safeHttpUrl(item.siteUrl);
            const nameId = `review-${item.id}-name`;
            return (
              <li key={item.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 space-y-1">
                    <h2 id={nameId} className="text-base font-semibold text-slate-900">
                      <Link to={`/wholesaler/${item.id}`} className="hover:underline">
                        {item.name.trim() || "이름 없음"}
                      </Link>
                    </h2>
                    <CategoryBadge category={item.category} />
                    <p className="break-all text-sm">
                      {site ? (
                        <a href={site} target="_blank" rel="noopener noreferrer" className="text-blue-700 hover:underline">
                          {site}
                        </a>
                      ) : (
                        <span className="text-slate-500">사이트 주소 없음</span>
                      )}{" "}
                      <span className={item.addressVerdict === "home" ? "text-emerald-700" : "text-amber-800"}>({item.addressLabel})</span>
                    </p>
                    <p className="text-sm text-slate-700">
                      <span className="font-medium">사유:</span> {item.reviewReason || "사유가 기록되지 않았습니다."}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="publish" />
                      <input type="hidden" name="id" value={item.id} />
                      <button
                        type="submit"
                        aria-describedby={nameId}
                        className={`${smallButton} border-emerald-300 text-emerald-800 hover:bg-emerald-50`}
                      >
                        공개
                      </button>
                    </Form>
                    <Link
                      to={`/admin/wholesaler-edit/${item.id}`}
                      aria-describedby={nameId}
                      className={`${smallButton} border-slate-300 text-slate-700 hover:bg-slate-50`}
                    >
                      수정
                    </Link>
                    <ConfirmSubmitButton
                      fields={{ intent: "delete", id: String(item.id) }}
                      className={`${smallButton} border-rose-200 text-rose-700 hover:bg-rose-50`}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} label="검토 대기 페이지" />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
