import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { imageFiles } from "#app/db/schema.ts";
import type { ImageSizeName } from "#app/lib/images.ts";
import type { ObjectStore } from "./image-store.server.ts";

/**
 * `npm run images:copy -- to-s3` and `-- to-database` (scripts/images-copy.ts, docs/deployment.md): moves the
 * bytes of our picture files between `image_files.body` and the bucket, `batchSize` files a round, each file
 * first written where it goes and only then taken from where it was. A round that fails leaves each file in one
 * place or both, never none: /images/ serves a row's bytes when it has them and the object otherwise, so the
 * site keeps its pictures during the copy, and running the command again goes on where it stopped.
 */
export async function copyImagesToBucket(store: ObjectStore, { batchSize = 100 }: { batchSize?: number } = {}) {
  let copied = 0;
  for (;;) {
    const batch = await db()
      .select({ hash: imageFiles.hash, size: imageFiles.size, body: imageFiles.body })
      .from(imageFiles)
      .where(isNotNull(imageFiles.body))
      .orderBy(imageFiles.hash, imageFiles.size)
      .limit(batchSize);
    if (batch.length === 0) break;
    for (const file of batch) {
      const ref = { hash: file.hash, size: file.size as ImageSizeName };
      await store.put(ref, file.body!);
      await db()
        .update(imageFiles)
        .set({ body: null })
        .where(and(eq(imageFiles.hash, file.hash), eq(imageFiles.size, file.size)));
      copied += 1;
    }
  }
  return copied;
}

/** The other way: each file kept in the bucket gets its bytes back into its row (the objects stay in the bucket). */
export async function copyImagesToDatabase(store: ObjectStore, { batchSize = 100 }: { batchSize?: number } = {}) {
  let copied = 0;
  let missing = 0;
  let after = sql`TRUE`;
  for (;;) {
    const batch = await db()
      .select({ hash: imageFiles.hash, size: imageFiles.size })
      .from(imageFiles)
      .where(and(isNull(imageFiles.body), after))
      .orderBy(imageFiles.hash, imageFiles.size)
      .limit(batchSize);
    if (batch.length === 0) break;
    for (const file of batch) {
      const body = await store.get({ hash: file.hash, size: file.size as ImageSizeName });
      if (!body) {
        // The bucket lost it: the row stays without bytes (/images/ answers 404 for it) and is counted.
        missing += 1;
        continue;
      }
      await db()
        .update(imageFiles)
        .set({ body })
        .where(and(eq(imageFiles.hash, file.hash), eq(imageFiles.size, file.size)));
      copied += 1;
    }
    const last = batch.at(-1)!;
    after = sql`(${imageFiles.hash}, ${imageFiles.size}) > (${last.hash}, ${last.size})`;
  }
  return { copied, missing };
}
