import { imagePath, variantOf } from "#app/lib/images.ts";
import { imagesFor, requestImages, requestImagesAfterSave } from "#app/platform/images/images.server.ts";

/**
 * Pictures in a seller note are outside addresses the author pasted. The page shows our copy of each
 * (docs/decisions/0023) and leaves out a picture whose copy is not ready or failed: the visitor's
 * browser never asks another site (CSP `img-src 'self' data:` would refuse it anyway).
 */

/** sanitizeNoteHtml writes every picture as `<img src="…" alt="…" loading="lazy" />`, attributes escaped. */
const IMG_TAG = /<img\b[^>]*>/gi;

function attribute(tag: string, name: string) {
  const value = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? "";
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The outside addresses of a sanitised note's pictures. */
export function noteImageSources(html: string) {
  return [...html.matchAll(IMG_TAG)].map((match) => attribute(match[0], "src")).filter(Boolean);
}

/** Sanitised note HTML with each picture pointing at our copy (with its size), or left out. One query. */
export async function withOwnNoteImages(html: string) {
  const sources = noteImageSources(html);
  if (sources.length === 0) return html;
  const ready = await imagesFor(sources);
  let shown = 0;
  return html.replace(IMG_TAG, (tag) => {
    const image = ready.get(attribute(tag, "src"));
    const detail = variantOf(image, "detail");
    if (!image || !detail) return "";
    const alt = escapeAttribute(attribute(tag, "alt"));
    // The first picture is often the largest thing on the note's first screen (its LCP): it loads at once, found
    // by the browser's preload scanner; the rest wait until they are scrolled near.
    const loading = shown++ === 0 ? "" : ' loading="lazy"';
    return `<img src="${imagePath(image.hash, "detail", image.base)}" alt="${alt}" width="${detail.width}" height="${detail.height}"${loading} decoding="async" />`;
  });
}

/** After a note is saved: its pictures are requested (each address once, ever). */
export async function requestNoteImages(html: string) {
  await requestImagesAfterSave(noteImageSources(html));
}

/** At start: pictures of notes saved before the pipeline existed. */
export async function requestImagesOfNotes(contents: string[]) {
  return requestImages(contents.flatMap(noteImageSources));
}
