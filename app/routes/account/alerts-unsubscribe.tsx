import { Form } from "react-router";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { loadUnsubscribePage, unsubscribeAction } from "#app/features/alerts/unsubscribe-actions.server.ts";
import { failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/alerts-unsubscribe";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "찜 알림 끄기", description: "찜한 도매처 변경 알림과 저장한 검색 알림 메일을 그만 받습니다." }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadUnsubscribePage(request);
}

export function action({ request }: Route.ActionArgs) {
  return unsubscribeAction(request);
}

export default function AlertsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const done = actionData && "ok" in actionData && actionData.ok ? actionData.message : null;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeading>찜 알림 끄기</PageHeading>
      {done ? (
        <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 px-5 py-4 text-emerald-800">
          {done} 다시 받으시려면 로그인한 뒤 내 계정에서 ‘찜한 도매처 변경 알림 받기’를 켜 주세요.
        </p>
      ) : (
        <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="text-slate-700">
            {loaderData.alreadyOff
              ? "이 계정의 찜 알림은 이미 꺼져 있습니다."
              : "아래 버튼을 누르시면 찜한 도매처 변경 알림과 저장한 검색 알림 메일을 더 이상 보내 드리지 않습니다."}
          </p>
          <FormAlert message={failure?.message} />
          <SubmitButton pendingLabel="끄는 중...">알림 끄기</SubmitButton>
        </Form>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
