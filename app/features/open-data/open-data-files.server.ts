import { randomBytes } from "node:crypto";
import { type FileHandle, mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { env } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { csvHeader, csvRow, JSON_TAIL, jsonHead, UTF8_BOM } from "./open-data-format.ts";
import { publicSuppliersAfter, RECORD_LABELS, TERM_GROUPS_SHOWN, TERM_LABELS_SHOWN } from "./open-data-records.server.ts";

/**
 * /data/suppliers.csv and /data/suppliers.json (docs/decisions/0053). Each file is made once per 10 minutes per
 * process, written batch by batch to a temporary file (memory holds one batch, whatever the directory's size), and
 * every request of those 10 minutes streams that one file: requests that come while it is being made wait for the
 * same making (one build, however many ask), and each answer reads the file through one shared handle in chunks
 * of 64 KiB as the client takes them, so 1,000 downloads at once hold 1,000 chunks at most and one open file.
 */

export type OpenDataKind = "csv" | "json";
export const OPEN_DATA_CACHE_MS = 10 * 60 * 1000;
const CHUNK_BYTES = 64 * 1024;

type Built = {
  kind: OpenDataKind;
  file: string;
  handle: FileHandle;
  size: number;
  madeAt: Date;
  /** Answers still reading the file; a replaced file is closed and removed when the last one ends. */
  readers: number;
  replaced: boolean;
};

const current = new Map<OpenDataKind, Built>();
const building = new Map<OpenDataKind, Promise<Built>>();
let folder: Promise<string> | undefined;

/** This process's folder of made files (the system's temporary folder), made once. */
function filesFolder() {
  folder ??= mkdtemp(path.join(os.tmpdir(), "domae-open-data-"));
  return folder;
}

/** The file of `kind` made in the last 10 minutes, or the one being made now, or a new one. */
export function openDataFile(kind: OpenDataKind, now = Date.now()): Promise<Built> {
  const made = current.get(kind);
  if (made && now - made.madeAt.getTime() < OPEN_DATA_CACHE_MS) return Promise.resolve(made);
  let pending = building.get(kind);
  if (!pending) {
    pending = build(kind)
      .then((built) => {
        const old = current.get(kind);
        current.set(kind, built);
        if (old) {
          old.replaced = true;
          void closeIfUnread(old);
        }
        return built;
      })
      .finally(() => building.delete(kind));
    building.set(kind, pending);
  }
  return pending;
}

/** When the current file of `kind` was made (the /data page says so), or null before its first download. */
export function openDataMadeAt(kind: OpenDataKind): Date | null {
  return current.get(kind)?.madeAt ?? null;
}

async function build(kind: OpenDataKind): Promise<Built> {
  const dir = await filesFolder();
  const file = path.join(dir, `suppliers-${Date.now()}-${randomBytes(4).toString("hex")}.${kind}`);
  const madeAt = new Date();
  const out = await open(file, "w");
  let count = 0;
  try {
    if (kind === "csv") await out.write(UTF8_BOM + csvHeader(TERM_LABELS_SHOWN, RECORD_LABELS));
    else await out.write(jsonHead({ license: siteConfig().dataLicense, madeAt, source: `${env().publicUrl}/data` }));
    let after = 0;
    for (;;) {
      const batch = await publicSuppliersAfter(after);
      if (batch.length === 0) break;
      const text =
        kind === "csv"
          ? batch.map((supplier) => csvRow(supplier, TERM_GROUPS_SHOWN, RECORD_LABELS)).join("")
          : batch.map((supplier, index) => `${count + index > 0 ? ",\n" : ""}${JSON.stringify(supplier)}`).join("");
      await out.write(text);
      count += batch.length;
      after = batch.at(-1)!.id;
      // PGlite answers on the main thread: requests get their turn between batches.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (kind === "json") await out.write(JSON_TAIL);
  } catch (error) {
    await out.close().catch(() => {});
    await rm(file, { force: true });
    throw error;
  }
  await out.close();
  const handle = await open(file, "r");
  const { size } = await handle.stat();
  log.info("open data made", { kind, suppliers: count, bytes: size });
  return { kind, file, handle, size, madeAt, readers: 0, replaced: false };
}

async function closeIfUnread(built: Built) {
  if (!built.replaced || built.readers > 0) return;
  await built.handle.close().catch(() => {});
  await rm(built.file, { force: true }).catch(() => {});
}

/** A made file as a response body: read in chunks through its shared handle as the client takes them. */
export function openDataStream(built: Built): ReadableStream<Uint8Array> {
  built.readers += 1;
  let position = 0;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    built.readers -= 1;
    void closeIfUnread(built);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const length = Math.min(CHUNK_BYTES, built.size - position);
          if (length <= 0) {
            release();
            controller.close();
            return;
          }
          const chunk = new Uint8Array(length);
          const { bytesRead } = await built.handle.read(chunk, 0, length, position);
          position += bytesRead;
          if (bytesRead === 0) {
            release();
            controller.close();
            return;
          }
          controller.enqueue(bytesRead === length ? chunk : chunk.subarray(0, bytesRead));
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel() {
        release();
      },
    },
    { highWaterMark: 0 },
  );
}

const TYPES: Record<OpenDataKind, string> = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" };

/** The answer of /data/suppliers.csv or .json: the made file, streamed, cacheable for what is left of its 10 minutes. */
export async function openDataResponse(kind: OpenDataKind): Promise<Response> {
  const built = await openDataFile(kind);
  const age = Math.floor((Date.now() - built.madeAt.getTime()) / 1000);
  return new Response(openDataStream(built), {
    headers: {
      "Content-Type": TYPES[kind],
      "Content-Length": String(built.size),
      "Content-Disposition": `attachment; filename="suppliers.${kind}"`,
      "Cache-Control": `public, max-age=${Math.max(0, OPEN_DATA_CACHE_MS / 1000 - age)}`,
      "Last-Modified": built.madeAt.toUTCString(),
    },
  });
}

/**
 * The route's answer: the file, or when it could not be made (the database did not answer), a Korean 503 with
 * `Retry-After`, never a half-made file (a failed making leaves nothing behind and nothing cached).
 */
export async function openDataAnswer(kind: OpenDataKind): Promise<Response> {
  try {
    return await openDataResponse(kind);
  } catch (error) {
    log.error("open data could not be made", { kind, error });
    return new Response("데이터 파일을 만들지 못했습니다. 잠시 후 다시 시도해 주세요.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
}

/** Forgets the made files (tests: a new database, a new file). */
export async function forgetOpenDataFiles() {
  await Promise.allSettled([...building.values()]);
  for (const built of current.values()) {
    built.replaced = true;
    await closeIfUnread(built);
  }
  current.clear();
}
