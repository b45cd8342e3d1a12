import { and, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { catchUpMarks, externalProducts, imageFiles, images, jobs, products, sellerNotes, wholesalers } from "#app/db/schema.ts";
import { createProduct } from "#app/features/products/products.server.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { IMAGE_SIZE_NAMES, IMAGE_SIZES, imagePath } from "#app/lib/images.ts";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { pngDeclaring, type StandInImages, startStandInImages } from "#tests/stand-in-images.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { registerImageJobs } from "./image-jobs.server.ts";
import { IMAGE_LIMITS, processImage } from "./image-processing.server.ts";
import {
  IMAGE_FETCH_KIND,
  imageFileResponse,
  imageState,
  imagesFor,
  purgeUnnamedImages,
  requestImages,
  requestMissingImages,
  requestOutdatedImages,
  withImages,
} from "./images.server.ts";

withTestDatabase();

let host: StandInImages;

beforeAll(async () => {
  host = await startStandInImages();
}, 60_000);

afterAll(async () => {
  await host?.close();
});

beforeEach(async () => {
  await db().delete(catchUpMarks);
  await db().delete(jobs);
  await db().delete(images);
  await db().delete(imageFiles);
  await db().delete(products);
  await db().delete(externalProducts);
  await db().delete(wholesalers);
});

function runner() {
  const jobRunner = new JobRunner();
  registerImageJobs(jobRunner, { fetch: { timeoutMs: 10_000 } });
  return jobRunner;
}

/**
 * An account: `verified` (its e-mail confirmed, the default), `old` (unconfirmed, signed up 30 days ago) or
 * `new` (unconfirmed, just signed up: docs/decisions/0043).
 */
const owner = async (kind: "verified" | "old" | "new" = "verified") => {
  const id = `img-owner-${Math.random().toString(36).slice(2)}`;
  const createdAt = kind === "old" ? sql`now() - interval '30 days'` : sql`now()`;
  await db().execute(
    sql`INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at) VALUES (${id}, '사진', ${`${id}@example.com`}, ${kind === "verified"}, ${createdAt}, now())`,
  );
  return { id };
};

describe("a saved picture becomes our own WebP and AVIF files", () => {
  test("a product saved with an image address: pending, then ready in every size, served from /images/", async () => {
    const url = host.url("/photo-0.jpg");
    await createProduct({ name: "사진 상품", imageUrl: url, summary: "", price: null, siteUrl: "" }, await owner());
    expect((await imageState(url))?.status).toBe("pending");
    expect((await imagesFor([url])).size).toBe(0);

    expect(await runner().runDue()).toBe(1);
    const state = await imageState(url);
    expect(state).toMatchObject({ status: "ready", failure: null });
    const view = (await imagesFor([url])).get(url);
    expect(view?.variants.map((v) => v.size)).toEqual(IMAGE_SIZE_NAMES);
    // 1600×1200 source: the cards cut to 4:3, the logo and detail kept whole inside 160 and 800 px.
    expect(view?.variants).toEqual([
      { size: "logo", width: 160, height: 120 },
      { size: "card", width: 400, height: 300 },
      { size: "detail", width: 800, height: 600 },
      { size: "cardavif", width: 400, height: 300 },
      { size: "cardavif2x", width: 800, height: 600 },
    ]);

    const response = await imageFileResponse(`${view!.hash}-card.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(25 * 1024);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 400, height: 300 });
    expect(imagePath(view!.hash, "card")).toBe(`/images/${view!.hash}-card.webp`);

    // The AVIF cards: the same cut, image/avif, with the same year-long cache; half the WebP card's bytes or less.
    for (const [size, width, height] of [
      ["cardavif", 400, 300],
      ["cardavif2x", 800, 600],
    ] as const) {
      expect(imagePath(view!.hash, size)).toBe(`/images/${view!.hash}-${size}.avif`);
      const avif = await imageFileResponse(`${view!.hash}-${size}.avif`);
      expect(avif.status).toBe(200);
      expect(avif.headers.get("content-type")).toBe("image/avif");
      expect(avif.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const body = Buffer.from(await avif.arrayBuffer());
      expect(body.subarray(4, 12).toString("latin1")).toBe("ftypavif");
      expect(await sharp(body).metadata()).toMatchObject({ format: "heif", compression: "av1", width, height });
      if (size === "cardavif") expect(body.length).toBeLessThan(bytes.length);
      // A name with the other format's extension is not a file of ours.
      expect((await imageFileResponse(`${view!.hash}-${size}.webp`)).status).toBe(404);
    }
    expect((await imageFileResponse(`${view!.hash}-card.avif`)).status).toBe(404);
  });

  test("a small source: the AVIF cards are never enlarged and keep the cards' 4:3", async () => {
    const source = await sharp({ create: { width: 500, height: 500, channels: 3, background: "#f97316" } })
      .png()
      .toBuffer();
    const outcome = await processImage(source);
    if (!outcome.ok) throw new Error(outcome.detail);
    expect(outcome.files.map(({ size, width, height }) => ({ size, width, height }))).toEqual([
      { size: "logo", width: 160, height: 160 },
      { size: "card", width: 400, height: 300 },
      { size: "detail", width: 500, height: 500 },
      { size: "cardavif", width: 400, height: 300 },
      { size: "cardavif2x", width: 500, height: 375 },
    ]);
  });

  test("saving the same address again (or another row with it) fetches nothing twice", async () => {
    const url = host.url("/photo-1.jpg");
    const before = host.server.requests.length;
    await createWholesaler({ name: "로고 도매", category: "", siteUrl: "", contact: "", logoUrl: url, summary: "" });
    await createWholesaler({ name: "로고 도매 2", category: "", siteUrl: "", contact: "", logoUrl: url, summary: "" });
    expect(await requestImages([url, url])).toBe(0);
    await runner().runDue();
    expect(host.server.requests.length - before).toBe(1);
    expect((await imageState(url))?.status).toBe("ready");
  });

  test("metadata is stripped and the EXIF orientation applied", async () => {
    const source = await sharp({ create: { width: 300, height: 600, channels: 3, background: "#0ea5e9" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "숨겨진 정보", Artist: "someone@example.com" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const outcome = await processImage(source);
    if (!outcome.ok) throw new Error(outcome.detail);
    expect(outcome.files.map((file) => file.size)).toEqual(IMAGE_SIZE_NAMES);
    for (const file of outcome.files) {
      const meta = await sharp(file.body).metadata();
      expect(meta.format).toBe(IMAGE_SIZES[file.size].format === "avif" ? "heif" : "webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(file.body.includes("someone@example.com")).toBe(false);
    }
    // Orientation 6 turns the 300×600 picture into 600×300: the logo size shows it.
    expect(outcome.files.find((f) => f.size === "logo")).toMatchObject({ width: 160, height: 80 });
  });
});

describe("new accounts share one line of the queue (docs/decisions/0043)", () => {
  const product = (name: string, imageUrl: string) => ({ name, imageUrl, summary: "", price: null, siteUrl: "" });

  // Two full encodes (AVIF takes about a second of a core each) after 36 quick refusals: room for a busy machine.
  test("behind 12 new accounts flooding the queue, a real user's picture runs after at most one of their jobs", {
    timeout: 120_000,
  }, async () => {
    // Each new account asks for three pictures (refused from their headers, so the test is quick: what is
    // measured is the order the one worker takes the jobs in, not their cost).
    const floods = 12;
    for (let n = 0; n < floods; n++) {
      const account = await owner("new");
      for (let k = 0; k < 3; k++) await createProduct(product(`신규 계정 상품 ${n}-${k}`, host.url(`/bomb.png?flood=${n}-${k}`)), account);
    }
    // Two real users: one with a confirmed address, one that signed up a month ago.
    const verified = host.url("/photo-0.jpg");
    const old = host.url("/photo-1.jpg");
    await createProduct(product("인증된 계정 상품", verified), await owner("verified"));
    await createProduct(product("오래된 계정 상품", old), await owner("old"));

    expect(await runner().runDue()).toBe(floods * 3 + 2);
    // One worker: the jobs finished in the order it took them.
    const done = await db()
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, IMAGE_FETCH_KIND))
      .orderBy(jobs.finishedAt, jobs.id);
    const order = done.map((job) => (job.payload as { url: string }).url);
    const ahead = (url: string) => order.slice(0, order.indexOf(url)).filter((ran) => ran.includes("/bomb.png")).length;
    // The bound: at most one job of the new accounts' line before each real user's picture, however many
    // new accounts there are (before this, one job of each new account: 12).
    expect(ahead(verified)).toBeLessThanOrEqual(1);
    expect(ahead(old)).toBeLessThanOrEqual(1);
    expect(order.indexOf(old)).toBeLessThanOrEqual(2);
    expect(await imageState(verified)).toMatchObject({ status: "ready" });
    expect(await imageState(old)).toMatchObject({ status: "ready" });
    // The new accounts' pictures all ran too, in the order they were asked for.
    const flooded = order.filter((url) => url.includes("/bomb.png"));
    expect(flooded).toEqual(Array.from({ length: floods * 3 }, (_, i) => host.url(`/bomb.png?flood=${Math.floor(i / 3)}-${i % 3}`)));
  });
});

describe("the bad input set: each failure is recorded, the placeholder stays, nothing crashes", () => {
  const cases: [string, () => string, RegExp][] = [
    ["an HTML page", () => host.url("/page.html"), /^이미지가 아닌 응답입니다 \(text\/html\)\.$/],
    ["a 50 MB PNG (cut off by the byte cap)", () => host.url("/huge.png"), /10MB를 넘습니다/],
    ["a 30,000×30,000 PNG of a few KB", () => host.url("/bomb.png"), /이미지 크기가 너무 큽니다 \(30,000×30,000 픽셀\)/],
    [
      "a whole 1×23,990,000 PNG, under the pixel cap",
      () => host.url("/sliver.png"),
      /^이미지 크기가 너무 큽니다 \(1×23,990,000 픽셀\)\. 가로와 세로는 16,384픽셀까지 사용할 수 있습니다\.$/,
    ],
    [
      "a whole 16,000×100 PNG (160:1)",
      () => host.url("/banner.png"),
      /^이미지가 너무 가늘고 깁니다 \(16,000×100 픽셀\)\. 가로세로 비율은 20:1까지 사용할 수 있습니다\.$/,
    ],
    ["an SVG with a script", () => host.url("/script.svg"), /^SVG 이미지는 사용할 수 없습니다\.$/],
    ["an SVG labelled image/png", () => host.url("/disguised-svg.png"), /^SVG 이미지는 사용할 수 없습니다\.$/],
    ["a redirect to a private address", () => host.url("/to-private.png"), /^이 주소에서는 이미지를 가져올 수 없습니다\.$/],
    [
      "a TLS error (https to a plain-HTTP port)",
      () => host.url("/photo-0.jpg").replace("http:", "https:"),
      /^보안 연결\(HTTPS\)을 맺지 못했습니다\.$/,
    ],
    ["a 404", () => host.url("/missing.png"), /HTTP 404/],
  ];

  test.each(cases)(
    "%s",
    async (_name, urlOf, reason) => {
      const url = urlOf();
      await db().insert(products).values({ name: "나쁜 이미지", imageUrl: url });
      expect(await requestMissingImages()).toBe(1);
      const rssBefore = process.memoryUsage().rss;
      await runner().runDue();
      const state = await imageState(url);
      expect(state?.status).toBe("failed");
      expect(state?.failure).toMatch(reason);
      expect(state?.failureDetail).toBeTruthy();
      // The job itself is done (the failure is its result, not a crash to retry).
      const [job] = await db().select().from(jobs).where(eq(jobs.kind, IMAGE_FETCH_KIND));
      expect(job?.state).toBe("done");
      // The page keeps its placeholder: no picture for this address.
      const [row] = await withImages([{ imageUrl: url }], (item) => item.imageUrl, "image");
      expect(row?.image).toBeNull();
      // No bad file raised the process's memory by more than a couple of decoded pictures.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
    },
    30_000,
  );

  test("a picture's sides and shape are judged from its header: a whole file and one cut after four rows are refused alike", async () => {
    for (const [width, height, detail] of [
      [1, 23_990_000, "side over 16384 px: 1x23990000"],
      [23_990_000, 1, "side over 16384 px: 23990000x1"],
      [16_385, 100, "side over 16384 px: 16385x100"],
      [16_000, 100, "aspect over 20:1: 16000x100"],
      [100, 2_001, "aspect over 20:1: 100x2001"],
    ] as const) {
      // The cut file could not be decoded at all: the same answer for both shows that nothing was decoded.
      for (const bytes of [pngDeclaring(width, height, Math.min(height, 23_990_000)), pngDeclaring(width, height)]) {
        expect(await processImage(bytes)).toMatchObject({ ok: false, permanent: true, detail });
      }
    }
    // At the limits a picture is made: 16,384 px long, and 20:1.
    for (const [width, height] of [
      [16_384, 1_000],
      [2_000, 100],
    ] as const) {
      const bytes = await sharp({ create: { width, height, channels: 3, background: "#16a34a" } })
        .png()
        .toBuffer();
      const outcome = await processImage(bytes);
      expect(outcome.ok, `${width}x${height}`).toBe(true);
    }
  });

  test("a passing failure (503) is retried, then stored as failed after the last attempt", async () => {
    const url = host.url("/unavailable.png");
    await requestImages([url]);
    const jobRunner = new JobRunner();
    registerImageJobs(jobRunner, { fetch: { timeoutMs: 5_000 }, backoffMs: 1 });
    // Each retry is due a millisecond later: a few rounds of the runner see all three attempts.
    for (let round = 0; round < 10 && (await imageState(url))?.status === "pending"; round++) {
      await jobRunner.runDue();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const state = await imageState(url);
    expect(state?.status).toBe("failed");
    expect(state?.failure).toBe("이미지를 가져오지 못했습니다. 여러 번 시도했지만 이미지 주소가 제대로 응답하지 않았습니다.");
    expect(state?.failureDetail).toMatch(/http status 503/);
    expect(host.server.requests.filter((path) => path === "/unavailable.png")).toHaveLength(3);
  });

  test("the 50 MB answer is cut off near the cap", () => {
    expect(host.hugeBytesSent()).toBeLessThan(IMAGE_LIMITS.maxBytes + 8 * 1024 * 1024);
  });

  test("an animated GIF of 500 frames gives its first frame only, well inside the pixel cap", async () => {
    const url = host.url("/animated.gif");
    // 500 frames of 400×400 are 80 million pixels: decoding them all would pass the 24 million cap.
    expect(500 * 400 * 400).toBeGreaterThan(IMAGE_LIMITS.maxPixels);
    await requestImages([url]);
    await runner().runDue();
    const state = await imageState(url);
    expect(state?.status).toBe("ready");
    const response = await imageFileResponse(`${state!.hash}-detail.webp`);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.pages ?? 1).toBe(1);
    expect([meta.width, meta.height]).toEqual([400, 400]);
  });
});

describe("existing rows and the file route", () => {
  test("the catch-up at start requests each address without a row once, and is idempotent", async () => {
    await db()
      .insert(products)
      .values([
        { name: "a", imageUrl: host.url("/photo-2.jpg") },
        { name: "b", imageUrl: host.url("/photo-2.jpg") },
        { name: "c", imageUrl: "" },
        { name: "d", imageUrl: "javascript:alert(1)" },
      ]);
    await db()
      .insert(externalProducts)
      .values({ title: "e", productUrl: "https://shop.example.com/e", imageUrl: host.url("/photo-3.jpg") });
    await db()
      .insert(wholesalers)
      .values({ name: "f", logoUrl: host.url("/photo-3.jpg") });
    await db()
      .insert(images)
      .values({ sourceUrl: host.url("/photo-1.jpg"), status: "failed", failure: "x" });
    await db()
      .insert(wholesalers)
      .values({ name: "g", logoUrl: host.url("/photo-1.jpg") });

    expect(await requestMissingImages()).toBe(2);
    expect(await requestMissingImages()).toBe(0);
    const queued = await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, IMAGE_FETCH_KIND));
    expect(queued.map((j) => (j.payload as { url: string }).url).sort()).toEqual([host.url("/photo-2.jpg"), host.url("/photo-3.jpg")]);
  });

  test("the catch-up remembers where it got to: a later start walks only rows added since; after a restore (no marks) it walks everything again", async () => {
    const old = host.url("/photo-4.jpg");
    await db().insert(products).values({ name: "예전 상품", imageUrl: old });
    expect(await requestMissingImages()).toBe(1);
    // The old row's picture row goes away behind the catch-up's back; a new row arrives.
    await db().delete(images).where(eq(images.sourceUrl, old));
    const added = host.url("/photo-5.jpg");
    await db().insert(products).values({ name: "새 상품", imageUrl: added });
    expect(await requestMissingImages()).toBe(1);
    expect(await imageState(added)).toMatchObject({ status: "pending" });
    expect(await imageState(old)).toBeNull();
    // A restore leaves the marks out, as it leaves the pictures out: the next walk starts from the first row.
    await db().delete(catchUpMarks);
    expect(await requestMissingImages()).toBe(1);
    expect(await imageState(old)).toMatchObject({ status: "pending" });
  });

  // Three full encodes (AVIF at effort 4 takes about a second of a core each): room for a busy machine.
  test("a picture made before the AVIF cards is fetched once more for them; an address that no longer gives a picture keeps its WebP", {
    timeout: 120_000,
  }, async () => {
    const kept = host.url("/photo-1.jpg");
    await requestImages([kept]);
    await runner().runDue();
    const made = (await imagesFor([kept])).get(kept)!;
    // As it was before the AVIF cards existed: the three WebP sizes only.
    const webpOnly = made.variants.filter((variant) => IMAGE_SIZES[variant.size].format === "webp");
    await db().update(images).set({ sizes: webpOnly }).where(eq(images.sourceUrl, kept));
    await db()
      .delete(imageFiles)
      .where(and(eq(imageFiles.hash, made.hash), inArray(imageFiles.size, ["cardavif", "cardavif2x"])));
    expect((await imageFileResponse(`${made.hash}-cardavif.avif`)).status).toBe(404);
    // One whose address now answers with an HTML page.
    const gone = host.url("/page.html");
    await db().insert(images).values({ sourceUrl: gone, status: "ready", hash: made.hash, sizes: webpOnly });

    expect(await requestOutdatedImages()).toBe(2);
    expect(await requestOutdatedImages()).toBe(0);
    expect(await runner().runDue()).toBe(2);

    expect((await imagesFor([kept])).get(kept)?.variants.map((variant) => variant.size)).toEqual(IMAGE_SIZE_NAMES);
    const avif = await imageFileResponse(`${made.hash}-cardavif.avif`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    // The page keeps what it had; the row says why the remake found nothing, and no later start asks again.
    expect(await imageState(gone)).toMatchObject({ status: "ready", failure: "이미지가 아닌 응답입니다 (text/html)." });
    expect((await imagesFor([gone])).get(gone)?.variants).toEqual(webpOnly);
    expect(await requestOutdatedImages()).toBe(0);
  });

  test.each([
    ["../../etc/passwd"],
    ["..%2F..%2Fetc%2Fpasswd"],
    [`${"a".repeat(32)}-card.webp`],
    [`${"a".repeat(32)}-huge.webp`],
    [`${"A".repeat(32)}-card.webp`],
    ["0123456789abcdef0123456789abcdef-card.png"],
    ["0123456789abcdef0123456789abcdef-card.avif"],
    ["0123456789abcdef0123456789abcdef-cardavif.webp"],
    ["0123456789abcdef0123456789abcdef-constructor.webp"],
    [""],
  ])("/images/%s is a 404", async (name) => {
    const response = await imageFileResponse(name);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("이미지를 찾을 수 없습니다.");
  });
});

describe("pictures nothing names any more", () => {
  const file = (hash: string) => ({ hash, size: "card", width: 4, height: 3, body: Buffer.from(hash) });
  const ready = (sourceUrl: string, hash: string) => ({ sourceUrl, status: "ready" as const, hash, sizes: [] });

  test("the hourly purge deletes unnamed rows (ready, pending, failed) and the files no row names; named ones stay, however they are named", async () => {
    await db().delete(sellerNotes);
    const named = {
      product: "https://img.example.com/p.jpg",
      external: "https://img.example.com/e.jpg",
      logo: "https://img.example.com/logo.png",
      note: "https://img.example.com/n.jpg?w=1&h=2",
    };
    await db().insert(products).values({ name: "이름 있는 그림", imageUrl: named.product });
    await db().insert(externalProducts).values({ title: "외부", productUrl: "https://shop.example.com/x", imageUrl: named.external });
    await db().insert(wholesalers).values({ name: "로고", logoUrl: named.logo });
    // As sanitize-html stores a note's picture: the `&` of the address escaped.
    await db()
      .insert(sellerNotes)
      .values({ title: "노트", content: `<p>글</p><p><img src="${named.note.replace("&", "&amp;")}" alt="" loading="lazy" /></p>` });
    const sharedHash = "a".repeat(32);
    const ownHash = "b".repeat(32);
    await db()
      .insert(images)
      .values([
        ready(named.product, sharedHash),
        ready(named.external, "c".repeat(32)),
        ready(named.logo, "d".repeat(32)),
        ready(named.note, "e".repeat(32)),
        // Unnamed: the same bytes as the product's picture (its files stay), its own bytes (they go), and
        // rows that never became a picture.
        ready("https://img.example.com/deleted-product.jpg", sharedHash),
        ready("https://img.example.com/replaced.jpg", ownHash),
        { sourceUrl: "https://img.example.com/failed.jpg", status: "failed", failure: "x" },
      ]);
    await db()
      .insert(imageFiles)
      .values([sharedHash, ownHash, "c".repeat(32), "d".repeat(32), "e".repeat(32)].map(file));
    const pending = host.url("/photo-2.jpg");
    await requestImages([pending]);

    // Batches of 2: the walk goes on past full batches.
    expect(await purgeUnnamedImages({ batchSize: 2 })).toEqual({ images: 4, files: 1 });
    const left = (await db().select({ url: images.sourceUrl }).from(images)).map((row) => row.url).sort();
    expect(left).toEqual(Object.values(named).sort());
    const files = (await db().select({ hash: imageFiles.hash }).from(imageFiles)).map((row) => row.hash);
    expect(files).toContain(sharedHash);
    expect(files).not.toContain(ownHash);
    expect(await purgeUnnamedImages()).toEqual({ images: 0, files: 0 });

    // The fetch queued for the purged pending address does nothing and brings no row back.
    const before = host.server.requests.length;
    expect(await runner().runDue()).toBe(1);
    expect(host.server.requests.length).toBe(before);
    expect(await imageState(pending)).toBeNull();

    // Named again later: asked for afresh.
    await db().insert(products).values({ name: "다시 쓰인 그림", imageUrl: "https://img.example.com/replaced.jpg" });
    expect(await requestImages(["https://img.example.com/replaced.jpg"])).toBe(1);
    expect((await imageState("https://img.example.com/replaced.jpg"))?.status).toBe("pending");
  });
});
