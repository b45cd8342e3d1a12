import { expect } from "vitest";
import { signUpAction } from "#app/features/users/auth-actions.server.ts";
import { asResponse, cookiesFrom, formRequest } from "./request.ts";

/** The password the tests' accounts sign up with (long enough for the signup rules). */
export const TEST_PASSWORD = "correct-horse-9";

/** Signs a new account up through the real signup action and returns its session cookie. */
export async function signedUpCookie(email: string, password = TEST_PASSWORD) {
  const res = asResponse(await signUpAction(formRequest("/signup", { email, password })));
  expect(res.status, `signup of ${email}`).toBe(302);
  return cookiesFrom(new Response(null, { headers: res.headers }));
}
