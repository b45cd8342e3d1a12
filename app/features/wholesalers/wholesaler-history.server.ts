import { desc, eq } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import { user, wholesalerChanges } from "#app/db/schema.ts";
import type { SessionUser } from "#app/platform/auth/auth.server.ts";

/**
 * The change history of suppliers (docs/spec/decisions.md 21): every admin write records who, when, with which tool
 * and each field before → after, in the same transaction as the write, through `recordChanges`.
 *
 * For a new write path (the review queue's 공개, a new import): inside the write's transaction, read the
 * row before (or null when creating), write, read it after (or null when deleting), then
 * `await recordChanges(tx, { wholesalerId, action, source, actor, before, after })`.
 */

export type Actor = { id: string | null; label: string };
export type HistoryAction = "create" | "update" | "delete";
export type FieldChange = { field: string; before: string; after: string };

/** Writes made outside a signed-in admin's request (tests, maintenance code). */
export const SYSTEM_ACTOR: Actor = { id: null, label: "시스템" };
/** `npm run import:wholesalers` on the server's command line. */
export const COMMAND_LINE_ACTOR: Actor = { id: null, label: "명령줄 가져오기" };

/**
 * The admin as the history names them: the account's display name, never the e-mail (docs/spec/decisions.md 29);
 * `관리자` when the name is empty or looks like an address. Only admins ever see the label.
 */
export async function actorOf(admin: Pick<SessionUser, "id">): Promise<Actor> {
  const [row] = await db().select({ name: user.name }).from(user).where(eq(user.id, admin.id));
  const name = row?.name.trim() ?? "";
  return { id: admin.id, label: name && !name.includes("@") ? name.slice(0, 60) : "관리자" };
}

/** Derived or counted columns: not something an admin changed. */
const NOT_HISTORY = new Set([
  "id",
  "searchGrams",
  "textGrams",
  "nameChosung",
  "siteHost",
  "views",
  "createdAt",
  "updatedAt",
  "factMask",
  "recordsVerifiedFor",
]);

function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Each field that differs between two versions of a supplier row (new columns are picked up by themselves). */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (NOT_HISTORY.has(field)) continue;
    const was = asText(before?.[field]);
    const now = asText(after?.[field]);
    if (was !== now) changes.push({ field, before: was, after: now });
  }
  return changes;
}

/**
 * Records one write to one supplier in the caller's transaction: a create or delete always (with the
 * fields it set or removed), an update only when a field actually changed. Returns whether a row was written.
 */
export async function recordChanges(
  tx: Tx,
  entry: {
    wholesalerId: number;
    action: HistoryAction;
    source: string;
    actor: Actor;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
) {
  const changes = fieldChanges(entry.before, entry.after);
  if (entry.action === "update" && changes.length === 0) return false;
  await tx.insert(wholesalerChanges).values({
    wholesalerId: entry.wholesalerId,
    action: entry.action,
    source: entry.source,
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    changes,
  });
  return true;
}

export type HistoryEntry = {
  id: number;
  action: HistoryAction;
  source: string;
  actorLabel: string;
  changes: FieldChange[];
  createdAt: Date;
};

/** A supplier's history, newest first (the edit page's `변경 이력`). */
export async function historyOf(wholesalerId: number, limit = 100): Promise<HistoryEntry[]> {
  const rows = await db()
    .select({
      id: wholesalerChanges.id,
      action: wholesalerChanges.action,
      source: wholesalerChanges.source,
      actorLabel: wholesalerChanges.actorLabel,
      changes: wholesalerChanges.changes,
      createdAt: wholesalerChanges.createdAt,
    })
    .from(wholesalerChanges)
    .where(eq(wholesalerChanges.wholesalerId, wholesalerId))
    .orderBy(desc(wholesalerChanges.createdAt), desc(wholesalerChanges.id))
    .limit(limit);
  return rows as HistoryEntry[];
}
