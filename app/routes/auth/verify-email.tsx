import { Form, Link } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton, WIDE_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { verifyEmailAction, verifyEmailLoader } from "#app/features/users/account-actions.server.ts";
import { LINK_EXPIRED } from "#app/features/users/account-schema.ts";
import { failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "이메일 주소 확인", description: "메일로 받은 링크로 이메일 주소를 확인합니다." }),
  { name: "robots", content: "noindex" },
];

export { routeHeaders as headers } from "#app/lib/headers.ts";

export function loader({ request }: Route.LoaderArgs) {
  return verifyEmailLoader(request);
}

export function action({ request }: Route.ActionArgs) {
  return verifyEmailAction(request);
}

/**
 * Opening the link shows a button; pressing it proves the address. A mail scanner that opens every link
 * in a message therefore cannot use the link up (no page load changes anything).
 */
export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const expired = !loaderData.valid || failureOf(actionData)?.message === LINK_EXPIRED;
  return (
    <div className="mx-auto max-w-md">
      <PageHeading>이메일 주소 확인</PageHeading>
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {expired ? (
          <>
            <p role="alert" className="text-slate-800">
              {LINK_EXPIRED}
            </p>
            <p className="text-sm text-slate-600">
              로그인한 뒤 {/* Not just 내 계정: that is the header link's name, and two links of one name are ambiguous. */}
              <Link to="/account" className="font-medium text-blue-700 underline">
                내 계정 페이지
              </Link>
              에서 확인 메일을 다시 받을 수 있습니다.
            </p>
          </>
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-slate-700">아래 버튼을 누르면 이메일 주소 확인이 끝납니다.</p>
            <SubmitButton pendingLabel="확인 중..." className={WIDE_BUTTON_CLASS}>
              이메일 주소 확인하기
            </SubmitButton>
          </Form>
        )}
      </div>
    </div>
  );
}
