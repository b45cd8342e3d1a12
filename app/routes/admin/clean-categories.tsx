import { Form } from "react-router";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { cleanCategoriesAction } from "#app/features/wholesalers/wholesaler-actions.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/clean-categories";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "카테고리 정리", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export function action({ request, context }: Route.ActionArgs) {
  return cleanCategoriesAction(request, context.get(adminContext));
}

export default function CleanCategories({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading>카테고리 정리</PageHeading>
      <div className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-5 text-sm leading-relaxed text-slate-700 shadow-sm">
        <p>모든 도매처의 카테고리에서 앞뒤 공백을 지우고, 다르게 적힌 이름을 목록의 카테고리로 맞춥니다.</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>띄어 쓴 카테고리: 식 품 → 식품, 생 활 → 생활</li>
          <li>패션, 패션의류, 패션 의류, fashion → 의류</li>
          <li>생활용품, 생활 용품, 생활잡화, 잡화, 리빙 → 생활</li>
          <li>가구/주방 → 가구/인테리어, 아동/완구 → 유아/완구, 반려/애완 → 반려동물, 건강/뷰티 → 헬스케어/뷰티</li>
          <li>기타와 그 밖의 카테고리는 그대로 둡니다.</li>
        </ul>
        <Form method="post">
          <SubmitButton>카테고리 정리 실행</SubmitButton>
        </Form>
      </div>
      {actionData ? (
        <section aria-labelledby="cleanup-result" className="mt-8 max-w-2xl">
          <h2 id="cleanup-result" className="mb-3 text-lg font-semibold">
            정리 결과
          </h2>
          {!actionData.ok ? (
            <FormAlert message={actionData.message} />
          ) : actionData.changes.length === 0 ? (
            <p role="status" className="rounded-lg bg-slate-100 px-4 py-3 text-slate-700">
              변경된 항목이 없습니다.
            </p>
          ) : (
            <div role="status">
              <p className="mb-2 text-slate-700">{actionData.changes.length.toLocaleString("ko-KR")}개 항목의 카테고리를 바꿨습니다.</p>
              <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
                {actionData.changes.map((change) => (
                  <li key={change.id} className="px-4 py-2">
                    {`${change.name}: ${change.before} → ${change.after}`}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
