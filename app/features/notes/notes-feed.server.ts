import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { sellerNotes } from "#app/db/schema.ts";
import { type AtomFeed, atomXml } from "#app/lib/atom-feed.ts";
import { env } from "#app/lib/env.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { noteExcerpt } from "./note-html.server.ts";

/** Notes in /sellernote.xml: the newest. */
export const NOTE_FEED_ENTRIES = 30;

/** /sellernote.xml: the seller notes, newest first, as Atom 1.0 (docs/decisions/0053); each entry its excerpt. */
export async function notesFeed(now = new Date()): Promise<string> {
  const base = env().publicUrl;
  const { siteName } = siteConfig();
  const rows = await db()
    .select({
      id: sellerNotes.id,
      title: sellerNotes.title,
      createdAt: sellerNotes.createdAt,
      updatedAt: sellerNotes.updatedAt,
      head: sql<string>`left(${sellerNotes.content}, 4000)`,
    })
    .from(sellerNotes)
    .orderBy(descNullsLast(sellerNotes.createdAt), descNullsLast(sellerNotes.id))
    .limit(NOTE_FEED_ENTRIES);
  const updatedOf = (row: (typeof rows)[number]) => new Date(row.updatedAt ?? row.createdAt ?? now);
  const feed: AtomFeed = {
    id: `${base}/sellernote.xml`,
    title: `${siteName} 셀러 노트`,
    subtitle: "온라인 셀러가 실제로 부딪히는 문제를 정리한 운영 노트입니다.",
    selfLink: `${base}/sellernote.xml`,
    pageLink: `${base}/sellernote`,
    author: siteName,
    updated: rows.length ? new Date(Math.max(...rows.map((row) => updatedOf(row).getTime()))) : now,
    entries: rows.map((row) => ({
      id: `${base}/sellernote/${row.id}`,
      title: row.title.trim() || "제목 없음",
      link: `${base}/sellernote/${row.id}`,
      updated: updatedOf(row),
      ...(row.createdAt ? { published: new Date(row.createdAt) } : {}),
      summary: noteExcerpt(row.head),
    })),
  };
  return atomXml(feed);
}
