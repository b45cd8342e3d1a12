import { and, eq, gt, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { account, user } from "#app/db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { isStandInEmail } from "#app/platform/auth/providers.ts";
import { hitRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import { runInBackground } from "#app/platform/mail/background.server.ts";
import { sendMail } from "#app/platform/mail/mail.server.ts";
import { repeatedLoginFailuresMail, verifyAdminEmailMail, verifyEmailMail } from "./account-mails.ts";
import { consumeTokenOwner, issueToken, peekTokenOwner } from "./user-tokens.server.ts";

/** How a note's author appears when the admin has not chosen a display name (docs/spec/decisions.md 29). */
export const DEFAULT_AUTHOR_NAME = "관리자";

export function isAdminEmail(email: string) {
  return env().adminEmails.includes(email.trim().toLowerCase());
}

export async function findUserByEmail(email: string) {
  const [row] = await db()
    .select({ id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  return row ?? null;
}

export async function findUserById(id: string) {
  const [row] = await db()
    .select({ id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, id));
  return row ?? null;
}

/**
 * A new account (docs/decisions/0043): a plain user whose e-mail is not confirmed and that signed up less than
 * NEW_ACCOUNT_DAYS days ago. Each costs one sign-up, so what new accounts make the server do is held to budgets
 * they share; an admin, an account with a confirmed address, or one that old is a real user of its own.
 */
export async function isNewAccount(userId: string): Promise<boolean> {
  const days = env().NEW_ACCOUNT_DAYS;
  if (days === 0) return false;
  const [row] = await db()
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        eq(user.id, userId),
        eq(user.role, "user"),
        eq(user.emailVerified, false),
        gt(user.createdAt, sql`now() - ${days}::int * interval '1 day'`),
      ),
    );
  return Boolean(row);
}

/** True when the account can sign in with a password (demo owners, for one, cannot). */
export async function hasPassword(userId: string) {
  const [row] = await db()
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return Boolean(row);
}

/** `npm run admin -- <email>`: promotes an existing account. Returns false when there is none. */
export async function promoteToAdmin(email: string): Promise<boolean> {
  const rows = await db()
    .update(user)
    .set({ role: "admin", updatedAt: new Date() })
    .where(eq(user.email, email.trim().toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}

/** Confirmation mails one address may receive per hour, whichever account asks (a new account included). */
export const VERIFICATION_MAILS_PER_ADDRESS_PER_HOUR = 3;

export type VerificationMail =
  | { sent: true }
  | { sent: false; reason: "not-needed" }
  | { sent: false; reason: "limited"; retryAfterSeconds: number };

/**
 * The link that proves an account's address, from /account for any account that has not proved it yet (reviews need
 * it, ui-contract.md "Seller reviews") and, with `adminOnly`, at sign-up for an ADMIN_EMAILS account that is not an
 * admin yet, whose link also grants the role (docs/spec/decisions.md 30). The mail leaves in the background. Counted
 * per ADDRESS, so deleting the account and signing up again does not buy more mails (issue #28 item 5).
 */
export async function sendVerificationMail(userId: string, { adminOnly = false } = {}): Promise<VerificationMail> {
  const found = await findUserById(userId);
  const adminPending = Boolean(found && found.role !== "admin" && isAdminEmail(found.email));
  // An account a provider made without an e-mail has no address to prove: it adds one (sendAddedEmailMail).
  if (!found || isStandInEmail(found.email) || !(adminPending || (!adminOnly && !found.emailVerified)))
    return { sent: false, reason: "not-needed" };
  const mails = await hitRateLimit(`mail:verify:${found.email}`, VERIFICATION_MAILS_PER_ADDRESS_PER_HOUR, 3_600_000);
  if (!mails.allowed) return { sent: false, reason: "limited", retryAfterSeconds: mails.retryAfterSeconds };
  const token = await issueToken(found.id, "verify-email");
  const link = `${env().publicUrl}/verify-email?${new URLSearchParams({ token })}`;
  const words = { to: found.email, link, siteName: siteConfig().siteName };
  const mail = adminPending ? verifyAdminEmailMail(words) : verifyEmailMail(words);
  runInBackground("admin verification mail", () => sendMail(mail));
  return { sent: true };
}

/**
 * The link that adds an address to an account 카카오 or 네이버 made without one (docs/decisions/0055): mailed to that
 * address, which becomes the account's, proved, only when the link is used in a browser signed in as the account.
 * An address another account uses is refused (`taken`); mails are counted per address as the confirmation's are.
 */
export async function sendAddedEmailMail(userId: string, email: string): Promise<VerificationMail | { sent: false; reason: "taken" }> {
  const found = await findUserById(userId);
  if (!found || !isStandInEmail(found.email)) return { sent: false, reason: "not-needed" };
  if (await findUserByEmail(email)) return { sent: false, reason: "taken" };
  const mails = await hitRateLimit(`mail:verify:${email}`, VERIFICATION_MAILS_PER_ADDRESS_PER_HOUR, 3_600_000);
  if (!mails.allowed) return { sent: false, reason: "limited", retryAfterSeconds: mails.retryAfterSeconds };
  const token = await issueToken(found.id, "verify-email", { email });
  const link = `${env().publicUrl}/verify-email?${new URLSearchParams({ token })}`;
  runInBackground("added address mail", () => sendMail(verifyEmailMail({ to: email, link, siteName: siteConfig().siteName, added: true })));
  return { sent: true };
}

/**
 * The account a still-valid confirmation link belongs to, for the page to name it (the address the link proves
 * and the sign-up time).
 */
export async function verificationAccount(token: unknown) {
  const owner = await peekTokenOwner(token, "verify-email");
  if (!owner) return null;
  const [row] = await db()
    .select({ id: user.id, email: user.email, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, owner.userId));
  return row ? { ...row, email: owner.email ?? row.email } : null;
}

export type VerifyResult = { ok: false; taken?: true } | { ok: true; email: string; admin: boolean };

/**
 * Uses a confirmation link for `userId`, the account signed in in the browser that pressed the button:
 * the address is proved, and if it is (still) in ADMIN_EMAILS the account becomes an admin. A link of
 * another account is neither used nor spent (issue #28 item 5: whoever holds the mailbox must also hold
 * the account). Works once, within 24 hours.
 */
export async function verifyEmailWithToken(token: unknown, userId: string): Promise<VerifyResult> {
  return db().transaction(async (tx) => {
    const used = await consumeTokenOwner(tx, token, "verify-email", { userId });
    if (!used) return { ok: false } as const;
    const [row] = await tx.select({ email: user.email, role: user.role }).from(user).where(eq(user.id, userId));
    if (!row) return { ok: false } as const;
    // A link that adds an address: it becomes the account's now, unless another account took it meanwhile.
    const email = used.email ?? row.email;
    if (used.email) {
      const [other] = await tx.select({ id: user.id }).from(user).where(eq(user.email, used.email));
      if (other) return { ok: false, taken: true } as const;
    }
    const admin = row.role === "admin" || isAdminEmail(email);
    await tx
      .update(user)
      .set({ email, emailVerified: true, role: admin ? "admin" : row.role, updatedAt: new Date() })
      .where(eq(user.id, userId));
    return { ok: true, email, admin } as const;
  });
}

const FAILURE_NOTICE_WINDOW_MS = 60 * 60 * 1000;

/**
 * Tells an account's owner by mail that their account sees many failed logins (issue #17: the owner is
 * told, the account is not locked). At most one mail per account per hour, counted in the database so
 * every server shares the count. Nothing happens for an address without an account. Returns whether a
 * mail was queued; the mail itself leaves in the background, so a login is never slowed by it.
 */
export async function notifyRepeatedLoginFailures(email: string): Promise<boolean> {
  const found = await findUserByEmail(email);
  if (!found) return false;
  const window = await hitRateLimit(`mail:login-failures:${found.id}`, 1, FAILURE_NOTICE_WINDOW_MS);
  if (!window.allowed) return false;
  const mail = repeatedLoginFailuresMail({
    to: found.email,
    resetLink: `${env().publicUrl}/forgot-password`,
    siteName: siteConfig().siteName,
  });
  runInBackground("login failure notice mail", () => sendMail(mail));
  return true;
}
