import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { db } from "#app/db/client.server.ts";
import { user, wholesalers } from "#app/db/schema.ts";
import { signUpAction } from "#app/features/users/auth-actions.server.ts";
import { promoteToAdmin } from "#app/features/users/users.server.ts";
import { hasValidCheckDigit } from "#app/lib/business-number.ts";
import { asResponse, cookiesFrom, formRequest } from "./request.ts";

/**
 * The one place tests make the people and suppliers they need: accounts through the real signup action (so a
 * test's session is the one a browser would get), admins by the same promotion the `npm run admin` command uses,
 * suppliers as rows of the migrated database.
 */

/** The password the tests' accounts sign up with (long enough for the signup rules, and not a common one). */
export const TEST_PASSWORD = "correct-horse-9";

/** The fields of a sign-up that the server accepts: the address, the password and the required consent items. */
export function signupFields(email: string, password = TEST_PASSWORD, extra: Record<string, string> = {}) {
  return { email, password, agreeTerms: "yes", agreePrivacy: "yes", agreeAge: "yes", ...extra };
}

/** Signs a new account up through the real signup action and returns its session cookie. */
export async function signedUpCookie(email: string, password = TEST_PASSWORD) {
  const res = asResponse(await signUpAction(formRequest("/signup", signupFields(email, password))));
  expect(res.status, `signup of ${email}`).toBe(302);
  return cookiesFrom(new Response(null, { headers: res.headers }));
}

export type TestAccount = { cookie: string; id: string; email: string };

/** A signed-up account: its session cookie, its id and its address. */
export async function signedUpAccount(email: string, password = TEST_PASSWORD): Promise<TestAccount> {
  const cookie = await signedUpCookie(email, password);
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, id: row!.id, email };
}

/**
 * A signed-up account whose e-mail address is proved (as the /verify-email button leaves it; reviews need it). The
 * mail and the button have their own tests (features/users): here the flag is set as that action sets it.
 */
export async function verifiedAccount(email: string): Promise<TestAccount> {
  const account = await signedUpAccount(email);
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
  return account;
}

/** A signed-up account made an administrator; its cookie is an admin session. */
export async function signedUpAdmin(email = "boss@example.com"): Promise<TestAccount> {
  const account = await signedUpAccount(email);
  expect(await promoteToAdmin(email), `promotion of ${email}`).toBe(true);
  return account;
}

/** Supplier rows as the admin form would leave them (published unless said otherwise); their ids in order. */
export async function createSuppliers(...rows: (typeof wholesalers.$inferInsert)[]): Promise<number[]> {
  const inserted = await db().insert(wholesalers).values(rows).returning({ id: wholesalers.id });
  return inserted.map((row) => row.id);
}

/** One supplier row; its id. */
export async function createSupplier(row: typeof wholesalers.$inferInsert = { name: "도매꾹", siteUrl: "https://domeggook.com/" }) {
  const [id] = await createSuppliers(row);
  return id!;
}

/** Valid 사업자등록번호 (check digit), distinct per `from`. */
export function validBusinessNumbers(count: number, from = 300_000_000) {
  const numbers: string[] = [];
  for (let stem = from; numbers.length < count; stem++) {
    for (let digit = 0; digit < 10; digit++) {
      if (hasValidCheckDigit(`${stem}${digit}`)) {
        numbers.push(`${stem}${digit}`);
        break;
      }
    }
  }
  return numbers;
}
