import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { account, session, user } from "#app/db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { auth } from "#app/platform/auth/auth.server.ts";
import { hitRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import { sendMail } from "#app/platform/mail/mail.server.ts";
import { resetPasswordMail } from "./account-mails.ts";
import { consumeToken, issueToken, peekToken } from "./user-tokens.server.ts";
import { findUserByEmail, hasPassword } from "./users.server.ts";

/**
 * One address gets a new reset mail once its last one is this old, whoever asks (issue #28 item 6).
 * Nobody can use up an owner's mails: a request that is dropped leaves the last link, at most a few
 * minutes old and valid for an hour, in the owner's mailbox. A mailbox gets at most 12 an hour; who may
 * ask how often is limited per client address in the action (RESET_REQUESTS_PER_CLIENT_PER_HOUR).
 */
export const RESET_MAIL_INTERVAL_MS = 5 * 60_000;

/**
 * Sends the reset link when the address has an account with a password. Runs after the page has
 * answered (runInBackground), so the answer and its timing are the same for every address. The
 * per-address interval is counted for unknown addresses too, for the same reason.
 */
export async function sendPasswordReset(email: string): Promise<"sent" | "too-soon" | "no-account"> {
  const interval = await hitRateLimit(`mail:reset:${email}`, 1, RESET_MAIL_INTERVAL_MS);
  if (!interval.allowed) {
    log.info("password reset mail skipped: the last one is only minutes old", { count: interval.count });
    return "too-soon";
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
 * the link is used up only if the password really changed. The account's address, or null for a
 * wrong, used or expired link.
 */
export async function resetPasswordWithToken(token: unknown, newPassword: string): Promise<{ email: string } | null> {
  // A link that is not valid costs no password hashing (scrypt is deliberately slow).
  if (!(await peekToken(token, "reset-password"))) return null;
  const passwordHash = await (await auth().$context).password.hash(newPassword);
  return db().transaction(async (tx) => {
    const userId = await consumeToken(tx, token, "reset-password");
    if (!userId) return null;
    const changed = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    // No password account (it cannot have been issued a link): the token is spent, nothing else changes.
    if (changed.length === 0) return null;
    await tx.delete(session).where(eq(session.userId, userId));
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    return owner ?? null;
  });
}
