import { Link, useSearchParams } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { signUpAction } from "#app/features/users/auth-actions.server.ts";
import { CredentialsForm } from "#app/features/users/credentials-form.tsx";
import { PENDING_ACTION_FIELD, signInHref } from "#app/features/users/pending-action.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: "회원가입", description: "이메일로 가입하고 내 상품을 등록해 보세요." }, args);

// A refused attempt (429) carries Retry-After to the browser.
export { routeHeaders as headers } from "#app/lib/headers.ts";

export function action({ request }: Route.ActionArgs) {
  return signUpAction(request);
}

export default function Signup() {
  const [params] = useSearchParams();
  // Kept as /login keeps them: after the sign-up the person is back where they were, with their 찜 saved.
  const carried = { redirectTo: params.get("redirectTo"), afterSignIn: params.get(PENDING_ACTION_FIELD) };
  return (
    // The heading lines up with the centred form card below it.
    <div className="mx-auto max-w-md">
      <PageHeading>회원가입</PageHeading>
      <CredentialsForm kind="signup" submitLabel="회원가입" pendingLabel="가입 중..." {...carried} />
      <p className="mt-4 text-center text-sm text-slate-600">
        이미 계정이 있으신가요? {/* Not named 로그인: the header already has that link, and two links of one name are ambiguous. */}
        <Link to={signInHref("/login", carried)} className="font-medium text-blue-700 underline">
          기존 계정으로 들어가기
        </Link>
      </p>
    </div>
  );
}
