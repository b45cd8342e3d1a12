import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import { user, userTokens } from "#app/db/schema.ts";

/**
 * One-time links (docs/decisions/0014): a 32-byte random token goes into the mail; the table keeps only
 * its SHA-256. Using a token deletes its row in the same statement that finds it, so two clicks (or two
 * servers) cannot both use one link.
 */
export type TokenPurpose = "reset-password" | "verify-email";

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  "reset-password": 60 * 60 * 1000,
  "verify-email": 24 * 60 * 60 * 1000,
};

/** What a token in a link looks like: 32 bytes in base64url. Anything else is not looked up at all. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isTokenShaped(token: unknown): token is string {
  return typeof token === "string" && TOKEN_SHAPE.test(token);
}

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A new link token for `userId`; earlier unused tokens of the same purpose stop working. `email`: the address a
 * `verify-email` link proves when it is not the account's yet (an account a provider made without one).
 */
export async function issueToken(userId: string, purpose: TokenPurpose, { email }: { email?: string } = {}): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db().transaction(async (tx) => {
    // Two links asked for at once wait for each other here, so exactly one stays valid.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    await tx.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose)));
    await tx.insert(userTokens).values({
      tokenHash: hashToken(token),
      purpose,
      userId,
      email: email ?? null,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
    });
  });
  return token;
}

/** The user a still-valid token belongs to, without using it up (the page that shows the form). */
export async function peekToken(token: unknown, purpose: TokenPurpose): Promise<string | null> {
  return (await peekTokenOwner(token, purpose))?.userId ?? null;
}

/** The user a still-valid token belongs to and the address it proves (null: the account's own). */
export async function peekTokenOwner(token: unknown, purpose: TokenPurpose): Promise<{ userId: string; email: string | null } | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await db()
    .select({ userId: userTokens.userId, email: userTokens.email })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose), gt(userTokens.expiresAt, new Date())));
  return row ?? null;
}

/**
 * Uses a token up inside the caller's transaction and returns its user, or null when it is unknown,
 * used, expired or of another purpose. With `userId`, a token of any other user is left as it is.
 * If the caller's transaction rolls back, the token stays valid.
 */
export async function consumeToken(tx: Tx, token: unknown, purpose: TokenPurpose, only: { userId?: string } = {}): Promise<string | null> {
  return (await consumeTokenOwner(tx, token, purpose, only))?.userId ?? null;
}

/** `consumeToken`, with the address the token proves (null: the account's own). */
export async function consumeTokenOwner(
  tx: Tx,
  token: unknown,
  purpose: TokenPurpose,
  only: { userId?: string } = {},
): Promise<{ userId: string; email: string | null } | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await tx
    .delete(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        only.userId === undefined ? undefined : eq(userTokens.userId, only.userId),
      ),
    )
    .returning({ userId: userTokens.userId, email: userTokens.email, expiresAt: userTokens.expiresAt });
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return { userId: row.userId, email: row.email };
}
