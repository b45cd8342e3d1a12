import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { account, products, user } from "#app/db/schema.ts";
import { auth } from "#app/platform/auth/auth.server.ts";
import { isProviderId, type ProviderId } from "#app/platform/auth/providers.ts";

/** The display name shown for what the person writes (an admin's seller notes); "" means the default. */
export async function setDisplayName(userId: string, name: string) {
  await db().update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** How the account signs in: the providers (카카오, 네이버) linked to it, and whether it has a password. */
export async function signInMethods(userId: string): Promise<{ providers: ProviderId[]; hasPassword: boolean }> {
  const rows = await db().select({ providerId: account.providerId }).from(account).where(eq(account.userId, userId));
  const ids = rows.map((row) => row.providerId);
  return { providers: ids.filter(isProviderId), hasPassword: ids.includes("credential") };
}

export type PasswordChange = { ok: true; cookies: string[] } | { ok: false; code: string };

/**
 * Changes the signed-in person's password through Better Auth, which checks the current one and, with
 * `revokeOtherSessions`, ends every session and opens a new one for this browser (its cookie is returned).
 */
export async function changePassword(request: Request, currentPassword: string, newPassword: string): Promise<PasswordChange> {
  const response = await auth().api.changePassword({
    body: { currentPassword, newPassword, revokeOtherSessions: true },
    headers: request.headers,
    asResponse: true,
  });
  if (response.ok) return { ok: true, cookies: response.headers.getSetCookie() };
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return { ok: false, code: body.code ?? `HTTP_${response.status}` };
}

/**
 * 회원 탈퇴: the account and everything that is only theirs, in one transaction. Products are deleted
 * here; sessions, the password, link tokens, favourites and reviews go with the user row (ON DELETE CASCADE).
 * What the site keeps (seller notes, correction requests) refers to the account with ON DELETE SET
 * NULL and stores no e-mail, so it stays without saying who wrote it.
 */
export async function deleteAccount(userId: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    await tx.delete(products).where(eq(products.createdBy, userId));
    const deleted = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
    return deleted.length > 0;
  });
}

/**
 * The Set-Cookie headers that sign this browser out (after its sessions were ended elsewhere, or the
 * account deleted). Empty when the request carries no cookie.
 */
export async function signOutCookies(request: Request): Promise<string[]> {
  if (!request.headers.get("cookie")) return [];
  const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
  return response.headers.getSetCookie();
}
