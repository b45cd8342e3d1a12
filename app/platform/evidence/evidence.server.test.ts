import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { evidenceFiles, user } from "#app/db/schema.ts";
import { type ObjectStore, openS3Store, type S3Settings, setObjectStoreForTests } from "#app/platform/images/image-store.server.ts";
import { signedUpAccount } from "#tests/factories.ts";
import { type StandInS3, startStandInS3 } from "#tests/stand-in-s3.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import {
  EVIDENCE_KEEP_DAYS,
  evidenceResponse,
  moveEvidenceToObjectStore,
  type PreparedEvidence,
  prepareEvidence,
  purgeEvidence,
  readEvidence,
  scheduleEvidenceDeletion,
  storeEvidence,
} from "./evidence.server.ts";

withTestDatabase();

const MB = 1024 * 1024;
const DAY_MS = 86_400_000;
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();

/** A JPEG carrying EXIF text (a camera's owner, a description), as a phone's screenshot or photo may. */
const photoWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#aa6633" } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "secret-owner", ImageDescription: "taken at home" } })
    .toBuffer();

async function prepared(bytes: Buffer, options: { allowPdf?: boolean; maxBytes?: number } = {}): Promise<PreparedEvidence> {
  const checked = await prepareEvidence(bytes, { maxBytes: 5 * MB, ...options });
  if (!checked.ok) throw new Error(checked.message);
  return checked.file;
}

let owner = "";
beforeAll(async () => {
  owner = (await signedUpAccount("uploader@example.com")).id;
});
beforeEach(async () => {
  await db().delete(evidenceFiles);
});

describe("what an evidence file may be", () => {
  test("PNG, JPEG and WebP are read from their bytes and written again without their metadata", async () => {
    const jpeg = await photoWithExif();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const file = await prepared(jpeg);
    expect(file.contentType).toBe("image/jpeg");
    expect(file.body.toString("latin1")).not.toContain("secret-owner");
    expect((await sharp(file.body).metadata()).exif).toBeUndefined();
    expect({ width: file.width, height: file.height }).toEqual({ width: 64, height: 48 });

    expect((await prepared(await picture(30, 20))).contentType).toBe("image/png");
    const webp = await sharp(await picture(30, 20))
      .webp()
      .toBuffer();
    expect((await prepared(webp)).contentType).toBe("image/webp");
    // A trailing payload after the picture is not kept: only the decoded pixels are.
    const smuggled = Buffer.concat([await picture(30, 20), Buffer.from("<script>alert(1)</script>")]);
    expect((await prepared(smuggled)).body.toString("latin1")).not.toContain("<script>");
  });

  test("an SVG, a renamed program, text, too many bytes or too many pixels are refused in Korean", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const program = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), Buffer.alloc(2048, 7)]);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(2048, 1)]);
    const cases: [string, Buffer | Promise<Buffer>, RegExp][] = [
      ["svg", svg, /PNG, JPEG, WebP 그림 파일만/],
      ["windows program named .png", program, /PNG, JPEG, WebP 그림 파일만/],
      ["linux program", elf, /PNG, JPEG, WebP 그림 파일만/],
      [
        "gif",
        sharp(await picture(10, 10))
          .gif()
          .toBuffer(),
        /PNG, JPEG, WebP 그림 파일만/,
      ],
      ["empty", Buffer.alloc(0), /비어 있습니다/],
      ["6 MB", Buffer.alloc(6 * MB, 1), /5MB까지/],
      ["20,000 pixels wide", picture(20_000, 1_500), /너무 큽니다/],
      ["a sliver", picture(16_000, 10), /가늘고 깁니다/],
    ];
    for (const [name, bytes, message] of cases) {
      const checked = await prepareEvidence(await bytes, { maxBytes: 5 * MB });
      expect(checked.ok, name).toBe(false);
      expect(!checked.ok && checked.message, name).toMatch(message);
    }
    // A PDF only where the form allows it (a claim's 사업자등록증), kept as sent.
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    expect((await prepareEvidence(pdf, { maxBytes: 5 * MB })).ok).toBe(false);
    const kept = await prepared(pdf, { allowPdf: true });
    expect(kept).toMatchObject({ contentType: "application/pdf", width: null });
    expect(kept.body.equals(pdf)).toBe(true);
  });
});

