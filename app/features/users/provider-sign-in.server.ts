import { redirect } from "react-router";
import { log } from "#app/lib/log.server.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { auth } from "#app/platform/auth/auth.server.ts";
import { configuredProviders } from "#app/platform/auth/oauth-providers.server.ts";
import { isProviderId, PROVIDER_NAMES, type ProviderId } from "#app/platform/auth/providers.ts";
import { consentVersions } from "./consents.server.ts";
import { CONSENT_KINDS, type ConsentKind } from "./signup-consent.ts";

/**
 * 카카오 로그인 and 네이버 로그인 (docs/decisions/0055). A button on /login, /signup or /account posts to the page's
 * own action, which asks Better Auth for the provider's address (the sign-in's `state` is kept by Better Auth and
 * bound to this browser by a cookie) and sends the browser there; the provider sends it back to
 * /api/auth/callback/<provider> (routes/auth/oauth-callback.ts), where Better Auth finishes the sign-in and
 * redirects to the page asked for here, or to the error page with `?error=<code>`, which these pages read out in
 * Korean (`providerErrorMessage`).
 *
 * - /login signs in an account that already has the provider linked; it never makes an account.
 * - /signup makes one, with the consents its form gave (carried in the state; platform/auth puts them on the new
 *   account, or makes none).
 * - /account links the provider to the signed-in account. An account with the provider's e-mail is never joined
 *   by the e-mail alone: the person signs in to it and links here.
 */

export type ProviderIntent = "login" | "signup" | "link";

const RETURN_TO: Record<ProviderIntent, string> = { login: "/login", signup: "/signup", link: "/account" };

/** Whether `value` names a provider whose keys the operator set (a button is shown only then). */
export function offeredProvider(value: unknown): ProviderId | null {
  return isProviderId(value) && configuredProviders().includes(value) ? value : null;
}

/** What /login and /signup show of the providers: their buttons, and why the last return failed (`?error=`). */
export function providerChoices(request: Request) {
  return {
    providers: configuredProviders().map((id) => ({ id, name: PROVIDER_NAMES[id] })),
    providerError: providerErrorMessage(new URL(request.url)),
  };
}

/** Sends the browser to the provider's sign-in page (a 302 with Better Auth's state cookie), or throws a plain 4xx. */
export async function redirectToProvider(
  request: Request,
  provider: ProviderId,
  intent: ProviderIntent,
  options: { redirectTo?: FormDataEntryValue | null; consents?: Record<ConsentKind, boolean> } = {},
) {
  const errorCallbackURL = `${RETURN_TO[intent]}?${new URLSearchParams({ provider })}`;
  const response =
    intent === "link"
      ? await auth().api.linkSocialAccount({
          body: { provider, callbackURL: "/account?linked=1", errorCallbackURL },
          headers: request.headers,
          asResponse: true,
        })
      : await auth().api.signInSocial({
          body: {
            provider,
            callbackURL: safeRedirectPath(options.redirectTo ?? null, "/list"),
            errorCallbackURL,
            ...(intent === "signup"
              ? {
                  // The new account lands on /account: its consents, and an e-mail to add when the provider gave none.
                  newUserCallbackURL: "/account?joined=1",
                  requestSignUp: true,
                  additionalData: { consents: agreedWithVersions(options.consents) },
                }
              : {}),
          },
          headers: request.headers,
          asResponse: true,
        });
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { url?: unknown };
  if (!response.ok || typeof body.url !== "string") {
    log.warn("provider sign-in could not start", { request, provider, intent, status: response.status });
    throw new Response(`${PROVIDER_NAMES[provider]} 로그인을 시작하지 못했습니다. 잠시 후 다시 시도해 주세요.`, { status: 400 });
  }
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(body.url, { headers });
}

function agreedWithVersions(agreed: Record<ConsentKind, boolean> | undefined) {
  const versions = consentVersions();
  return CONSENT_KINDS.filter((kind) => agreed?.[kind]).map((kind) => ({ kind, version: versions[kind] }));
}

/** Better Auth's `?error=` codes of a provider's return, in Korean. */
export function providerErrorMessage(url: URL): string | null {
  const code = url.searchParams.get("error");
  if (!code) return null;
  const provider = url.searchParams.get("provider");
  const name = isProviderId(provider) ? PROVIDER_NAMES[provider] : "카카오·네이버";
  switch (code) {
    case "account_not_linked":
      return `이 이메일로 가입한 계정이 이미 있습니다. 그 계정으로 로그인한 뒤 내 계정에서 ${name} 계정을 연결해 주세요.`;
    case "signup_disabled":
      return `${name} 계정으로 가입한 회원이 아닙니다. 회원가입에서 필수 항목에 동의한 뒤 ${name} 로그인을 눌러 주세요.`;
    case "access_denied":
      return `${name} 로그인을 취소했습니다.`;
    case "account_already_linked_to_different_user":
      return `이 ${name} 계정은 이미 다른 회원 계정에 연결되어 있습니다.`;
    case "unable_to_create_user":
      return `${name} 계정으로 가입하지 못했습니다. 회원가입에서 필수 항목에 동의한 뒤 다시 시도해 주세요.`;
    default:
      return `${name} 로그인을 마치지 못했습니다. 처음부터 다시 시도해 주세요.`;
  }
}
