/**
 * The sizes our own copies of outside pictures come in (platform/images, docs/decisions/0023), and how a
 * page names them. Shared by the server that makes them and the components that show them, so the two
 * never disagree about a file name.
 */

/** The file formats we write: a size's file name ends in its format, and /images/ answers with its type. */
export const IMAGE_FORMATS = {
  webp: { contentType: "image/webp" },
  avif: { contentType: "image/avif" },
} as const;

export type ImageFormat = keyof typeof IMAGE_FORMATS;

/**
 * `logo`: a supplier's logo, whole, within 160 px (twice the 80-px detail logo). `card`: a product card's
 * picture, cut to the cards' 4:3. `detail`: the whole picture within 800 px, for a card on a sharp screen
 * without AVIF (the card's CSS cuts it to 4:3) and for pictures in seller notes, which must not be cut.
 * `cardavif` and `cardavif2x`: the card's 4:3 cut again as AVIF, at 400×300 and at 800×600 for sharp
 * screens; about half the bytes of the WebP card, for the browsers that take AVIF (a `<picture>` source).
 * Names are lower-case letters and digits: a file name is `<hash>-<size>.<format>`.
 */
export const IMAGE_SIZES = {
  logo: { width: 160, height: 160, fit: "inside", format: "webp" },
  card: { width: 400, height: 300, fit: "cover", format: "webp" },
  detail: { width: 800, height: 800, fit: "inside", format: "webp" },
  cardavif: { width: 400, height: 300, fit: "cover", format: "avif" },
  cardavif2x: { width: 800, height: 600, fit: "cover", format: "avif" },
} as const satisfies Record<string, { width: number; height: number; fit: "inside" | "cover"; format: ImageFormat }>;

export type ImageSizeName = keyof typeof IMAGE_SIZES;
export const IMAGE_SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSizeName[];

/** One stored size: its pixel width and height as made (smaller pictures are never enlarged). */
export type ImageVariant = { size: ImageSizeName; width: number; height: number };

/**
 * A ready picture as a page gets it: the content hash and the sizes that exist, and `base`, the origin that
 * serves the files when it is not this site (IMAGE_BASE_URL, a CDN; absent otherwise).
 */
export type ImageView = { hash: string; variants: ImageVariant[]; base?: string };

/** 32 hex characters of the source's SHA-256: the only names /images/ answers. */
export const IMAGE_HASH_PATTERN = /^[0-9a-f]{32}$/;

export function imageFormatOf(size: ImageSizeName): ImageFormat {
  return IMAGE_SIZES[size].format;
}

/**
 * `/images/<hash>-<size>.<format>`, e.g. `/images/…-card.webp`, `/images/…-cardavif.avif`; behind `base` (an
 * ImageView's CDN origin) when there is one.
 */
export function imagePath(hash: string, size: ImageSizeName, base = "") {
  return `${base}/images/${hash}-${size}.${imageFormatOf(size)}`;
}

export function variantOf(image: ImageView | null | undefined, size: ImageSizeName) {
  return image?.variants.find((variant) => variant.size === size) ?? null;
}

/**
 * `<hash>-<size>.<format>` → its parts, or null for any other name: an unknown size, or a known size with
 * another format's extension (`…-cardavif.webp`, `…-card.avif`). No path ever reaches a file system.
 */
export function parseImageFileName(name: string): { hash: string; size: ImageSizeName; format: ImageFormat } | null {
  const match = /^([0-9a-f]{32})-([a-z0-9]+)\.([a-z]+)$/.exec(name);
  if (!match?.[1] || !match[2] || !match[3] || !Object.hasOwn(IMAGE_SIZES, match[2])) return null;
  const size = match[2] as ImageSizeName;
  if (match[3] !== imageFormatOf(size)) return null;
  return { hash: match[1], size, format: imageFormatOf(size) };
}
