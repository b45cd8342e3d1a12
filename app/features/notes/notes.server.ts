import { and, count, eq, gt, like, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { sellerNotes, user } from "#app/db/schema.ts";
import { noteExcerpt, sanitizeNoteHtml } from "./note-html.server.ts";
import { requestImagesOfNotes, requestNoteImages } from "./note-images.server.ts";

export const NOTES_PAGE_SIZE = 20;

// Notes without a date (imported from the old store) come after every dated note.
const newestFirst = [descNullsLast(sellerNotes.createdAt), descNullsLast(sellerNotes.id)];

export type NoteSummary = { id: number; title: string; createdAt: Date | null; excerpt: string };

export async function listNotes({ page = 1, pageSize = NOTES_PAGE_SIZE }: { page?: number; pageSize?: number } = {}) {
  const [{ total } = { total: 0 }] = await db().select({ total: count() }).from(sellerNotes);
  const rows = await db()
    .select({
      id: sellerNotes.id,
      title: sellerNotes.title,
      createdAt: sellerNotes.createdAt,
      // The start of the body is enough for an excerpt; long notes are not read whole.
      head: sql<string>`left(${sellerNotes.content}, 4000)`,
    })
    .from(sellerNotes)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const notes: NoteSummary[] = rows.map(({ head, ...row }) => ({ ...row, excerpt: noteExcerpt(head) }));
  return { notes, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

export async function listLatestNotes(limit = 5) {
  const { notes } = await listNotes({ page: 1, pageSize: limit });
  return notes;
}

/**
 * One note with its author's display name ("" when the admin chose none or the account is gone: the
 * page then shows `관리자`). The author's e-mail is never read (docs/spec/decisions.md 29).
 */
export async function getNote(id: number) {
  const [row] = await db()
    .select({
      id: sellerNotes.id,
      title: sellerNotes.title,
      content: sellerNotes.content,
      authorId: sellerNotes.authorId,
      authorName: sql<string>`coalesce(${user.name}, '')`,
      createdAt: sellerNotes.createdAt,
      updatedAt: sellerNotes.updatedAt,
    })
    .from(sellerNotes)
    .leftJoin(user, eq(user.id, sellerNotes.authorId))
    .where(eq(sellerNotes.id, id));
  return row ?? null;
}

/** Every note's address and last change, for the sitemap. */
export async function listNoteDates() {
  return db()
    .select({ id: sellerNotes.id, createdAt: sellerNotes.createdAt, updatedAt: sellerNotes.updatedAt })
    .from(sellerNotes)
    .orderBy(...newestFirst);
}

type NoteWrite = { title: string; content: string };

/** Stores a note; the HTML is sanitised here too, so nothing reaches the table unsanitised. */
export async function createNote({ title, content, authorId }: NoteWrite & { authorId: string | null }) {
  const html = sanitizeNoteHtml(content);
  const [row] = await db().insert(sellerNotes).values({ title, content: html, authorId }).returning({ id: sellerNotes.id });
  if (!row) throw new Error("note insert returned no row");
  await requestNoteImages(html);
  return row.id;
}

/** Changes title and body only: createdAt and the author stay, updatedAt moves. False when the note is gone. */
export async function updateNote({ id, title, content }: NoteWrite & { id: number }) {
  const html = sanitizeNoteHtml(content);
  const rows = await db()
    .update(sellerNotes)
    .set({ title, content: html, updatedAt: new Date() })
    .where(eq(sellerNotes.id, id))
    .returning({ id: sellerNotes.id });
  if (rows.length === 0) return false;
  await requestNoteImages(html);
  return true;
}

/**
 * At start: the pictures of every note, requested once (addresses already known are skipped). Notes are
 * few and written by admins, so they are read whole, a hundred at a time.
 */
export async function requestImagesOfAllNotes() {
  let added = 0;
  for (let after = 0; ; ) {
    const rows = await db()
      .select({ id: sellerNotes.id, content: sellerNotes.content })
      .from(sellerNotes)
      .where(and(gt(sellerNotes.id, after), like(sellerNotes.content, "%<img%")))
      .orderBy(sellerNotes.id)
      .limit(100);
    if (rows.length === 0) return added;
    added += await requestImagesOfNotes(rows.map((row) => row.content));
    after = rows.at(-1)!.id;
  }
}

export async function deleteNote(id: number) {
  const rows = await db().delete(sellerNotes).where(eq(sellerNotes.id, id)).returning({ id: sellerNotes.id });
  return rows.length > 0;
}
