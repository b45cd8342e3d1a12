import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { checkReady } from "#app/app-lifecycle.server.ts";
import { db } from "#app/db/client.server.ts";
import { imageFiles, images, jobs, products } from "#app/db/schema.ts";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { type StandInImages, startStandInImages } from "#tests/stand-in-images.ts";
import { type StandInS3, startStandInS3 } from "#tests/stand-in-s3.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { copyImagesToBucket, copyImagesToDatabase } from "./image-copy.server.ts";
import { registerImageJobs } from "./image-jobs.server.ts";
import { IMMUTABLE, type ObjectStore, objectKey, openS3Store, type S3Settings, setObjectStoreForTests } from "./image-store.server.ts";
import { imageFileResponse, imagesFor, purgeUnnamedImages, requestImages } from "./images.server.ts";

/**
 * Pictures in an S3 bucket (IMAGE_STORE=s3, docs/decisions/0033), against a real S3-protocol server started here
 * on 127.0.0.1 (s3rver, which ships no types: the name is in a variable) through the AWS SDK: never a mocked client.
 */

withTestDatabase();

describe("pictures in an S3 bucket (s3rver on 127.0.0.1, through the AWS SDK)", () => {
  const BUCKET = "domae-pictures";
  let s3: StandInS3 | undefined;
  let settings: S3Settings;
  let store: ObjectStore;
  let host: StandInImages;

  beforeAll(async () => {
    s3 = await startStandInS3(BUCKET);
    settings = s3.settings;
    store = await openS3Store(settings);
    host = await startStandInImages();
  }, 60_000);

  afterAll(async () => {
    setObjectStoreForTests(undefined);
    store?.close();
    await host?.close();
    await s3?.close();
  });

  beforeEach(async () => {
    setObjectStoreForTests(undefined);
    await db().delete(jobs);
    await db().delete(images);
    await db().delete(imageFiles);
    await db().delete(products);
  });

  const runner = () => {
    const jobRunner = new JobRunner();
    registerImageJobs(jobRunner, { fetch: { timeoutMs: 10_000 } });
    return jobRunner;
  };

  test("/readyz covers the bucket: ready while IMAGE_STORE=s3 names one that answers, not ready with a dead S3_ENDPOINT", async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        IMAGE_STORE: "s3",
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: settings.endpoint,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "1",
      });
      expect(await checkReady()).toBe(true);
      process.env.S3_ENDPOINT = "http://127.0.0.1:1";
      expect(await checkReady()).toBe(false);
      process.env.S3_BUCKET = "no-such-bucket";
      process.env.S3_ENDPOINT = settings.endpoint;
      await expect((await openS3Store({ ...settings, bucket: "no-such-bucket" })).check()).rejects.toThrow(
        `S3 bucket "no-such-bucket" at ${settings.endpoint} cannot be reached: no such bucket (HTTP 404)`,
      );
      expect(await checkReady()).toBe(false);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });

  test("put, get, a missing object and delete; objects carry the immutable caching header and their type", async () => {
    const file = { hash: "0123456789abcdef0123456789abcdef", size: "card" as const };
    expect(await store.get(file)).toBeNull();
    await store.put(file, Buffer.from("webp bytes"));
    expect((await store.get(file))?.toString()).toBe("webp bytes");
    const client = new S3Client({ ...settings, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey(file) }));
    expect(head.CacheControl).toBe(IMMUTABLE);
    expect(head.ContentType).toBe("image/webp");
    client.destroy();
    await store.delete(file);
    expect(await store.get(file)).toBeNull();
  });

  test("with IMAGE_STORE=s3 a made picture's files go to the bucket, its rows keep no bytes, /images/ serves the objects, and the purge deletes them", async () => {
    setObjectStoreForTests(store);
    const url = host.url("/photo-0.jpg");
    await requestImages([url]);
    expect(await runner().runDue()).toBe(1);
    const view = (await imagesFor([url])).get(url)!;
    const rows = await db().select().from(imageFiles).where(eq(imageFiles.hash, view.hash));
    expect(rows.length).toBe(view.variants.length);
    expect(rows.every((row) => row.body === null)).toBe(true);
    for (const { size } of view.variants) {
      const object = await store.get({ hash: view.hash, size });
      expect(object?.length).toBeGreaterThan(100);
      const answer = await imageFileResponse(objectKey({ hash: view.hash, size }).slice("images/".length));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(Buffer.from(await answer.arrayBuffer()).equals(object!)).toBe(true);
    }
    // Served by a CDN in front of the bucket (IMAGE_BASE_URL): the pages name the files there.
    process.env.IMAGE_BASE_URL = "https://images.example.com";
    try {
      expect((await imagesFor([url])).get(url)?.base).toBe("https://images.example.com");
    } finally {
      delete process.env.IMAGE_BASE_URL;
    }
    expect((await imagesFor([url])).get(url)?.base).toBeUndefined();
    // Nothing names the address any more: rows and objects go.
    expect(await purgeUnnamedImages()).toEqual({ images: 1, files: view.variants.length });
    for (const { size } of view.variants) expect(await store.get({ hash: view.hash, size })).toBeNull();
  }, 90_000);

  test("the copy script moves files from the database to the bucket and back, serving them all the while", async () => {
    setObjectStoreForTests(null);
    const url = host.url("/photo-1.jpg");
    await requestImages([url]);
    expect(await runner().runDue()).toBe(1);
    const view = (await imagesFor([url])).get(url)!;
    const name = objectKey({ hash: view.hash, size: "card" }).slice("images/".length);
    const original = Buffer.from(await (await imageFileResponse(name)).arrayBuffer());

    setObjectStoreForTests(store);
    expect(await copyImagesToBucket(store, { batchSize: 2 })).toBe(view.variants.length);
    expect(await db().select().from(imageFiles).where(isNull(imageFiles.body))).toHaveLength(view.variants.length);
    expect((await store.get({ hash: view.hash, size: "card" }))?.equals(original)).toBe(true);
    expect(Buffer.from(await (await imageFileResponse(name)).arrayBuffer()).equals(original)).toBe(true);
    // Again: nothing left to move.
    expect(await copyImagesToBucket(store)).toBe(0);

    expect(await copyImagesToDatabase(store, { batchSize: 2 })).toEqual({ copied: view.variants.length, missing: 0 });
    setObjectStoreForTests(null);
    expect(Buffer.from(await (await imageFileResponse(name)).arrayBuffer()).equals(original)).toBe(true);
  }, 90_000);
});
