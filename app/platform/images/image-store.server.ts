import { env } from "#app/lib/env.server.ts";
import { IMAGE_FORMATS, type ImageSizeName, imageFormatOf } from "#app/lib/images.ts";
import { log } from "#app/lib/log.server.ts";

/**
 * Where the bytes of our picture files live (docs/decisions/0033): `database` keeps them in `image_files.body`
 * (the default: one PostgreSQL or the embedded database holds everything); `s3` keeps them as objects
 * `images/<hash>-<size>.<format>` in an S3-compatible bucket, with the immutable caching header, so a CDN can
 * serve them straight from the bucket (IMAGE_BASE_URL). Either way `image_files` keeps one row per file (its
 * sizes, and the bytes only with `database`): the purge finds the files nothing names there, and /images/ serves
 * a row's bytes when it has them and the object otherwise, so pictures stay served while
 * `npm run images:copy` moves them one way or the other.
 *
 * The AWS SDK (`@aws-sdk/client-s3`) is loaded only with IMAGE_STORE=s3 or by the copy script.
 */
export type ImageFileRef = { hash: string; size: ImageSizeName };

export type ObjectStore = {
  put: (file: ImageFileRef, body: Buffer) => Promise<void>;
  /** The object's bytes, or null when the bucket has no such object. */
  get: (file: ImageFileRef) => Promise<Buffer | null>;
  delete: (file: ImageFileRef) => Promise<void>;
  /** Throws one line saying why when the bucket cannot be reached or read (start-up and /readyz). */
  check: () => Promise<void>;
  /**
   * Files that are never public (platform/evidence): objects under `private/`, beside the pictures' `images/`, so a
   * CDN or bucket policy that serves `images/*` never reaches them. Only an administrator's route reads them.
   */
  putPrivate: (key: string, body: Buffer, contentType: string) => Promise<void>;
  getPrivate: (key: string) => Promise<Buffer | null>;
  deletePrivate: (key: string) => Promise<void>;
  close: () => void;
};

/** The prefix of every object `putPrivate` writes; a key outside it is a programming error, refused. */
export const PRIVATE_PREFIX = "private/";

function privateKey(key: string) {
  if (!key.startsWith(PRIVATE_PREFIX) || key.includes("..")) throw new Error(`not a private object key: ${key}`);
  return key;
}

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/** The object key of a file: the same name as under /images/ on this site, so a CDN origin maps one to one. */
export function objectKey({ hash, size }: ImageFileRef) {
  return `images/${hash}-${size}.${imageFormatOf(size)}`;
}

export const IMMUTABLE = "public, max-age=31536000, immutable";

type S3Sdk = typeof import("@aws-sdk/client-s3");

/** The SDK is loaded on first use: a server with IMAGE_STORE=database never loads it. */
async function loadSdk(): Promise<S3Sdk> {
  return import("@aws-sdk/client-s3");
}

/** A missing object: the SDK's NoSuchKey, or a bare 404 from services that answer HEAD-style. */
function isMissing(error: unknown) {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}

export async function openS3Store(settings: S3Settings): Promise<ObjectStore> {
  const sdk = await loadSdk();
  const client = new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where the API requires them: S3-compatible services (MinIO before 2025, s3rver, …) refuse
    // or ignore the newer default ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const getObject = async (key: string) => {
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: key }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    put: async (file, body) => {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(file),
          Body: body,
          ContentType: IMAGE_FORMATS[imageFormatOf(file.size)].contentType,
          CacheControl: IMMUTABLE,
        }),
      );
    },
    get: (file) => getObject(objectKey(file)),
    delete: async (file) => {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(file) }));
    },
    check: async () => {
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: settings.bucket }), {
          abortSignal: AbortSignal.timeout(BUCKET_CHECK_TIMEOUT_MS),
        });
      } catch (error) {
        throw new Error(
          `S3 bucket "${settings.bucket}" at ${settings.endpoint ?? `AWS ${settings.region}`} cannot be reached: ${bucketFailure(error)} (S3 버킷에 연결할 수 없습니다)`,
        );
      }
    },
    putPrivate: async (key, body, contentType) => {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key: privateKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: "private, no-store",
        }),
      );
    },
    getPrivate: (key) => getObject(privateKey(key)),
    deletePrivate: async (key) => {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: privateKey(key) }));
    },
    close: () => client.destroy(),
  };
}

/** How long the bucket check waits (the SDK's own retries included). */
const BUCKET_CHECK_TIMEOUT_MS = 3_000;

/** The SDK's reason in a few words: a HEAD answer has no body, so a refusal is only its status. */
function bucketFailure(error: unknown) {
  const { name, message, code, $metadata } = error as {
    name?: string;
    message?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = $metadata?.httpStatusCode;
  if (status === 404) return "no such bucket (HTTP 404)";
  if (status === 403) return "access denied (HTTP 403): the key needs s3:ListBucket on the bucket";
  if (status) return `${name ?? "error"} (HTTP ${status})`;
  if (name === "TimeoutError" || name === "AbortError") return `no answer within ${BUCKET_CHECK_TIMEOUT_MS / 1000} s`;
  if (message) return code && !message.includes(code) ? `${code}: ${message}` : message;
  return code ?? String(name);
}

/** The S3 settings of this process's environment (IMAGE_STORE=s3, or the copy script). */
export function s3SettingsFromEnv(): S3Settings {
  const config = env();
  if (!config.S3_BUCKET) throw new Error("S3_BUCKET is not set (S3 버킷 이름 S3_BUCKET을 설정해 주세요)");
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === "1",
  };
}

let configured: { key: string; store: Promise<ObjectStore> } | undefined;

/**
 * The object store new picture files go to, or null with IMAGE_STORE=database (the bytes go into image_files).
 * Opened once per setting (tests switch it with setObjectStoreForTests).
 */
export function objectStore(): Promise<ObjectStore> | null {
  if (override !== undefined) return override ? Promise.resolve(override) : null;
  if (env().IMAGE_STORE !== "s3") return null;
  const settings = s3SettingsFromEnv();
  const key = JSON.stringify(settings);
  if (configured?.key !== key) {
    configured?.store.then((store) => store.close()).catch(() => {});
    configured = { key, store: openS3Store(settings) };
  }
  return configured.store;
}

let override: ObjectStore | null | undefined;

/** Tests: the store to use (null: the database), or undefined to follow IMAGE_STORE again. */
export function setObjectStoreForTests(store: ObjectStore | null | undefined) {
  override = store;
}

/** Deletes objects after the rows that named them are gone; a failure leaves an orphan object, which is logged. */
export async function deleteObjects(store: ObjectStore, files: ImageFileRef[]) {
  for (const file of files) {
    try {
      await store.delete(file);
    } catch (error) {
      log.warn("picture object not deleted", { key: objectKey(file), error });
    }
  }
}
