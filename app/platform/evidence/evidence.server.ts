import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { db, type Tx } from "#app/db/client.server.ts";
import { evidenceFiles } from "#app/db/schema.ts";
import { log } from "#app/lib/log.server.ts";
import { IMAGE_LIMITS, sizeRefusal } from "#app/platform/images/image-processing.server.ts";
import { objectStore, PRIVATE_PREFIX } from "#app/platform/images/image-store.server.ts";
import type { JobKind } from "#app/platform/jobs/job-runner.server.ts";

/**
 * Evidence files (docs/decisions/0049): the screenshots a seller attaches to a review or a term report, and the
 * 사업자등록증 of a claim. They are personal data kept only as long as the decision needs (docs/spec/decisions.md 46):
 * never public (no route but the administrators' serves them; in object storage they sit under `private/evidence/`,
 * apart from the pictures' public `images/`), their type read from the bytes, never the name or the browser's word,
 * pictures decoded and written again so nothing of the original file but its pixels is kept (no EXIF, no GPS, no
 * thumbnail, no trailing bytes), PDFs kept as sent but only ever handed out as a download, and each deleted by the
 * `evidence.purge` job 30 days after its decision, or as soon as its uploader's account is gone.
 *
 * Use: `prepareEvidence` (outside any transaction: decoding takes a moment), `storeEvidence` inside the write's
 * transaction, `moveEvidenceToObjectStore` after it committed, `scheduleEvidenceDeletion` in the decision's
 * transaction, and an administrator's route answers `evidenceResponse`.
 */

export const EVIDENCE_KEEP_DAYS = 30;
export const EVIDENCE_PURGE_KIND = "evidence.purge";
export const EVIDENCE_PURGE_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

export type EvidenceContentType = "image/png" | "image/jpeg" | "image/webp" | "application/pdf";
export type PreparedEvidence = { contentType: EvidenceContentType; body: Buffer; width: number | null; height: number | null };
export type EvidenceCheck = { ok: true; file: PreparedEvidence } | { ok: false; message: string };

const PICTURE_FORMATS = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" } as const;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString("ko-KR")}MB`;

/**
 * Checks an uploaded file and makes what is stored of it. Allowed: PNG, JPEG and WebP pictures (and, with
 * `allowPdf`, a PDF) of at most `maxBytes`, within the picture pipeline's pixel limits. Anything else (an SVG, a
 * renamed program, a picture 20,000 pixels wide) is refused with a Korean message. Never throws.
 */
export async function prepareEvidence(
  bytes: Buffer,
  { allowPdf = false, maxBytes }: { allowPdf?: boolean; maxBytes: number },
): Promise<EvidenceCheck> {
  const kinds = allowPdf ? "PNG, JPEG, WebP 그림이나 PDF 파일" : "PNG, JPEG, WebP 그림 파일";
  const refused = { ok: false as const, message: `${kinds}만 올릴 수 있습니다.` };
  if (bytes.length === 0) return { ok: false, message: "파일이 비어 있습니다." };
  if (bytes.length > maxBytes) return { ok: false, message: `파일은 ${megabytes(maxBytes)}까지 올릴 수 있습니다.` };
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") {
    return allowPdf ? { ok: true, file: { contentType: "application/pdf", body: bytes, width: null, height: null } } : refused;
  }
  let meta: Metadata;
  try {
    // The header only: the declared size is judged below before a pixel is decoded.
    meta = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    return refused;
  }
  const format = meta.format as keyof typeof PICTURE_FORMATS | undefined;
  if (!format || !(format in PICTURE_FORMATS)) return refused;
  const tooBig = sizeRefusal(meta.width ?? 0, meta.height ?? 0);
  if (tooBig && !tooBig.ok) return { ok: false, message: tooBig.reason };
  try {
    // Decoded (upright, first frame) and written again in its own format: sharp writes no metadata unless asked.
    const picture = sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxPixels, pages: 1, failOn: "error" }).autoOrient();
    const encoded = format === "png" ? picture.png() : format === "jpeg" ? picture.jpeg({ quality: 90 }) : picture.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, file: { contentType: PICTURE_FORMATS[format], body: data, width: info.width, height: info.height } };
  } catch {
    return { ok: false, message: "그림 파일을 읽을 수 없습니다. 다른 파일로 다시 올려 주세요." };
  }
}

/** The bytes of a form's file field, or null when none was chosen (an empty file part). */
export async function uploadedBytes(value: FormDataEntryValue | null): Promise<Buffer | null> {
  if (!value || typeof value === "string" || value.size === 0) return null;
  return Buffer.from(await value.arrayBuffer());
}

const objectKeyOf = (id: string) => `${PRIVATE_PREFIX}evidence/${id}`;

/** What an evidence id looks like (16 random bytes, base64url): anything else is not looked up. */
const ID_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/**
 * Keeps a prepared file in the caller's transaction (a refusal later in it keeps nothing) and returns its id. The
 * bytes go into the row; with object storage `moveEvidenceToObjectStore` moves them out after the commit.
 */
export async function storeEvidence(tx: Tx, file: PreparedEvidence, ownerId: string): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  await tx.insert(evidenceFiles).values({
    id,
    ownerId,
    contentType: file.contentType,
    byteSize: file.body.length,
    width: file.width,
    height: file.height,
    body: file.body,
  });
  return id;
}

