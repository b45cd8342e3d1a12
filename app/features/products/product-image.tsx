import { useEffect, useRef, useState } from "react";
import { type ImageView, imagePath, variantOf } from "#app/lib/images.ts";

/** Drawn here, not fetched: a card without a picture (or with a broken one) still looks finished. */
export function ImagePlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="flex aspect-[4/3] w-full items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400"
    >
      <svg
        width="56"
        height="56"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M21 8 12 3 3 8v8l9 5 9-5V8Z" />
        <path d="m3 8 9 5 9-5" />
        <path d="M12 13v8" />
      </svg>
    </div>
  );
}

/**
 * A card's width on screen, so that a browser picks the 400-px file wherever a card is at most 400 CSS px
 * at 1x. From the page layout (root.tsx: 16-px padding; from 1024 px two 300-px ad columns and 24-px gaps
 * beside a main column within a 2200-px frame) and gridClass (16-px gaps; 1, 2, 3, 4 columns from 0, 640,
 * 1280, 1536 px): cards are 326–426 px wide at 640–1023, then 202–368 px. Plain 25/33/50vw counted the
 * ad columns in, so a 1x desktop of 1024–1535 or 1900+ px took the 800-px file for every card.
 * Measured in Chromium: 412 → 380, 1300 → 196, 1440 → 243, 1920 → 298, 2560 → 368 px.
 */
const CARD_SIZES =
  "(min-width: 2200px) 368px, (min-width: 1536px) calc(25vw - 182px), (min-width: 1280px) calc(33.4vw - 237px), (min-width: 1024px) calc(50vw - 348px), (min-width: 640px) calc(50vw - 24px), calc(100vw - 32px)";

/**
 * A product picture: our own copy (docs/decisions/0023), never the outside address the owner typed, so
 * the visitor's browser asks no other site. A browser that takes AVIF picks from the AVIF cards (400 and
 * 800 px wide, about half the WebP bytes); any other takes the WebP card and `detail`. A picture made
 * before the AVIF sizes existed has only the WebP ones and shows as a plain `<img>`. Until the copy is
 * ready, after it failed, or if the file does not load, the local placeholder shows. An image that
 * failed before React hydrated is caught on mount (its error event has already fired).
 *
 * `eager`: the page's first picture, its LCP on a phone: loaded at once and with high priority. Every
 * other picture waits until it nears the screen.
 */
export function ProductImage({ image, eager = false }: { image: ImageView | null | undefined; eager?: boolean }) {
  const card = variantOf(image, "card");
  const detail = variantOf(image, "detail");
  const src = image && card ? imagePath(image.hash, "card", image.base) : null;
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    setFailed(Boolean(img?.complete && img.naturalWidth === 0 && src));
  }, [src]);

  if (!image || !card || !src || failed) return <ImagePlaceholder />;
  // The larger size only when it is larger: a small source gives both sizes the same pixels.
  const srcSet =
    detail && detail.width > card.width
      ? `${src} ${card.width}w, ${imagePath(image.hash, "detail", image.base)} ${detail.width}w`
      : undefined;
  const avifSet = avifSrcSet(image);
  const img = (
    <img
      ref={ref}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? CARD_SIZES : undefined}
      alt=""
      width={card.width}
      height={card.height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full bg-slate-100 object-cover"
    />
  );
  if (!avifSet) return img;
  return (
    <picture className="block">
      <source type="image/avif" srcSet={avifSet} sizes={CARD_SIZES} />
      {img}
    </picture>
  );
}

/** The AVIF cards as a `srcset`, the 2x one only when it is larger; undefined for a picture without them. */
function avifSrcSet(image: ImageView) {
  const avif = variantOf(image, "cardavif");
  if (!avif) return undefined;
  const avif2x = variantOf(image, "cardavif2x");
  const first = `${imagePath(image.hash, "cardavif", image.base)} ${avif.width}w`;
  return avif2x && avif2x.width > avif.width ? `${first}, ${imagePath(image.hash, "cardavif2x", image.base)} ${avif2x.width}w` : first;
}
