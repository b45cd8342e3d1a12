import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo, type ResizeOptions } from "sharp";
import { IMAGE_SIZE_NAMES, IMAGE_SIZES, type ImageSizeName } from "#app/lib/images.ts";
import { type BytesOutcome, fetchImageBytes, type SafeFetchOptions } from "#app/platform/outbound/safe-fetch.server.ts";

/**
 * One outside picture → our WebP and AVIF files (docs/decisions/0023). Everything here treats the bytes as
 * hostile: the fetch is capped in bytes and time, the decoder in pixels, only raster formats are
 * decoded (an SVG can carry scripts and links to other sites), animations give their first frame, and
 * the output carries no metadata (sharp writes none unless asked; EXIF orientation is applied first).
 */

export const IMAGE_LIMITS = {
  /** The fetch stops reading (and closes the socket) past this many bytes. */
  maxBytes: 10 * 1024 * 1024,
  /**
   * Decoded pixels at most: 24 megapixels is a 6000×4000 camera photo, about 96 MB as RGBA. A few KB of
   * PNG can declare 30,000×30,000 (3.6 GB decoded): refused from its header, before decoding.
   */
  maxPixels: 24_000_000,
  /**
   * Pixels on either side at most: a PNG is decoded row by row, so a 1×23,990,000 picture (under the pixel
   * cap, 210 KB of file) cost 18 s of CPU. 16,384 is libwebp's own limit and twice an 8K screen.
   */
  maxSide: 16_384,
  /** The long side over the short side at most: a banner is 10:1; a sliver of 1×16,000 is no product picture. */
  maxAspect: 20,
  /** The whole fetch, redirects and body included: a sender of one byte a second is cut here (docs/decisions/0026). */
  timeoutMs: 15_000,
} as const;

/**
 * Quality per size, below sharp's defaults (WebP 80, AVIF 50): a card is 400×300 and one of 24 on
 * /products, so it must stay under 25 KB even from a detailed 12-megapixel photo (docs/performance.md
 * "Images"); a logo is small and often lettering, which shows artefacts first. AVIF's scale is not
 * WebP's: at 40 a 400×300 photo looks like the WebP at 60 in about half the bytes (7–12 KB against
 * 12–25 KB on the bench's photos), and the 800×600 at 45 is 26–37 KB against 35–65 KB for `detail`.
 */
const QUALITY: Record<ImageSizeName, number> = { logo: 80, card: 60, detail: 60, cardavif: 40, cardavif2x: 45 };

/**
 * AVIF encoder effort 0–9 (sharp's default 4): about 0.2 s for 400×300 and 0.7 s for 800×600 on one
 * thread, so a picture's job stays near a second. 4:2:0 chroma, as WebP always is: about 8% smaller
 * than sharp's default 4:4:4 for photos, and faster.
 */
const AVIF_OPTIONS = { effort: 4, chromaSubsampling: "4:2:0" } as const;

/**
 * A card over this is encoded again at `RETRY_QUALITY`: grain and fine texture in a large photo survive
 * the downscale and can push a card past 25 KB at quality 60 (two of the bench's 24 photos did).
 */
const CARD_MAX_BYTES = 24 * 1024;
const RETRY_QUALITY = 45;

// One libvips thread and no operation cache: a job's memory stays that of one picture, and the two
// cores stay with the requests.
sharp.concurrency(1);
sharp.cache(false);

/**
 * True on glibc without a fixed MALLOC_MMAP_THRESHOLD_: the process would keep what the pictures' buffers took
 * (150–200 MB after a burst of the largest). The npm scripts set it; a unit that starts `node server.ts` must
 * (docs/decisions/0043).
 */
export function pictureMemoryIsKept() {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return Boolean(report?.header?.glibcVersionRuntime) && !process.env.MALLOC_MMAP_THRESHOLD_;
}

const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

export type ImageFile = { size: ImageSizeName; width: number; height: number; body: Buffer };

/**
 * `permanent`: no retry can change the answer (not a picture, too big, refused address); otherwise the
 * job tries again later. `reason` is Korean for the admin, `detail` English for the operator's log.
 */
export type ProcessOutcome =
  | { ok: true; hash: string; files: ImageFile[] }
  | { ok: false; permanent: boolean; reason: string; detail: string };

const fail = (permanent: boolean, reason: string, detail: string): ProcessOutcome => ({ ok: false, permanent, reason, detail });

export type ImageFetchOptions = Pick<SafeFetchOptions, "resolve" | "connect" | "signal" | "timeoutMs">;

