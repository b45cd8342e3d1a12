import { Form, Link } from "react-router";
import { TextField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton, WIDE_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { resetPasswordAction, resetPasswordLoader } from "#app/features/users/account-actions.server.ts";
import { LINK_EXPIRED } from "#app/features/users/account-schema.ts";
import { failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { ACCOUNT_FORM } from "#app/lib/page-handle.ts";
import type { Route } from "./+types/reset-password";

/** No compare bar over the form (on a phone it covered the button). */
export const handle = ACCOUNT_FORM;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "비밀번호 재설정", description: "메일로 받은 링크에서 새 비밀번호를 정합니다." }),
  { name: "robots", content: "noindex" },
];

// The address carries a one-time token: the loader marks the page private, no-store.
export { routeHeaders as headers } from "#app/lib/headers.ts";

export function loader({ request }: Route.LoaderArgs) {
  return resetPasswordLoader(request);
}

export function action({ request }: Route.ActionArgs) {
  return resetPasswordAction(request);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const expired = !loaderData.valid || failure?.message === LINK_EXPIRED;
  return (
    <div className="mx-auto max-w-md">
      <PageHeading>비밀번호 재설정</PageHeading>
      {expired ? (
        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p role="alert" className="text-slate-800">
            {LINK_EXPIRED}
          </p>
          <Link to="/forgot-password" className="inline-block font-medium text-blue-700 underline">
            재설정 메일 다시 받기
          </Link>
        </div>
      ) : (
        // No action attribute: the form posts to this address, token included, so the token never travels in the body.
        <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <TextField
            label="새 비밀번호"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={8}
            maxLength={128}
            required
            hint="8자 이상으로 정해 주세요."
            error={failure?.errors.newPassword}
          />
          {failure && !failure.errors.newPassword ? (
            <p role="alert" className="text-sm text-rose-600">
              {failure.message}
            </p>
          ) : null}
          <SubmitButton pendingLabel="변경 중..." className={WIDE_BUTTON_CLASS}>
            비밀번호 변경
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
