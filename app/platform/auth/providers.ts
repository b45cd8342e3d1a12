/**
 * The sign-in providers (카카오, 네이버) by name, for pages and servers alike; their OAuth calls are in
 * oauth-providers.server.ts.
 */

export const PROVIDER_IDS = ["kakao", "naver"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_NAMES: Record<ProviderId, string> = { kakao: "카카오", naver: "네이버" };

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === "string" && (PROVIDER_IDS as readonly string[]).includes(value);
}

/**
 * The domain of the stand-in address an account gets when its provider gave no e-mail: `.invalid` never resolves
 * (RFC 2606), so nothing can be mailed to it, and the account is asked for a real address before anything that mails.
 */
export const NO_EMAIL_DOMAIN = "no-email.invalid";

export function isStandInEmail(email: string) {
  return email.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);
}
