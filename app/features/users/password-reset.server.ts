import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { account, session } from "#app/db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { auth } from "#app/platform/auth/auth.server.ts";
import { hitRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import { sendMail } from "#app/platform/mail/mail.server.ts";
import { resetPasswordMail } from "./account-mails.ts";
import { consumeToken, issueToken, peekToken } from "./user-tokens.server.ts";
import { findUserByEmail, hasPassword } from "./users.server.ts";

/** Reset mails one address may receive per hour, whoever asks (a mailbox must not be flooded). */
export const RESET_MAILS_PER_ADDRESS_PER_HOUR = 3;

/**
 * Sends the reset link when the address has an account with a password. Runs after the page has
 * answered (runInBackground), so the answer and its timing are the same for every address. The
 * per-address limit is counted for unknown addresses too, for the same reason.
 */
export async function sendPasswordReset(email: string): Promise<"sent" | "limited" | "no-account"> {
  const limit = await hitRateLimit(`mail:reset:${email}`, RESET_MAILS_PER_ADDRESS_PER_HOUR, 3_600_000);
  if (!limit.allowed) {
    log.warn("password reset mail limited", { count: limit.count });
    return "limited";
  }
  const found = await findUserByEmail(email);
  if (!found || !(await hasPassword(found.id))) return "no-account";
  const token = await issueToken(found.id, "reset-password");
  const link = `${env().publicUrl}/reset-password?${new URLSearchParams({ token })}`;
  await sendMail(resetPasswordMail({ to: found.email, link, siteName: siteConfig().siteName }));
  return "sent";
}

/**
 * Sets a new password from a reset link and ends every session of the account, in one transaction:
 * the link is used up only if the password really changed. False for a wrong, used or expired link.
 */
export async function resetPasswordWithToken(token: unknown, newPassword: string): Promise<boolean> {
  // A link that is not valid costs no password hashing (scrypt is deliberately slow).
  if (!(await peekToken(token, "reset-password"))) return false;
  const passwordHash = await (await auth().$context).password.hash(newPassword);
  return db().transaction(async (tx) => {
    const userId = await consumeToken(tx, token, "reset-password");
    if (!userId) return false;
    const changed = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    // No password account (it cannot have been issued a link): the token is spent, nothing else changes.
    if (changed.length === 0) return false;
    await tx.delete(session).where(eq(session.userId, userId));
    return true;
  });
}