/**
 * With IMAGE_STORE=s3: puts a stored file's bytes under `private/evidence/` and clears them from its row. A failure
 * is logged and leaves the bytes in the row, served from there (the purge job tries again). Never throws.
 */
export async function moveEvidenceToObjectStore(id: string | null) {
  const store = objectStore();
  if (!id || !store) return;
  try {
    const [row] = await db()
      .select({ body: evidenceFiles.body, contentType: evidenceFiles.contentType })
      .from(evidenceFiles)
      .where(eq(evidenceFiles.id, id));
    if (!row?.body) return;
    await (await store).putPrivate(objectKeyOf(id), row.body, row.contentType);
    await db().update(evidenceFiles).set({ body: null }).where(eq(evidenceFiles.id, id));
  } catch (error) {
    log.warn("evidence file not moved to object storage", { error });
  }
}

/** In the decision's transaction: the file is deleted `EVIDENCE_KEEP_DAYS` after `decidedAt` (the decision's date stays with its record). */
export async function scheduleEvidenceDeletion(tx: Tx, id: string | null, decidedAt: Date) {
  if (!id) return;
  await tx
    .update(evidenceFiles)
    .set({ deleteAfter: new Date(decidedAt.getTime() + EVIDENCE_KEEP_DAYS * DAY_MS) })
    .where(eq(evidenceFiles.id, id));
}

/** In the caller's transaction: the file is deleted at the next purge (what it was evidence for is gone). */
export async function discardEvidence(tx: Tx, id: string | null) {
  if (!id) return;
  await tx.update(evidenceFiles).set({ deleteAfter: new Date() }).where(eq(evidenceFiles.id, id));
}

export type EvidenceFile = { contentType: EvidenceContentType; body: Buffer };

/** A stored file's bytes, from its row or from object storage; null when there is none (never stored, or deleted). */
export async function readEvidence(id: string): Promise<EvidenceFile | null> {
  if (!ID_SHAPE.test(id)) return null;
  const [row] = await db()
    .select({ contentType: evidenceFiles.contentType, body: evidenceFiles.body })
    .from(evidenceFiles)
    .where(eq(evidenceFiles.id, id));
  if (!row) return null;
  const contentType = row.contentType as EvidenceContentType;
  if (row.body) return { contentType, body: row.body };
  const store = objectStore();
  const body = store ? await (await store).getPrivate(objectKeyOf(id)) : null;
  return body ? { contentType, body } : null;
}

/**
 * The answer of the administrators' evidence route: the file, never cached, never sniffed, and in a sandbox that
 * runs nothing; a picture is shown in the page, a PDF only downloaded (never rendered in the site's origin).
 */
export async function evidenceResponse(id: string | undefined) {
  const file = id ? await readEvidence(id) : null;
  if (!file)
    return new Response("파일이 없습니다. 결정 후 30일이 지나 삭제되었을 수 있습니다.", {
      status: 404,
      headers: { "Cache-Control": "no-store" },
    });
  const extension = file.contentType === "application/pdf" ? "pdf" : file.contentType.slice("image/".length);
  const disposition = file.contentType === "application/pdf" ? "attachment" : "inline";
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.length),
      "Content-Disposition": `${disposition}; filename="evidence-${id}.${extension}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

/**
 * Deletes the files whose time is up (`delete_after` passed) or whose uploader's account is gone, their objects
 * first (a file whose object could not be deleted stays for the next run, so no object is ever left behind), and
 * moves bytes still in rows to object storage when it is configured. Returns how many files were deleted.
 */
export async function purgeEvidence({ now = new Date(), batchSize = 200 }: { now?: Date; batchSize?: number } = {}): Promise<number> {
  const store = objectStore();
  let deleted = 0;
  for (;;) {
    const due = await db()
      .select({ id: evidenceFiles.id })
      .from(evidenceFiles)
      .where(or(lte(evidenceFiles.deleteAfter, now), isNull(evidenceFiles.ownerId)))
      .limit(batchSize);
    const gone: string[] = [];
    for (const file of due) {
      try {
        if (store) await (await store).deletePrivate(objectKeyOf(file.id));
        gone.push(file.id);
      } catch (error) {
        log.warn("evidence object not deleted; tried again at the next purge", { error });
      }
    }
    if (gone.length > 0) {
      const rows = await db().delete(evidenceFiles).where(inArray(evidenceFiles.id, gone)).returning({ id: evidenceFiles.id });
      deleted += rows.length;
    }
    if (due.length < batchSize || gone.length === 0) break;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (store) {
    const waiting = await db()
      .select({ id: evidenceFiles.id })
      .from(evidenceFiles)
      .where(and(isNotNull(evidenceFiles.body), isNotNull(evidenceFiles.ownerId)))
      .limit(batchSize);
    for (const file of waiting) await moveEvidenceToObjectStore(file.id);
  }
  return deleted;
}

/** The hourly purge (app/app-lifecycle.server.ts schedules it). */
export const evidencePurgeKind: JobKind<unknown> = {
  kind: EVIDENCE_PURGE_KIND,
  timeoutMs: 120_000,
  run: async () => {
    const deleted = await purgeEvidence();
    if (deleted > 0) log.info("evidence files deleted", { files: deleted });
  },
};
