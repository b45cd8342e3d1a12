// Pictures for the Lighthouse bench (issue 16): a stand-in picture host on 127.0.0.1 with the normal set of
// product photos, every product, external product and supplier naming one of them, and the checks that the
// server under test made its own copies before anything is measured. The server does the work itself
// (OUTBOUND_ALLOW_HOSTS lets its image jobs reach the host; its start-up catch-up requests the pictures).
import { sql } from "drizzle-orm";
import pg from "pg";
import { db } from "#app/db/client.server.ts";
import { sanitizeNoteHtml } from "#app/features/notes/note-html.server.ts";
import { IMAGE_FETCH_KIND } from "#app/platform/images/images.server.ts";
import { shopPhotos, startStandInImages } from "#tests/stand-in-images.ts";

/** The stand-in host with the 24 photos of the normal set; `allowHosts` is the server's OUTBOUND_ALLOW_HOSTS. */
export async function startPictureHost() {
  const host = await startStandInImages({ photos: await shopPhotos() });
  const urls = Array.from({ length: host.photoCount }, (_, i) => host.url(`/photo-${i}.jpg`));
  return { host, urls, allowHosts: `127.0.0.1:${host.server.port}` };
}

/**
 * On the current database, before the server starts: every product, external product and supplier logo
 * names one of `urls` (by id, so neighbours differ), and the note `noteId` gets one picture after its first
 * paragraph. The pipeline keeps one picture per address, so 100,000 products still make `urls.length` jobs.
 */
export async function givePictures(urls: string[], noteId: number) {
  const byId = (id: string) => sql`${JSON.stringify(urls)}::jsonb ->> (${sql.raw(id)} % ${urls.length})`;
  await db().execute(sql`UPDATE products SET image_url = ${byId("id")}`);
  await db().execute(sql`UPDATE external_products SET image_url = ${byId("id")}`);
  await db().execute(sql`UPDATE wholesalers SET logo_url = ${byId("id")}`);
  const note = await db().execute(sql`SELECT content FROM seller_notes WHERE id = ${noteId}`);
  const content = (note.rows[0] as { content: string } | undefined)?.content;
  if (content !== undefined) {
    const picture = `<p><img src="${urls[0]}" alt="상품 사진" /></p>`;
    const at = content.indexOf("</p>");
    const withPicture = at < 0 ? content + picture : content.slice(0, at + 4) + picture + content.slice(at + 4);
    await db().execute(sql`UPDATE seller_notes SET content = ${sanitizeNoteHtml(withPicture)} WHERE id = ${noteId}`);
  }
  await db().execute(sql`VACUUM ANALYZE products`);
  await db().execute(sql`VACUUM ANALYZE wholesalers`);
}

/**
 * Polls the database the server uses until every one of `urls` is `ready`. Throws at the first `failed`
 * one (with why), or `timeoutMs` after `since` (with what the jobs last reported). Returns the seconds since
 * `since` (the servers' start), how many rows the images table has and how many fetch jobs were queued
 * (one per address, not one per product).
 */
export async function waitForPictures(databaseUrl: string, urls: string[], { since = performance.now(), timeoutMs = 300_000 } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ source_url: string; status: string; failure_detail: string | null }>(
        "SELECT source_url, status, failure_detail FROM images WHERE source_url = ANY($1)",
        [urls],
      );
      const failed = rows.filter((row) => row.status === "failed");
      if (failed.length) throw new Error(`pictures failed: ${failed.map((row) => `${row.source_url}: ${row.failure_detail}`).join("; ")}`);
      const ready = rows.filter((row) => row.status === "ready").length;
      const seconds = Math.round((performance.now() - since) / 100) / 10;
      if (ready === urls.length) {
        const counts = await client.query<{ images: number; jobs: number }>(
          "SELECT (SELECT count(*)::int FROM images) AS images, (SELECT count(*)::int FROM jobs WHERE kind = $1) AS jobs",
          [IMAGE_FETCH_KIND],
        );
        return { ready, seconds, ...counts.rows[0]! };
      }
      if (performance.now() - since > timeoutMs) {
        const errors = await client.query<{ last_error: string }>(
          "SELECT DISTINCT last_error FROM jobs WHERE kind = $1 AND last_error IS NOT NULL",
          [IMAGE_FETCH_KIND],
        );
        const why = errors.rows.map((row) => row.last_error).join("; ") || "no job error recorded";
        throw new Error(`after ${seconds} s only ${ready} of ${urls.length} pictures are ready (${rows.length} requested; ${why})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await client.end();
  }
}

const OWN_IMG = /<img\b[^>]*\ssrc="\/images\/[0-9a-f]{32}-[a-z]+\.webp"/gi;
const REMOTE_IMG = /<img\b[^>]*\ssrc="(?:https?:)?\/\/[^"]*"/gi;

/**
 * Each page's HTML: how many of its pictures are our own /images/ copies. Throws if a page has an <img>
 * of another origin, or if one of `pictured` (the pages that show products, logos or a note picture)
 * has none of ours.
 */
export async function checkOwnPictures(base: string, urls: string[], pictured: string[]) {
  const own: Record<string, number> = {};
  for (const url of urls) {
    const html = await (await fetch(`${base}${url}`)).text();
    const remote = html.match(REMOTE_IMG);
    if (remote) throw new Error(`${url} has pictures of another origin: ${remote.slice(0, 3).join(" ")}`);
    own[url] = html.match(OWN_IMG)?.length ?? 0;
    if (pictured.includes(url) && own[url] === 0) throw new Error(`${url} shows none of our /images/ copies`);
  }
  return own;
}
