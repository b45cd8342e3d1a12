import { Form, Link } from "react-router";
import { EmailField, HoneypotField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton, WIDE_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { forgotPasswordAction } from "#app/features/users/account-actions.server.ts";
import { forgotPasswordSchema } from "#app/features/users/account-schema.ts";
import { HONEYPOT_FIELD } from "#app/features/users/honeypot.ts";
import { failedValue, failureOf, inputHints } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { ACCOUNT_FORM } from "#app/lib/page-handle.ts";
import type { Route } from "./+types/forgot-password";

/** No compare bar over the form (on a phone it covered the button). */
export const handle = ACCOUNT_FORM;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "비밀번호 찾기", description: "가입한 이메일로 비밀번호 재설정 안내를 받습니다." }),
  { name: "robots", content: "noindex" },
];

export { routeHeaders as headers } from "#app/lib/headers.ts";

export function action({ request }: Route.ActionArgs) {
  return forgotPasswordAction(request);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  // Success goes back to this page with the answer as a one-time message (the same for every address).
  const failure = failureOf(actionData);
  return (
    <div className="mx-auto max-w-md">
      <PageHeading>비밀번호 찾기</PageHeading>
      <Form method="post" className="relative space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm text-slate-600">가입한 이메일 주소를 입력하시면 비밀번호를 다시 정할 수 있는 링크를 보내 드립니다.</p>
        <HoneypotField name={HONEYPOT_FIELD} />
        <EmailField
          defaultValue={failedValue(failure, "email")}
          error={failure?.errors.email}
          {...inputHints(forgotPasswordSchema, "email")}
        />
        {failure && !failure.errors.email ? (
          <p role="alert" className="text-sm text-rose-600">
            {failure.message}
          </p>
        ) : null}
        <SubmitButton pendingLabel="보내는 중..." className={WIDE_BUTTON_CLASS}>
          재설정 메일 보내기
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm text-slate-600">
        비밀번호가 생각나셨나요?{" "}
        <Link to="/login" className="font-medium text-blue-700 underline">
          로그인 화면으로 돌아가기
        </Link>
      </p>
    </div>
  );
}
