import { data, Link, useSearchParams } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { finishPendingFavorite } from "#app/features/favorites/favorites.server.ts";
import { signInAction } from "#app/features/users/auth-actions.server.ts";
import { CredentialsForm, ProviderError } from "#app/features/users/credentials-form.tsx";
import { PENDING_ACTION_FIELD, signInHref } from "#app/features/users/pending-action.ts";
import { providerChoices } from "#app/features/users/provider-sign-in.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { ACCOUNT_FORM } from "#app/lib/page-handle.ts";
import type { Route } from "./+types/login";

/** No compare bar over the form (on a phone it covered the button). */
export const handle = ACCOUNT_FORM;

export const meta: Route.MetaFunction = (args) => pageMeta({ title: "로그인", description: "이메일과 비밀번호로 로그인합니다." }, args);

// A refused attempt (429) carries Retry-After to the browser.
export { routeHeaders as headers } from "#app/lib/headers.ts";

/** 카카오 로그인 / 네이버 로그인 when set up, and why a provider's return failed. */
export function loader({ request }: Route.LoaderArgs) {
  return data(providerChoices(request), { headers: { Vary: "Cookie" } });
}

export function action({ request }: Route.ActionArgs) {
  return signInAction(request, { adminOnly: false, afterSignIn: finishPendingFavorite });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const carried = { redirectTo: params.get("redirectTo"), afterSignIn: params.get(PENDING_ACTION_FIELD) };
  return (
    // The heading lines up with the centred form card below it.
    <div className="mx-auto max-w-md">
      <PageHeading>로그인</PageHeading>
      <ProviderError message={loaderData.providerError} />
      <CredentialsForm kind="login" submitLabel="로그인" pendingLabel="로그인 중..." providers={loaderData.providers} {...carried} />
      <p className="mt-4 text-center text-sm">
        <Link to="/forgot-password" className="font-medium text-blue-700 underline">
          비밀번호를 잊으셨나요?
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-600">
        아직 계정이 없으신가요? {/* Not named 회원가입: the header already has that link, and two links of one name are ambiguous. */}
        {/* The page to return to and a pending 찜 go along to the sign-up. */}
        <Link to={signInHref("/signup", carried)} className="font-medium text-blue-700 underline">
          새 계정 만들기
        </Link>
      </p>
    </div>
  );
}
