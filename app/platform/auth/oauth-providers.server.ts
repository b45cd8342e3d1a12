import type { GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import { type Env, env } from "../../lib/env.server.ts";
import { log } from "../../lib/log.server.ts";
import { fetchText } from "../outbound/safe-fetch.server.ts";
import { NO_EMAIL_DOMAIN, PROVIDER_IDS, PROVIDER_NAMES, type ProviderId } from "./providers.ts";

/**
 * 카카오 로그인 and 네이버 로그인 (docs/decisions/0055): Better Auth's generic OAuth plugin with the services' bases
 * from the environment (tests point them at stand-ins on 127.0.0.1), and the token and profile calls made through
 * our SSRF-safe fetcher, never Better Auth's own fetch. The wire formats are the services' documented ones:
 * Kakao's `/oauth/token` and `/v2/user/me`, Naver's `/oauth2.0/token` and `/v1/nid/me`.
 */

type Service = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  scopes: string[];
  readProfile: (answer: unknown) => ProviderProfile | null;
};

/** What the site takes from a provider's profile: the member id, and the e-mail when the person agreed to give it. */
export type ProviderProfile = { id: string; email: string | null; emailVerified: boolean };

const ANSWER_BYTES = 64 * 1024;

type OAuth2Tokens = Parameters<NonNullable<GenericOAuthConfig["getUserInfo"]>>[0];

function services(config: Env): Partial<Record<ProviderId, Service>> {
  const found: Partial<Record<ProviderId, Service>> = {};
  if (config.KAKAO_CLIENT_ID && config.KAKAO_CLIENT_SECRET) {
    found.kakao = {
      clientId: config.KAKAO_CLIENT_ID,
      clientSecret: config.KAKAO_CLIENT_SECRET,
      authorizeUrl: `${config.KAKAO_AUTH_URL}/oauth/authorize`,
      tokenUrl: `${config.KAKAO_AUTH_URL}/oauth/token`,
      profileUrl: `${config.KAKAO_API_URL}/v2/user/me`,
      // Only the e-mail: the site keeps no nickname or picture (docs/spec/decisions.md 29).
      scopes: ["account_email"],
      readProfile: readKakaoProfile,
    };
  }
  if (config.NAVER_CLIENT_ID && config.NAVER_CLIENT_SECRET) {
    found.naver = {
      clientId: config.NAVER_CLIENT_ID,
      clientSecret: config.NAVER_CLIENT_SECRET,
      authorizeUrl: `${config.NAVER_AUTH_URL}/oauth2.0/authorize`,
      tokenUrl: `${config.NAVER_AUTH_URL}/oauth2.0/token`,
      profileUrl: `${config.NAVER_API_URL}/v1/nid/me`,
      scopes: [],
      readProfile: readNaverProfile,
    };
  }
  return found;
}

/** The providers whose keys are set, in the order their buttons are shown. */
export function configuredProviders(): ProviderId[] {
  const found = services(env());
  return PROVIDER_IDS.filter((id) => found[id]);
}

/** Kakao's `/v2/user/me`: a numeric `id`; `kakao_account.email` only when the person agreed to give it. */
export function readKakaoProfile(answer: unknown): ProviderProfile | null {
  const body = answer as { id?: unknown; kakao_account?: { email?: unknown; is_email_valid?: unknown; is_email_verified?: unknown } };
  if ((typeof body?.id !== "number" && typeof body?.id !== "string") || String(body.id) === "") return null;
  const account = body.kakao_account ?? {};
  const email = typeof account.email === "string" && account.email.includes("@") ? account.email : null;
  return {
    id: String(body.id),
    email,
    emailVerified: Boolean(email && account.is_email_valid === true && account.is_email_verified === true),
  };
}

