import { z } from "zod";
import { CONSENT_FIELD, CONSENT_REQUIRED } from "./signup-consent.ts";

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

/**
 * Sign-up adds the password's length rule and the consent to the terms and the privacy policy (the
 * checkbox sends `yes`; anything else, or nothing, is a refusal). Passwords too easy to guess are refused by
 * the action (common-passwords.server.ts): the estimator and its lists stay on the server.
 */
export const signupSchema = credentialsSchema.extend({
  password: z
    .string({ error: "비밀번호를 입력해 주세요." })
    .min(8, "비밀번호는 8자 이상이어야 합니다.")
    .max(128, "비밀번호는 128자 이하여야 합니다."),
  [CONSENT_FIELD]: z.literal("yes", { error: CONSENT_REQUIRED }),
});

export { HONEYPOT_FIELD } from "./honeypot.ts";
