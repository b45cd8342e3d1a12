import { and, eq, getTableName, gt, inArray, type SQL, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import { catchUpMarks, externalProducts, imageFiles, images, jobs, products, sellerNotes, wholesalers } from "#app/db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import { IMAGE_FORMATS, IMAGE_SIZE_NAMES, type ImageSizeName, type ImageView, parseImageFileName } from "#app/lib/images.ts";
import { log } from "#app/lib/log.server.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { enqueueJobs, lockOwnerQueue, notifyJobs, queuePosition, SITE_OWNER } from "#app/platform/jobs/job-store.server.ts";
import type { ImageFile } from "./image-processing.server.ts";
import { deleteObjects, objectStore } from "./image-store.server.ts";

/**
 * Our own copies of outside pictures (docs/decisions/0023): which source addresses have one, asking for
 * the missing ones, and the files /images/ serves. Pages look their pictures up here, a page's worth
 * in one query; the fetching and resizing is the `images.fetch` job (image-jobs.server.ts).
 */

export const IMAGE_FETCH_KIND = "images.fetch";
export const IMAGE_FETCH_ATTEMPTS = 3;

/** The addresses worth fetching: http(s) only, each once, exactly as stored (the key pages look up). */
function sources(urls: readonly (string | null | undefined)[]) {
  return [...new Set(urls.filter((url): url is string => Boolean(url && safeHttpUrl(url))))];
}

/**
 * Who asks for pictures: `owner` has its own line in the fetch queue (fair queuing, docs/decisions/0026),
 * and `perHour`, when set, is how many new addresses it may ask for in an hour (an account's cap; the
 * site's own work and admins have none). A new account (`newAccount`, docs/decisions/0043) waits in the one
 * line every new account shares instead of a line of its own, so that any number of them delays anyone
 * else's picture by one job; together they may ask for at most `sharedPerHour` new addresses an hour.
 */
export type ImageRequester = { owner: string; perHour?: number; newAccount?: { sharedPerHour?: number } };

/** The site's own requests: catch-ups at start, and what admins save (suppliers, external products, notes). */
export const SITE_REQUESTER: ImageRequester = { owner: SITE_OWNER };

/**
 * The line of the queue that all new accounts' pictures share (docs/decisions/0043). Its jobs name the account
 * that asked in their payload (`by`), which its hourly cap counts.
 */
export const NEW_ACCOUNTS_LINE = "new-accounts";

/**
 * More new addresses than allowed in the last hour: the caller's whole write is refused (its transaction rolls
 * back). `shared`: the budget all new accounts share was used up, not the account's own.
 */
export class ImageRequestLimitError extends Error {
  override name = "ImageRequestLimitError";
  readonly perHour: number;
  readonly retryAfterSeconds: number;
  readonly shared: boolean;
  constructor(perHour: number, retryAfterSeconds: number, { shared = false } = {}) {
    super(`more than ${perHour} new picture addresses in an hour${shared ? " from new accounts" : ""}`);
    this.perHour = perHour;
    this.retryAfterSeconds = retryAfterSeconds;
    this.shared = shared;
  }
}

/**
 * In the caller's transaction: marks each new address `pending` and queues one fetch for it in the
 * requester's line; addresses already known (pending, ready or failed) cost nothing and are left alone,
 * so saving a row twice fetches once. Throws ImageRequestLimitError when the requester has asked for more
 * than its `perHour` new addresses in the last hour, these included, or a new account finds the new accounts'
 * shared budget used up: the caller's write rolls back with it, so nothing is half-written. The caller calls
 * `notifyJobs()` after its commit. Returns how many were new.
 */
export async function requestImagesIn(tx: Tx, urls: readonly (string | null | undefined)[], requester: ImageRequester): Promise<number> {
  const wanted = sources(urls);
  if (wanted.length === 0) return 0;
  await lockPictureNames(tx, "request");
  const capped = requester.perHour !== undefined && requester.perHour > 0;
  // One requester's saves take turns, so two at once cannot both pass the count.
  if (capped) await lockOwnerQueue(tx, IMAGE_FETCH_KIND, requester.owner);
  // Every new account queues into one line: their places must not collide, and the shared count must see each
  // (taken after the account's own lock, always in this order).
  if (requester.newAccount) await lockOwnerQueue(tx, IMAGE_FETCH_KIND, NEW_ACCOUNTS_LINE);
  const line = requester.newAccount ? { owner: NEW_ACCOUNTS_LINE, by: requester.owner } : { owner: requester.owner };
  let added = 0;
  for (let i = 0; i < wanted.length; i += 500) {
    added += await markPending(tx, wanted.slice(i, i + 500), line);
  }
  if (added === 0) return 0;
  if (capped) {
    const recent = await recentRequests(tx, askedBy(requester.owner));
    if (recent.count > requester.perHour!) throw new ImageRequestLimitError(requester.perHour!, recent.retryAfterSeconds);
  }
  const sharedPerHour = requester.newAccount?.sharedPerHour ?? 0;
  if (sharedPerHour > 0) {
    const recent = await recentRequests(tx, sql`${jobs.owner} = ${NEW_ACCOUNTS_LINE}`);
    if (recent.count > sharedPerHour) throw new ImageRequestLimitError(sharedPerHour, recent.retryAfterSeconds, { shared: true });
  }
  return added;
}

/** The fetches `account` asked for: in its own line, or in the new accounts' line while it was new. */
function askedBy(account: string): SQL {
  return sql`(${jobs.owner} = ${account} OR (${jobs.owner} = ${NEW_ACCOUNTS_LINE} AND ${jobs.payload}->>'by' = ${account}))`;
}

/**
 * The new addresses asked for in the last hour (`images.fetch` jobs, kept 14 days after they ran) that `which`
 * picks, and the seconds until the oldest of them leaves the hour. Read through jobs_owner_idx.
 */
async function recentRequests(tx: Tx, which: SQL) {
  const { rows } = await tx.execute<{ count: number; wait: number | null }>(sql`
    SELECT count(*)::int AS count, ceil(extract(epoch FROM min(${jobs.createdAt}) + interval '1 hour' - now()))::int AS wait
    FROM ${jobs}
    WHERE ${which} AND ${jobs.kind} = ${IMAGE_FETCH_KIND} AND ${jobs.createdAt} > now() - interval '1 hour'`);
  const row = rows[0];
  return { count: Number(row?.count ?? 0), retryAfterSeconds: Math.max(1, Number(row?.wait ?? 3600)) };
}

/** `requestImagesIn` in a transaction of its own, then wakes this server's runner. */
export async function requestImages(
  urls: readonly (string | null | undefined)[],
  requester: ImageRequester = SITE_REQUESTER,
): Promise<number> {
  if (sources(urls).length === 0) return 0;
  const added = await db().transaction((tx) => requestImagesIn(tx, urls, requester));
  if (added > 0) notifyJobs();
  return added;
}

/**
 * `requestImages` for the site (admins' saves) after a save that has already committed: a failure here is
 * logged, never turned into an error page for a save that worked (the next start requests what is missing).
 */
export async function requestImagesAfterSave(urls: readonly (string | null | undefined)[]) {
  try {
    await requestImages(urls, SITE_REQUESTER);
  } catch (error) {
    log.error("image request failed", { error });
  }
}

/** Only the addresses this insert added get a job: of two servers saving the same address, one queues it. */
async function markPending(tx: Tx, urls: string[], { owner, by }: { owner: string; by?: string }) {
  const fresh = await tx
    .insert(images)
    .values(urls.map((sourceUrl) => ({ sourceUrl })))
    .onConflictDoNothing({ target: images.sourceUrl })
    .returning({ url: images.sourceUrl });
  const payloads = by ? fresh.map(({ url }) => ({ url, by })) : fresh;
  await enqueueJobs(tx, IMAGE_FETCH_KIND, payloads, { maxAttempts: IMAGE_FETCH_ATTEMPTS, owner });
  return fresh.length;
}

/**
 * Requests (and stores) of pictures take this lock shared, the purge of unnamed pictures exclusively:
 * a purge never deletes a row or file that a save in flight is about to rely on, and a save waits for a
 * purge batch to end and then inserts afresh (docs/decisions/0026). PGlite has one connection: no waiting.
 */
async function lockPictureNames(tx: Tx, mode: "request" | "purge") {
  const key = sql`hashtext('images.names')`;
  await tx.execute(mode === "purge" ? sql`SELECT pg_advisory_xact_lock(${key})` : sql`SELECT pg_advisory_xact_lock_shared(${key})`);
}

/**
 * At start: ready pictures made before one of today's sizes existed (the AVIF cards came after the first
 * pictures). Each gets one more fetch (`remake`); its page keeps the sizes it has meanwhile, and if the
 * address no longer gives a picture, those stay (the failure is noted on the row, which stays ready and
 * is not asked for again). The job's unique key names the sizes wanted, so every server and every later
 * start asks once per address for this set of sizes, and again only when a size is added. One statement:
 * no row is read into the server, however many pictures there are; and once it has run for this set of
 * sizes (a catch-up mark), later starts skip it, so a start does not scan every picture.
 */
export async function requestOutdatedImages(): Promise<number> {
  const sizesKey = IMAGE_SIZE_NAMES.join(",");
  if ((await readCatchUpMark(SIZES_MARK)) === sizesKey) return 0;
  const everySize = JSON.stringify(IMAGE_SIZE_NAMES.map((size) => ({ size })));
  const queued = await db().execute(sql`
    INSERT INTO ${jobs} (kind, payload, unique_key, max_attempts, owner, position)
    SELECT ${IMAGE_FETCH_KIND}, jsonb_build_object('url', ${images.sourceUrl}, 'remake', true),
           ${`${IMAGE_FETCH_KIND}:remake:${sizesKey}:`} || ${images.sourceUrl}, ${IMAGE_FETCH_ATTEMPTS},
           ${SITE_OWNER}, ${queuePosition(IMAGE_FETCH_KIND, SITE_OWNER)} + row_number() OVER () - 1
    FROM ${images}
    WHERE ${images.status} = 'ready' AND ${images.failure} IS NULL AND NOT (${images.sizes} @> ${everySize}::jsonb)
    ON CONFLICT (unique_key) DO NOTHING
    RETURNING id`);
  if (queued.rows.length > 0) notifyJobs();
  await writeCatchUpMark(SIZES_MARK, sizesKey);
  return queued.rows.length;
}

const SIZES_MARK = "images.sizes";

/** How far a catch-up got (catch_up_marks), or null before its first run (and after a restore). */
async function readCatchUpMark(name: string): Promise<string | null> {
  const [row] = await db().select({ value: catchUpMarks.value }).from(catchUpMarks).where(eq(catchUpMarks.name, name));
  return row?.value ?? null;
}

async function writeCatchUpMark(name: string, value: string) {
  await db()
    .insert(catchUpMarks)
    .values({ name, value })
    .onConflictDoUpdate({ target: catchUpMarks.name, set: { value, updatedAt: new Date() } });
}

/** A remake that found no picture: the row stays ready with the sizes it has, and says why on the row. */
export async function noteFailedRemake(tx: Tx, sourceUrl: string, failure: string, failureDetail: string) {
  await tx
    .update(images)
    .set({ failure, failureDetail: failureDetail.slice(0, 1000), updatedAt: new Date() })
    .where(and(eq(images.sourceUrl, sourceUrl), eq(images.status, "ready")));
}

/** The tables whose rows name a picture, and the column that does. */
const PICTURE_COLUMNS = [
  { table: products, id: products.id, url: products.imageUrl },
  { table: externalProducts, id: externalProducts.id, url: externalProducts.imageUrl },
  { table: wholesalers, id: wholesalers.id, url: wholesalers.logoUrl },
] as const;

/**
 * At start: every picture address of products, external products and suppliers that has no row yet (rows
 * saved before this feature, a crash between a save and its request, or a restored backup, which leaves the
 * picture tables out). Idempotent: a second start finds nothing to add. Each table is walked by its primary
 * key, 1,000 rows a query with a pause between them, from where the last walk got to: the last id walked is
 * kept in catch_up_marks after each batch, so a start walks only the rows added since (a large catalogue is
 * walked once, not at every start), and a walk cut short goes on where it stopped. The marks are left out of
 * backups, so after a restore the walk starts from the first row again. (A row below the mark whose picture
 * address changed is asked for by its save; see docs/decisions/0033.)
 */
export async function requestMissingImages(): Promise<number> {
  let total = 0;
  for (const { table, id, url } of PICTURE_COLUMNS) {
    const mark = `images.catch-up.${getTableName(table)}`;
    for (let after = Number((await readCatchUpMark(mark)) ?? 0); ; ) {
      const rows = await db().select({ id, url }).from(table).where(gt(id, after)).orderBy(id).limit(1000);
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      const wanted = sources(rows.map((row) => row.url));
      if (wanted.length > 0) {
        total += await db().transaction((tx) => requestImagesIn(tx, wanted, SITE_REQUESTER));
      }
      await writeCatchUpMark(mark, String(after));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  if (total > 0) notifyJobs();
  return total;
}

/**
 * Pictures nothing names any more (docs/decisions/0026): `images` rows whose address no product, external
 * product or supplier logo has, and no seller note contains, are deleted, and then the files no row names.
 * Run by the hourly housekeeping job, never in a visitor's request. The rows are walked by key,
 * `batchSize` a transaction with a pause between: each batch looks up the three naming columns through
 * their hash indexes, then the notes (a note's HTML escapes `&`, `<`, `>` and `"` in an address, so a note
 * keeps every picture whose address, up to the first of those characters, occurs in its text: it may keep
 * one too many, never deletes a named one). Each batch holds the picture lock exclusively, so a save that
 * asks for a picture meanwhile waits and then inserts it afresh. A queued fetch of a deleted row does nothing.
 */
export async function purgeUnnamedImages({ batchSize = 500 }: { batchSize?: number } = {}) {
  let rows = 0;
  for (let after = ""; ; ) {
    const batch = await db()
      .select({ url: images.sourceUrl })
      .from(images)
      .where(gt(images.sourceUrl, after))
      .orderBy(images.sourceUrl)
      .limit(batchSize);
    if (batch.length === 0) break;
    after = batch.at(-1)!.url;
    rows += await db().transaction(async (tx) => {
      await lockPictureNames(tx, "purge");
      const keys = sql.join(
        batch.map((row) => sql`${row.url}`),
        sql`, `,
      );
      const unnamed = await tx.execute<{ url: string }>(sql`
        SELECT i.source_url AS url FROM ${images} i
        WHERE i.source_url IN (${keys})
          AND NOT EXISTS (SELECT 1 FROM ${products} p WHERE p.image_url = i.source_url AND p.image_url <> '')
          AND NOT EXISTS (SELECT 1 FROM ${externalProducts} e WHERE e.image_url = i.source_url AND e.image_url <> '')
          AND NOT EXISTS (SELECT 1 FROM ${wholesalers} w WHERE w.logo_url = i.source_url AND w.logo_url <> '')`);
      if (unnamed.rows.length === 0) return 0;
      const deleted = await tx.execute(sql`
        DELETE FROM ${images} i
        WHERE i.source_url IN (${sql.join(
          unnamed.rows.map((row) => sql`${row.url}`),
          sql`, `,
        )})
          AND NOT EXISTS (SELECT 1 FROM ${sellerNotes} n WHERE strpos(n.content, substring(i.source_url FROM '^[^&<>"]*')) > 0)
        RETURNING i.source_url`);
      return deleted.rows.length;
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  let files = 0;
  const store = await objectStore();
  for (;;) {
    const deleted = await db().transaction(async (tx) => {
      await lockPictureNames(tx, "purge");
      const result = await tx.execute<{ hash: string; size: ImageSizeName; in_bucket: boolean }>(sql`
        DELETE FROM ${imageFiles} f
        WHERE (f.hash, f.size) IN (
          SELECT o.hash, o.size FROM ${imageFiles} o
          WHERE NOT EXISTS (SELECT 1 FROM ${images} i WHERE i.hash = o.hash)
          LIMIT ${batchSize})
        RETURNING f.hash, f.size, f.body IS NULL AS in_bucket`);
      return result.rows;
    });
    // The bucket's objects go once their rows are gone (a failure leaves an orphan object, never a row without its file).
    if (store)
      await deleteObjects(
        store,
        deleted.filter((row) => row.in_bucket).map(({ hash, size }) => ({ hash, size })),
      );
    files += deleted.length;
    if (deleted.length < batchSize) break;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return { images: rows, files };
}

/** The ready pictures among `urls`, by source address: one query for a whole page. */
export async function imagesFor(urls: readonly (string | null | undefined)[]): Promise<Map<string, ImageView>> {
  const wanted = sources(urls);
  const found = new Map<string, ImageView>();
  if (wanted.length === 0) return found;
  const rows = await db()
    .select({ sourceUrl: images.sourceUrl, hash: images.hash, sizes: images.sizes })
    .from(images)
    .where(and(inArray(images.sourceUrl, wanted), eq(images.status, "ready")));
  // A CDN origin for the files (IMAGE_BASE_URL), only when there is one: the pages' data stays as small otherwise.
  const base = env().IMAGE_BASE_URL;
  for (const row of rows) if (row.hash) found.set(row.sourceUrl, { hash: row.hash, variants: row.sizes, ...(base ? { base } : {}) });
  return found;
}

/** `items` with their picture (`null` while pending, after a failure, or without an address). */
export async function withImages<T, K extends string>(
  items: T[],
  urlOf: (item: T) => string,
  key: K,
): Promise<(T & Record<K, ImageView | null>)[]> {
  const found = await imagesFor(items.map(urlOf));
  return items.map((item) => ({ ...item, [key]: found.get(urlOf(item)) ?? null }) as T & Record<K, ImageView | null>);
}

export type ImageState = {
  sourceUrl: string;
  status: "pending" | "ready" | "failed";
  hash: string | null;
  failure: string | null;
  failureDetail: string | null;
};

export async function imageState(sourceUrl: string): Promise<ImageState | null> {
  const [row] = await db()
    .select({
      sourceUrl: images.sourceUrl,
      status: images.status,
      hash: images.hash,
      failure: images.failure,
      failureDetail: images.failureDetail,
    })
    .from(images)
    .where(eq(images.sourceUrl, sourceUrl));
  return row ?? null;
}

/**
 * With IMAGE_STORE=s3, puts a finished picture's files into the bucket, before the transaction that records
 * them (image-store.server.ts): a row never names a file the bucket lacks. Returns whether it did; with the
 * database store the bytes go into the rows instead.
 */
export async function uploadImageFiles(hash: string, files: ImageFile[]): Promise<boolean> {
  const store = await objectStore();
  if (!store) return false;
  for (const file of files) await store.put({ hash, size: file.size }, file.body);
  return true;
}

/**
 * Stores a finished picture: its files (shared with any source of the same bytes; the bytes themselves unless
 * `uploaded` put them into the bucket) and its row.
 */
export async function storeReadyImage(tx: Tx, sourceUrl: string, hash: string, files: ImageFile[], uploaded = false) {
  // Files already there (the same bytes from another address) must not be purged while this row is written.
  await lockPictureNames(tx, "request");
  await tx
    .insert(imageFiles)
    .values(files.map((file) => ({ hash, size: file.size, width: file.width, height: file.height, body: uploaded ? null : file.body })))
    .onConflictDoNothing();
  const sizes = files.map(({ size, width, height }) => ({ size, width, height }));
  await tx
    .insert(images)
    .values({ sourceUrl, status: "ready", hash, sizes })
    .onConflictDoUpdate({
      target: images.sourceUrl,
      set: { status: "ready", hash, sizes, failure: null, failureDetail: null, updatedAt: new Date() },
    });
}

export async function storeFailedImage(tx: Tx, sourceUrl: string, failure: string, failureDetail: string) {
  await tx
    .insert(images)
    .values({ sourceUrl, status: "failed", failure, failureDetail })
    .onConflictDoUpdate({
      target: images.sourceUrl,
      set: { status: "failed", failure, failureDetail: failureDetail.slice(0, 1000), updatedAt: new Date() },
    });
}

/**
 * The bytes /images/<hash>-<size>.<format> answers with, or null: the row's own bytes, else (a file kept in the
 * bucket) the object, when a bucket is configured.
 */
export async function imageFile(hash: string, size: ImageSizeName): Promise<Buffer | null> {
  const [row] = await db()
    .select({ body: imageFiles.body })
    .from(imageFiles)
    .where(and(eq(imageFiles.hash, hash), eq(imageFiles.size, size)));
  if (!row) return null;
  if (row.body) return row.body;
  const store = await objectStore();
  return store ? store.get({ hash, size }) : null;
}

const NOT_FOUND_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" };

/**
 * GET /images/<hash>-<size>.<format>: a file of ours, kept by browsers and shared caches for a year (a
 * name is a content hash, so its bytes never change), with its format's type (image/webp, image/avif).
 * Any other name, also a size with another format's extension, is a 404 before the database is asked;
 * the name is matched against a fixed pattern and looked up as a key, never used as a path.
 */
export async function imageFileResponse(fileName: string | undefined) {
  const parsed = parseImageFileName(fileName ?? "");
  const body = parsed ? await imageFile(parsed.hash, parsed.size) : null;
  if (!parsed || !body) return new Response("이미지를 찾을 수 없습니다.", { status: 404, headers: NOT_FOUND_HEADERS });
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": IMAGE_FORMATS[parsed.format].contentType,
      "Content-Length": String(body.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
