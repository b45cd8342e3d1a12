import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { user } from "#app/db/schema.ts";
import { env } from "#app/lib/env.server.ts";

export function isAdminEmail(email: string) {
  return env().adminEmails.includes(email.trim().toLowerCase());
}

/** Gives the admin role to a user whose address is listed in ADMIN_EMAILS (never takes it away). */
export async function syncAdminRole(userId: string) {
  const [row] = await db().select({ email: user.email, role: user.role }).from(user).where(eq(user.id, userId));
  if (row && row.role !== "admin" && isAdminEmail(row.email)) {
    await db().update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, userId));
  }
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