describe("keeping, serving and deleting", () => {
  test("a stored file is served with headers that keep it private, a PDF only as a download", async () => {
    const jpeg = await prepared(await photoWithExif());
    const image = await db().transaction((tx) => storeEvidence(tx, jpeg, owner));
    const served = await evidenceResponse(image);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("private, no-store");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(served.headers.get("content-disposition")).toMatch(/^inline;/);

    const pdfFile = await prepared(Buffer.from("%PDF-1.7\n%%EOF\n"), { allowPdf: true });
    const pdf = await db().transaction((tx) => storeEvidence(tx, pdfFile, owner));
    const download = await evidenceResponse(pdf);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="evidence-[A-Za-z0-9_-]{22}\.pdf"$/);

    for (const id of ["nope", "../../etc/passwd", `${image}x`, undefined]) expect((await evidenceResponse(id)).status).toBe(404);
  });

  test(`the purge deletes a file ${EVIDENCE_KEEP_DAYS} days after its decision, and at once when its uploader's account is gone`, async () => {
    const file = await prepared(await picture(20, 20));
    const [decided, waiting] = await db().transaction(async (tx) => [
      await storeEvidence(tx, file, owner),
      await storeEvidence(tx, file, owner),
    ]);
    const decidedAt = new Date("2026-11-01T00:00:00Z");
    await db().transaction((tx) => scheduleEvidenceDeletion(tx, decided!, decidedAt));

    expect(await purgeEvidence({ now: new Date(decidedAt.getTime() + (EVIDENCE_KEEP_DAYS - 1) * DAY_MS) })).toBe(0);
    expect(await purgeEvidence({ now: new Date(decidedAt.getTime() + EVIDENCE_KEEP_DAYS * DAY_MS + 1000) })).toBe(1);
    expect(await readEvidence(decided!)).toBeNull();
    // Undecided: kept.
    expect(await readEvidence(waiting!)).not.toBeNull();

    const leaving = await signedUpAccount("leaving@example.com");
    const theirs = await db().transaction((tx) => storeEvidence(tx, file, leaving.id));
    await db().delete(user).where(eq(user.id, leaving.id));
    expect(await purgeEvidence()).toBe(1);
    expect(await readEvidence(theirs)).toBeNull();
    expect(await readEvidence(waiting!)).not.toBeNull();
  });
});

describe("evidence in an S3 bucket, under private/ (s3rver on 127.0.0.1)", () => {
  const BUCKET = "domae-evidence";
  let s3: StandInS3 | undefined;
  let settings: S3Settings;
  let store: ObjectStore;

  beforeAll(async () => {
    s3 = await startStandInS3(BUCKET);
    settings = s3.settings;
    store = await openS3Store(settings);
  }, 60_000);

  afterAll(async () => {
    setObjectStoreForTests(undefined);
    store?.close();
    await s3?.close();
  });

  test("the bytes move to private/evidence/<id> after the commit, are served from there, and the purge deletes the object", async () => {
    setObjectStoreForTests(store);
    const file = await prepared(await picture(25, 25));
    const id = await db().transaction((tx) => storeEvidence(tx, file, owner));
    await moveEvidenceToObjectStore(id);
    const [row] = await db().select({ body: evidenceFiles.body }).from(evidenceFiles).where(eq(evidenceFiles.id, id));
    expect(row?.body).toBeNull();
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `private/evidence/${id}` }));
    expect(head.CacheControl).toBe("private, no-store");
    expect((await evidenceResponse(id)).status).toBe(200);
    // Never under the pictures' public prefix.
    await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `images/${id}` }))).rejects.toThrow();

    await db().transaction((tx) => scheduleEvidenceDeletion(tx, id, new Date(Date.now() - 31 * DAY_MS)));
    expect(await purgeEvidence()).toBe(1);
    await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `private/evidence/${id}` }))).rejects.toThrow();
    expect((await evidenceResponse(id)).status).toBe(404);
    client.destroy();
  });
});