/** Fetches `url` through the SSRF-safe fetcher and makes its sizes. Never throws. */
export async function fetchAndProcessImage(url: string, options: ImageFetchOptions = {}): Promise<ProcessOutcome> {
  const fetched = await fetchImageBytes(url, {
    ...options,
    timeoutMs: options.timeoutMs ?? IMAGE_LIMITS.timeoutMs,
    maxBytes: IMAGE_LIMITS.maxBytes,
    userAgent: "DomaeDirectory-Images/1.0",
  });
  if (!fetched.ok) return fetchFailure(fetched);
  if (fetched.contentType === "image/svg+xml") return fail(true, "SVG 이미지는 사용할 수 없습니다.", "svg refused (content type)");
  return processImage(fetched.body);
}

function fetchFailure(outcome: Extract<BytesOutcome, { ok: false }>): ProcessOutcome {
  switch (outcome.kind) {
    case "content-type":
      return fail(
        true,
        `이미지가 아닌 응답입니다 (${outcome.contentType || "형식 없음"}).`,
        `not an image: ${outcome.contentType || "no content type"}`,
      );
    case "too-large":
      return fail(true, `이미지 파일이 ${IMAGE_LIMITS.maxBytes / 1024 / 1024}MB를 넘습니다.`, `over ${IMAGE_LIMITS.maxBytes} bytes`);
    case "refused":
      return fail(true, "이 주소에서는 이미지를 가져올 수 없습니다.", "refused by the address policy");
    case "tls":
      return fail(true, "보안 연결(HTTPS)을 맺지 못했습니다.", "tls handshake or certificate failed");
    case "redirects":
      return fail(true, "이미지 주소가 너무 여러 번 다른 주소로 넘깁니다.", "too many redirects");
    case "protocol":
      return fail(true, "이미지 주소가 올바른 HTTP 응답을 보내지 않았습니다.", "not valid HTTP");
    case "status": {
      const status = outcome.status ?? 0;
      // A server error or a rate limit may pass; a 404 or 403 will not.
      const permanent = status < 500 && status !== 429 && status !== 408;
      return fail(permanent, `이미지 주소가 오류를 돌려주었습니다 (HTTP ${status}).`, `http status ${status}`);
    }
    default:
      return fail(false, "이미지를 가져오지 못했습니다. 잠시 후 다시 시도합니다.", `fetch failed: ${outcome.kind}`);
  }
}

const decoderOptions = { limitInputPixels: IMAGE_LIMITS.maxPixels, pages: 1, failOn: "error" } as const;

/** Decodes `bytes` (first frame only) and makes every size in its format. Never throws. */
export async function processImage(bytes: Buffer): Promise<ProcessOutcome> {
  let meta: Metadata;
  try {
    // Reads the header only, so no pixel limit is needed yet: the declared size is checked below, with
    // its numbers in the message, and the decoder keeps `limitInputPixels` as the backstop.
    meta = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
  } catch (error) {
    return fail(true, "이미지 파일을 읽을 수 없습니다.", `unreadable: ${messageOf(error)}`);
  }
  if (meta.format === "svg") return fail(true, "SVG 이미지는 사용할 수 없습니다.", "svg refused (content)");
  if (!RASTER_FORMATS.has(meta.format ?? "")) return fail(true, "지원하지 않는 이미지 형식입니다.", `unsupported format: ${meta.format}`);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) return fail(true, "이미지 파일을 읽을 수 없습니다.", "no dimensions");
  const refused = sizeRefusal(width, height);
  if (refused) return refused;

  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const upright = (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
  const files: ImageFile[] = [];
  try {
    // Decoded once, straight to the smallest picture every size can be cut from (JPEG and WebP shrink while
    // they load); each size is then resized from those raw pixels, never from the file again.
    const master = await decodeOnce(bytes, upright);
    const raw = { raw: { width: master.info.width, height: master.info.height, channels: master.info.channels } };
    // Sizes with the same cut (`card` and `cardavif`) share one resize: same pixels, two formats.
    const resized = new Map<string, { data: Buffer; info: OutputInfo }>();
    for (const size of IMAGE_SIZE_NAMES) {
      // Resized once to raw pixels (at most 800×800×4 bytes), then encoded; a second encoding is cheap.
      const target = targetOf(size, upright);
      const key = JSON.stringify(target);
      const pixels = resized.get(key) ?? (await sharp(master.data, raw).resize(target).raw().toBuffer({ resolveWithObject: true }));
      resized.set(key, pixels);
      const cut = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
      // Neither encoder is given metadata: the raw pixels carry none, and sharp writes none unless asked.
      const encode = (quality: number) =>
        IMAGE_SIZES[size].format === "avif"
          ? sharp(pixels.data, cut)
              .avif({ quality, ...AVIF_OPTIONS })
              .toBuffer()
          : sharp(pixels.data, cut).webp({ quality, effort: 4 }).toBuffer();
      let body = await encode(QUALITY[size]);
      if (size === "card" && body.length > CARD_MAX_BYTES) body = await encode(RETRY_QUALITY);
      files.push({ size, width: pixels.info.width, height: pixels.info.height, body });
    }
  } catch (error) {
    return fail(true, "이미지 파일을 읽을 수 없습니다.", `decode failed: ${messageOf(error)}`);
  }
  return { ok: true, hash: contentHash(bytes), files };
}

