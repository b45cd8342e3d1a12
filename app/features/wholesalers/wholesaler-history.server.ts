import { and, desc, eq } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import { user, wholesalerChanges } from "#app/db/schema.ts";
import { ALERT_DIGEST_KIND, isAlertedChange, SETTLE_SECONDS } from "#app/features/alerts/alert-kinds.ts";
import { env } from "#app/lib/env.server.ts";
import type { SessionUser } from "#app/platform/auth/auth.server.ts";
import { enqueueJob } from "#app/platform/jobs/job-store.server.ts";
import { HISTORY_TERM_FIELDS, TERM_LABELS, termValueWords } from "./wholesaler-terms.ts";

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
  // When a supplier last saved its own terms: the terms' own changes are the history.
  "termsSuppliedAt",
  // Which terms a seller's report set (a change of them is in the history as `셀러 제보`).
  "termSources",
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
  if (entry.action === "update" && changes.some(isAlertedChange)) await askForAlertDigest(tx);
  return true;
}

/**
 * A watched term or the 국세청 state changed (features/alerts): one digest job per gathering window, queued in the
 * write's own transaction (a write that rolls back asks for nothing), due when the window ends (and the changes
 * in it settled, SETTLE_SECONDS), so the first
 * alert of an account's day leaves within a minute or two of the change (ALERT_GATHER_SECONDS).
 */
async function askForAlertDigest(tx: Tx, now = Date.now()) {
  const windowMs = env().ALERT_GATHER_SECONDS * 1000;
  const bucket = Math.floor(now / windowMs);
  await enqueueJob(
    ALERT_DIGEST_KIND,
    {},
    { tx, uniqueKey: `${ALERT_DIGEST_KIND}:${bucket}`, runAfter: new Date((bucket + 1) * windowMs + SETTLE_SECONDS * 1000) },
  );
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

export type TermChange = { label: string; before: string; after: string };
export type TermHistoryEntry = { id: number; at: Date; changes: TermChange[] };

const TERM_HISTORY_FIELDS = new Set<string>(HISTORY_TERM_FIELDS);

/**
 * `조건 변경 이력` on /wholesaler/{id}: every change of a term, newest first, in the contract's words, and never
 * who made it (the writer's id and label stay in the admins' history). Reads the last `scan` history rows.
 */
export async function termHistoryOf(wholesalerId: number, { limit = 30, scan = 300 } = {}): Promise<TermHistoryEntry[]> {
  const rows = await db()
    .select({ id: wholesalerChanges.id, changes: wholesalerChanges.changes, createdAt: wholesalerChanges.createdAt })
    .from(wholesalerChanges)
    .where(and(eq(wholesalerChanges.wholesalerId, wholesalerId), eq(wholesalerChanges.action, "update")))
    .orderBy(desc(wholesalerChanges.createdAt), desc(wholesalerChanges.id))
    .limit(scan);
  const entries: TermHistoryEntry[] = [];
  for (const row of rows) {
    const changes = (row.changes as FieldChange[])
      .filter((change) => TERM_HISTORY_FIELDS.has(change.field))
      .map((change) => ({
        label: TERM_LABELS[change.field as keyof typeof TERM_LABELS],
        before: termValueWords(change.field, change.before),
        after: termValueWords(change.field, change.after),
      }))
      .filter((change) => change.before !== change.after);
    if (changes.length > 0) entries.push({ id: row.id, at: row.createdAt, changes });
    if (entries.length >= limit) break;
  }
  return entries;
}
