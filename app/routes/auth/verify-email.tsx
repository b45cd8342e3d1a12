import { Form, Link } from "react-router";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton, WIDE_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { verifyEmailAction, verifyEmailLoader } from "#app/features/users/account-actions.server.ts";
import { LINK_EXPIRED } from "#app/features/users/account-schema.ts";
import { signInHref } from "#app/features/users/pending-action.ts";
import { failureOf } from "#app/lib/form-kit.ts";
import { formatDateTime } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { ACCOUNT_FORM } from "#app/lib/page-handle.ts";
import type { Route } from "./+types/verify-email";

/** No compare bar over the form (on a phone it covered the button). */
export const handle = ACCOUNT_FORM;

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

const LINK_CLASS = "font-medium text-blue-700 underline";

/**
 * Opening the link shows which account it is for and, in a browser signed in as that account, a button;
 * pressing it proves the address. A mail scanner that opens every link in a message therefore cannot use
 * the link up (no page load changes anything), and the owner of the mailbox who opens it elsewhere hands
 * nothing to whoever made the account (issue #28 item 5).
 */
export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const expired = !loaderData.valid || failure?.message === LINK_EXPIRED;
  return (
    <div className="mx-auto max-w-md">
      <PageHeading>이메일 주소 확인</PageHeading>
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {expired || !loaderData.valid ? (
          <>
            <p role="alert" className="text-slate-800">
              {LINK_EXPIRED}
            </p>
            <p className="text-sm text-slate-600">
              로그인한 뒤 {/* Not just 내 계정: that is the header link's name, and two links of one name are ambiguous. */}
              <Link to="/account" className={LINK_CLASS}>
                내 계정 페이지
              </Link>
              에서 확인 메일을 다시 받을 수 있습니다.
            </p>
          </>
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-500">계정</dt>
              <dd className="font-medium text-slate-900">{loaderData.account.email}</dd>
              <dt className="text-slate-500">가입 일시</dt>
              <dd className="text-slate-900">{formatDateTime(loaderData.account.createdAt)}</dd>
            </dl>
            <FormAlert message={failure?.message} />
            {loaderData.signedInAsAccount ? (
              <Form method="post" className="space-y-4">
                <p className="text-slate-700">직접 만든 계정이 맞다면 아래 버튼을 누르세요. 이메일 주소 확인이 끝납니다.</p>
                <SubmitButton pendingLabel="확인 중..." className={WIDE_BUTTON_CLASS}>
                  이메일 주소 확인하기
                </SubmitButton>
              </Form>
            ) : (
              <div className="space-y-3 text-sm text-slate-700">
                <p>
                  이 계정으로 로그인한 브라우저에서만 확인할 수 있습니다.
                  {loaderData.signedInAs ? ` 지금은 ${loaderData.signedInAs} 계정으로 로그인되어 있습니다.` : ""}
                </p>
                <p>
                  <Link to={signInHref("/login", { redirectTo: loaderData.here })} className={LINK_CLASS}>
                    이 계정으로 로그인하고 계속하기
                  </Link>
                </p>
                <p className="rounded-lg bg-amber-50 p-3 text-amber-900">
                  이 주소로 가입한 적이 없거나 가입 일시가 기억과 다르다면, 다른 사람이 이 주소로 계정을 만든 것입니다.{" "}
                  <Link to="/forgot-password" className={LINK_CLASS}>
                    비밀번호 찾기
                  </Link>
                  로 그 계정의 비밀번호를 새로 정하면 그 사람은 로그아웃되고, 계정은 메일 주소의 주인에게 돌아옵니다.
                </p>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