/** Naver's `/v1/nid/me`: `resultcode` "00" and the member in `response`; Naver says nothing of the e-mail's confirmation. */
export function readNaverProfile(answer: unknown): ProviderProfile | null {
  const body = answer as { resultcode?: unknown; response?: { id?: unknown; email?: unknown } };
  if (body?.resultcode !== "00" || typeof body.response?.id !== "string" || body.response.id === "") return null;
  const email = typeof body.response.email === "string" && body.response.email.includes("@") ? body.response.email : null;
  return { id: body.response.id, email, emailVerified: false };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The authorization code exchanged at the service's token endpoint (a form POST, as both document). */
async function exchangeCode(id: ProviderId, service: Service, code: string, redirectURI: string): Promise<OAuth2Tokens> {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    client_id: service.clientId,
    client_secret: service.clientSecret,
    redirect_uri: redirectURI,
    code,
  });
  const outcome = await fetchText(service.tokenUrl, { method: "POST", form, maxBytes: ANSWER_BYTES });
  const body = outcome.ok ? (parseJson(outcome.text) as Record<string, unknown> | null) : null;
  // Naver answers a refused code with 200 and an `error` field; Kakao with 400 and `error_code` (KOE320 for a used code).
  if (!outcome.ok || outcome.status !== 200 || !body || typeof body.access_token !== "string" || body.error) {
    log.warn("oauth token exchange refused", {
      provider: id,
      kind: outcome.ok ? "answer" : outcome.kind,
      status: outcome.ok ? outcome.status : outcome.status,
      error: typeof body?.error === "string" ? body.error : undefined,
      errorCode: typeof body?.error_code === "string" ? body.error_code : undefined,
    });
    throw new Error(`${id} token exchange refused`);
  }
  const expiresIn = Number(body.expires_in);
  return {
    tokenType: "bearer",
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : undefined,
    accessTokenExpiresAt: Number.isFinite(expiresIn) ? new Date(Date.now() + expiresIn * 1000) : undefined,
    scopes: typeof body.scope === "string" ? body.scope.split(/[ ,]+/).filter(Boolean) : undefined,
  };
}

async function fetchProfile(id: ProviderId, service: Service, accessToken: string | undefined): Promise<ProviderProfile | null> {
  if (!accessToken) return null;
  const outcome = await fetchText(service.profileUrl, { headers: { Authorization: `Bearer ${accessToken}` }, maxBytes: ANSWER_BYTES });
  const profile = outcome.ok && outcome.status === 200 ? service.readProfile(parseJson(outcome.text)) : null;
  if (!profile) log.warn("oauth profile unusable", { provider: id, kind: outcome.ok ? "answer" : outcome.kind, status: outcome.status });
  return profile;
}

/** The stand-in address of an account whose provider gave no e-mail: one per provider member, never mailed. */
export function standInEmail(id: ProviderId, memberId: string) {
  return `${id}-${memberId.replace(/[^A-Za-z0-9_-]/g, "")}@${NO_EMAIL_DOMAIN}`;
}

/** The generic OAuth plugin's configuration of each provider whose keys are set. */
export function providerConfigs(config: Env): GenericOAuthConfig[] {
  const found = services(config);
  return PROVIDER_IDS.flatMap((id) => {
    const service = found[id];
    if (!service) return [];
    return [
      {
        providerId: id,
        name: PROVIDER_NAMES[id],
        clientId: service.clientId,
        clientSecret: service.clientSecret,
        authorizationUrl: service.authorizeUrl,
        scopes: service.scopes,
        // Neither service documents PKCE for a server-side login.
        pkce: false,
        // A sign-in never makes an account: only /signup, with the consents, asks for one (requestSignUp).
        disableImplicitSignUp: true,
        getToken: ({ code, redirectURI }) => exchangeCode(id, service, code, redirectURI),
        getUserInfo: async (tokens) => {
          const profile = await fetchProfile(id, service, tokens.accessToken);
          if (!profile) return null;
          return {
            id: profile.id,
            email: profile.email ?? standInEmail(id, profile.id),
            emailVerified: profile.emailVerified,
            // No name from the provider (docs/spec/decisions.md 29): a display name is chosen on /account.
            name: "",
          };
        },
      },
    ];
  });
}