const pixelsText = (width: number, height: number) => `${width.toLocaleString("ko-KR")}×${height.toLocaleString("ko-KR")} 픽셀`;

/**
 * The declared size, judged from the header before a pixel is decoded: the pixel cap, each side, and the
 * shape. Null when the picture may be decoded.
 */
export function sizeRefusal(width: number, height: number): ProcessOutcome | null {
  const { maxPixels, maxSide, maxAspect } = IMAGE_LIMITS;
  if (width * height > maxPixels) {
    return fail(true, `이미지 크기가 너무 큽니다 (${pixelsText(width, height)}).`, `over ${maxPixels} pixels: ${width}x${height}`);
  }
  if (width > maxSide || height > maxSide) {
    return fail(
      true,
      `이미지 크기가 너무 큽니다 (${pixelsText(width, height)}). 가로와 세로는 ${maxSide.toLocaleString("ko-KR")}픽셀까지 사용할 수 있습니다.`,
      `side over ${maxSide} px: ${width}x${height}`,
    );
  }
  if (Math.max(width, height) > maxAspect * Math.min(width, height)) {
    return fail(
      true,
      `이미지가 너무 가늘고 깁니다 (${pixelsText(width, height)}). 가로세로 비율은 ${maxAspect}:1까지 사용할 수 있습니다.`,
      `aspect over ${maxAspect}:1: ${width}x${height}`,
    );
  }
  return null;
}

/**
 * The one decode of a picture: upright, and no larger than the largest size needs (each cover cut at its
 * box, each whole size within its box), so a 6000×4000 photo becomes 800×534 raw pixels and a small picture
 * stays as it is. Every size is cut from this; none is ever enlarged.
 */
async function decodeOnce(bytes: Buffer, upright: { width: number; height: number }) {
  const scale = Math.min(
    1,
    Math.max(
      ...IMAGE_SIZE_NAMES.map((size) => {
        const target = targetOf(size, upright);
        const box = IMAGE_SIZES[size];
        return box.fit === "inside"
          ? Math.min(1, box.width / upright.width, box.height / upright.height)
          : Math.max((target.width ?? 0) / upright.width, (target.height ?? 0) / upright.height);
      }),
    ),
  );
  const pipeline = sharp(bytes, decoderOptions).autoOrient();
  if (scale < 1) {
    // Rounded up, so that no size cut from it is a pixel short of what the original would give.
    pipeline.resize(
      Math.min(upright.width, Math.ceil(upright.width * scale)),
      Math.min(upright.height, Math.ceil(upright.height * scale)),
      {
        fit: "fill",
      },
    );
  }
  return pipeline.raw().toBuffer({ resolveWithObject: true });
}

/**
 * How one size is cut. `inside` keeps the whole picture within the box; `cover` cuts it to the box's
 * shape (the cards show 4:3) at the box's size or, for a smaller source, the largest such cut it holds:
 * never enlarged, always the cards' shape.
 */
function targetOf(size: ImageSizeName, source: { width: number; height: number }): ResizeOptions {
  const box = IMAGE_SIZES[size];
  if (box.fit === "inside") return { width: box.width, height: box.height, fit: "inside", withoutEnlargement: true };
  const scale = Math.min(1, source.width / box.width, source.height / box.height);
  return {
    width: Math.max(1, Math.floor(box.width * scale)),
    height: Math.max(1, Math.floor(box.height * scale)),
    fit: "cover",
    position: "attention",
  };
}

export function contentHash(bytes: Buffer) {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

function messageOf(error: unknown) {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
