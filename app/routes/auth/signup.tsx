import { data, Link, useActionData, useSearchParams } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { finishPendingFavorite } from "#app/features/favorites/favorites.server.ts";
import { signUpAction } from "#app/features/users/auth-actions.server.ts";
import { CredentialsForm, ProviderError } from "#app/features/users/credentials-form.tsx";
import { PENDING_ACTION_FIELD, signInHref } from "#app/features/users/pending-action.ts";
import { providerChoices } from "#app/features/users/provider-sign-in.server.ts";
import { failedValue, failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { ACCOUNT_FORM } from "#app/lib/page-handle.ts";
import { cameFromPath } from "#app/lib/safe-redirect.ts";
import type { Route } from "./+types/signup";

/** No compare bar over the form (on a phone it covered the button). */
export const handle = ACCOUNT_FORM;

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: "회원가입", description: "이메일로 가입하고 내 상품을 등록해 보세요." }, args);

// A refused attempt (429) carries Retry-After to the browser.
export { routeHeaders as headers } from "#app/lib/headers.ts";

/**
 * The page of this site the person came from: a plain sign-up ends there (else on /list). It rides in the form as
 * `redirectTo`, so a refused first try (whose page load comes from /signup itself) keeps it. The page differs by
 * the referrer, so a shared cache keys it by that too.
 */
export function loader({ request }: Route.LoaderArgs) {
  return data({ cameFrom: cameFromPath(request), ...providerChoices(request) }, { headers: { Vary: "Cookie, Referer" } });
}

export function action({ request }: Route.ActionArgs) {
  return signUpAction(request, { afterSignIn: finishPendingFavorite });
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const failure = failureOf(useActionData());
  // Kept as /login keeps them: after the sign-up the person is back where they were, with their 찜 saved. Without
  // a `redirectTo`, the page they came from (this site's), as the first try sent it.
  const redirectTo = params.get("redirectTo") ?? (failedValue(failure, "redirectTo") || loaderData.cameFrom);
  const carried = { redirectTo, afterSignIn: params.get(PENDING_ACTION_FIELD) };
  return (
    // The heading lines up with the centred form card below it.
    <div className="mx-auto max-w-md">
      <PageHeading>회원가입</PageHeading>
      <ProviderError message={loaderData.providerError} />
      <CredentialsForm kind="signup" submitLabel="회원가입" pendingLabel="가입 중..." providers={loaderData.providers} {...carried} />
      <p className="mt-4 text-center text-sm text-slate-600">
        이미 계정이 있으신가요? {/* Not named 로그인: the header already has that link, and two links of one name are ambiguous. */}
        <Link to={signInHref("/login", carried)} className="font-medium text-blue-700 underline">
          기존 계정으로 들어가기
        </Link>
      </p>
    </div>
  );
}
