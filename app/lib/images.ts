/**
 * The sizes our own copies of outside pictures come in (features/images, docs/decisions/0023), and how a
 * page names them. Shared by the server that makes them and the components that show them, so the two
 * never disagree about a file name.
 */

/**
 * `logo`: a supplier's logo, whole, within 160 px (twice the 80-px detail logo). `card`: a product card's
 * picture, cut to the cards' 4:3. `detail`: the whole picture within 800 px, for a card on a sharp screen
 * (the card's CSS cuts it to 4:3) and for pictures in seller notes, which must not be cut.
 */
export const IMAGE_SIZES = {
  logo: { width: 160, height: 160, fit: "inside" },
  card: { width: 400, height: 300, fit: "cover" },
  detail: { width: 800, height: 800, fit: "inside" },
} as const;

export type ImageSizeName = keyof typeof IMAGE_SIZES;
export const IMAGE_SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSizeName[];

/** One stored size: its pixel width and height as made (smaller pictures are never enlarged). */
export type ImageVariant = { size: ImageSizeName; width: number; height: number };

/** A ready picture as a page gets it: the content hash and the sizes that exist. */
export type ImageView = { hash: string; variants: ImageVariant[] };

/** 32 hex characters of the source's SHA-256: the only names /images/ answers. */
export const IMAGE_HASH_PATTERN = /^[0-9a-f]{32}$/;

export function imagePath(hash: string, size: ImageSizeName) {
  return `/images/${hash}-${size}.webp`;
}

export function variantOf(image: ImageView | null | undefined, size: ImageSizeName) {
  return image?.variants.find((variant) => variant.size === size) ?? null;
}

/** `/images/<hash>-<size>.webp` → its parts, or null for any other name (no path ever reaches a file system). */
export function parseImageFileName(name: string): { hash: string; size: ImageSizeName } | null {
  const match = /^([0-9a-f]{32})-([a-z]+)\.webp$/.exec(name);
  if (!match?.[1] || !match[2] || !(match[2] in IMAGE_SIZES)) return null;
  return { hash: match[1], size: match[2] as ImageSizeName };
}
