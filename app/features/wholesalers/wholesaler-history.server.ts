import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import { user, wholesalerChanges } from "#app/db/schema.ts";
import type { SessionUser } from "#app/platform/auth/auth.server.ts";
import { HISTORY_TERM_FIELDS, TERM_LABELS, termValueWords } from "./wholesaler-terms.ts";

/**
 * The change history of suppliers (docs/spec/decisions.md 21): every admin write records who, when, with which tool
 * and each field before → after, in the same transaction as the write, through `recordChanges`.
 *
 * For a new write path (the review queue's 공개, a new import): inside the write's transaction, read the
 * row before (or null when creating), write, read it after (or null when deleting), then
 * `await recordChanges(tx, { wholesalerId, action, source, actor, before, after })`.
 *
 * The history is also the one event after a supplier changed (docs/decisions/0051): `recordChanges` hands each
 * recorded change to every feature that follows suppliers (the 찜 alerts, the official records, …), in the write's
 * own transaction, where each queues its work as a job. So a write that rolls back leaves nothing queued, a
 * committed one never misses its follow-up whatever path wrote it, and no write path calls a follower by hand.
 * This folder imports none of them: each registers with `followSupplierChanges` when the process starts
 * (app/supplier-change-followers.server.ts), as the job kinds do.
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
  const change: SupplierChange = {
    wholesalerId: entry.wholesalerId,
    action: entry.action,
    source: entry.source,
    actor: entry.actor,
    changes,
  };
  for (const follower of followers.values()) await follower.follow(tx, change);
  return true;
}

/** What one write changed, as the history recorded it: what a follower of supplier changes is handed. */
export type SupplierChange = {
  wholesalerId: number;
  action: HistoryAction;
  /** The write path: `admin-form`, `supplier` (a manager's desk), `import`, `review`, `site-check`, … */
  source: string;
  actor: Actor;
  changes: FieldChange[];
};

export type SupplierChangeFollower = {
  /** Names the follower; a second registration under one name replaces the first. */
  name: string;
  /** Queues the follower's work for one change, in the write's transaction: an insert or two, the work runs as a job. */
  follow: (tx: Tx, change: SupplierChange) => Promise<void>;
};

const followers = new Map<string, SupplierChangeFollower>();

/** Registers a follower of supplier changes (at start, in every process that writes suppliers, whatever its jobs). */
export function followSupplierChanges(follower: SupplierChangeFollower) {
  followers.set(follower.name, follower);
}

/** The names of the followers registered so far. */
export function supplierChangeFollowers(): string[] {
  return [...followers.keys()];
}

/** How many writes of one source changed one field of a supplier since a moment (in the caller's transaction). */
export async function countFieldChanges(
  tx: Tx,
  wholesalerId: number,
  { source, field, since }: { source: string; field: string; since: Date },
) {
  const [row] = await tx
    .select({ n: count() })
    .from(wholesalerChanges)
    .where(
      and(
        eq(wholesalerChanges.wholesalerId, wholesalerId),
        eq(wholesalerChanges.source, source),
        gte(wholesalerChanges.createdAt, since),
        sql`${wholesalerChanges.changes} @> ${JSON.stringify([{ field }])}::jsonb`,
      ),
    );
  return row?.n ?? 0;
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
