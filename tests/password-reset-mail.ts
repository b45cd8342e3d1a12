import { expect } from "vitest";
import { forgotPasswordAction } from "#app/features/users/account-actions.server.ts";
import { RESET_REQUESTED } from "#app/features/users/account-schema.ts";
import { signInAction } from "#app/features/users/auth-actions.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { asResponse, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { mailText, type useSmtpStandIn } from "#tests/smtp.ts";

/** The password of the accounts `signedUpCookie()` makes. */
export const PASSWORD = "correct-horse-9";

/**
 * The password reset as a person goes through it, for the reset's own tests and its page's: sign in, ask for a link
 * at /forgot-password, take the link from the mail the stand-in SMTP server received, and post a new password.
 */
export function passwordResetSteps(smtp: ReturnType<typeof useSmtpStandIn>) {
  const used = new Set<unknown>();

  async function login(email: string, password: string, ip?: string) {
    const res = asResponse(await signInAction(formRequest("/login", { email, password }, ip ? { ip } : {}), { adminOnly: false }));
    return { status: res.status, cookie: cookiesFrom(new Response(null, { headers: res.headers })) };
  }

  /** The answer of /forgot-password: back to the page with the same one-time message for every address. */
  async function forgot(email: string, ip?: string) {
    const answer = asResponse(await forgotPasswordAction(formRequest("/forgot-password", { email }, ip ? { ip } : {})));
    const { toast } = await readToast(
      getRequest("/forgot-password", { cookie: cookiesFrom(new Response(null, { headers: answer.headers })) }),
    );
    return { status: answer.status, location: answer.location, message: toast?.message, data: answer.data, headers: answer.headers };
  }

  /** Asks for a reset link and returns it as the mail carried it. */
  async function requestLink(email: string, ip?: string) {
    const answer = await forgot(email, ip);
    expect(answer).toMatchObject({ status: 302, location: "/forgot-password", message: RESET_REQUESTED });
    const mail = await smtp.nextMail((m) => m.to.includes(email) && !used.has(m));
    used.add(mail);
    const link = /http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mailText(mail))?.[0];
    expect(link).toBeTruthy();
    return new URL(link!);
  }

  const resetRequest = (url: URL | string, newPassword: string, cookie?: string) => {
    const target = new URL(url);
    return formRequest(`${target.pathname}${target.search}`, { newPassword }, cookie ? { cookie } : {});
  };

  return { login, forgot, requestLink, resetRequest };
}
