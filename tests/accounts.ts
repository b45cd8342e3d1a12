import { expect } from "vitest";
import { signUpAction } from "#app/features/users/auth-actions.server.ts";
import { asResponse, cookiesFrom, formRequest } from "./request.ts";

/** The password the tests' accounts sign up with (long enough for the signup rules, and not a common one). */
export const TEST_PASSWORD = "correct-horse-9";

/** The fields of a sign-up that the server accepts: the address, the password and the consent to the terms. */
export function signupFields(email: string, password = TEST_PASSWORD, extra: Record<string, string> = {}) {
  return { email, password, agreeTerms: "yes", ...extra };
}

/** Signs a new account up through the real signup action and returns its session cookie. */
export async function signedUpCookie(email: string, password = TEST_PASSWORD) {
  const res = asResponse(await signUpAction(formRequest("/signup", signupFields(email, password))));
  expect(res.status, `signup of ${email}`).toBe(302);
  return cookiesFrom(new Response(null, { headers: res.headers }));
}
