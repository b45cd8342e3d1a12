import { PageHeading } from "#app/components/page-heading.tsx";
import { signInAction } from "#app/features/users/auth-actions.server.ts";
import { CredentialsForm } from "#app/features/users/credentials-form.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { ACCOUNT_FORM } from "#app/lib/page-handle.ts";
import type { Route } from "./+types/admin-login";

/** No compare bar over the form (on a phone it covered the button). */
export const handle = ACCOUNT_FORM;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "관리자 로그인", description: "관리자 계정으로 로그인합니다." }),
  { name: "robots", content: "noindex" },
];

// A refused attempt (429) carries Retry-After to the browser.
export { routeHeaders as headers } from "#app/lib/headers.ts";

export function action({ request }: Route.ActionArgs) {
  return signInAction(request, { adminOnly: true });
}

export default function AdminLogin() {
  return (
    // The heading lines up with the centred form card below it.
    <div className="mx-auto max-w-md">
      <PageHeading>관리자 로그인</PageHeading>
      <CredentialsForm kind="admin-login" submitLabel="로그인" pendingLabel="로그인 중..." />
    </div>
  );
}
