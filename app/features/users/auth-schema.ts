import { z } from "zod";
import { PROVIDER_IDS } from "#app/platform/auth/providers.ts";
import { CONSENT_ALL_FIELD, CONSENT_ITEMS, CONSENT_REQUIRED, type ConsentKind } from "./signup-consent.ts";

/** One schema for the login, admin login and signup forms (page and action). */
export const credentialsSchema = z.object({
  email: z
    .string({ error: "이메일을 입력해 주세요." })
    .trim()
    .min(1, "이메일을 입력해 주세요.")
    .max(254, "이메일이 너무 깁니다.")
    .pipe(z.email("올바른 이메일 주소를 입력해 주세요."))
    .transform((value) => value.toLowerCase()),
  password: z
    .string({ error: "비밀번호를 입력해 주세요." })
    .min(1, "비밀번호를 입력해 주세요.")
    .max(128, "비밀번호는 128자 이하여야 합니다."),
});

/** A consent checkbox: `yes` when ticked, empty when not; anything else counts as not ticked. */
const checkbox = z.string().max(10).default("");

const ticked = (values: Record<string, string | undefined>, field: string) =>
  values[CONSENT_ALL_FIELD] === "yes" || values[field] === "yes";

/**
 * Sign-up adds the password's length rule and the consent items (signup-consent.ts): each required item ticked,
 * or `전체 동의`, which the server reads as every item ticked (the form works without JavaScript). A missing one is
 * refused at its field with the contract's `필수 항목에 모두 동의해 주세요.`, whatever else is wrong with the form.
 * Passwords too easy to guess are refused by the action (common-passwords.server.ts): the estimator and its lists
 * stay on the server.
 */
const consentFields = {
  // The fields of signup-consent.ts CONSENT_ITEMS (a test checks they match).
  agreeAll: checkbox,
  agreeTerms: checkbox,
  agreePrivacy: checkbox,
  agreeAge: checkbox,
  agreeNews: checkbox,
};

function requireConsents(values: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const item of CONSENT_ITEMS) {
    if (item.required && !ticked(values as Record<string, string>, item.field))
      ctx.addIssue({ code: "custom", path: [item.field], message: CONSENT_REQUIRED });
  }
}

export const signupSchema = credentialsSchema
  .extend({
    password: z
      .string({ error: "비밀번호를 입력해 주세요." })
      .min(8, "비밀번호는 8자 이상이어야 합니다.")
      .max(128, "비밀번호는 128자 이하여야 합니다."),
    ...consentFields,
  })
  // Checked even when the address or the password is wrong too, so every missing item is marked at once.
  .superRefine(requireConsents, { when: () => true });

/** The sign-up's `카카오 로그인` and `네이버 로그인` buttons: the same consents, and the provider instead of a password. */
export const providerSignupSchema = z
  .object({ provider: z.enum(PROVIDER_IDS, { error: "잘못된 요청입니다." }), ...consentFields })
  .superRefine(requireConsents, { when: () => true });

/** Which items a valid sign-up agreed to (`전체 동의` is every one). */
export function agreedConsents(values: Record<string, unknown>): Record<ConsentKind, boolean> {
  const strings = values as Record<string, string | undefined>;
  return Object.fromEntries(CONSENT_ITEMS.map((item) => [item.kind, ticked(strings, item.field)])) as Record<ConsentKind, boolean>;
}

export { HONEYPOT_FIELD } from "./honeypot.ts";
