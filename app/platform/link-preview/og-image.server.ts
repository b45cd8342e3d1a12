import { and, eq, gt, lt } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { ogImageCache } from "#app/db/schema.ts";
import { allowedHosts, checkUrlPolicy } from "../outbound/address-policy.server.ts";
import { fetchHtmlHead, type SafeFetchOptions } from "../outbound/safe-fetch.server.ts";
import { findOgImage } from "./og-meta.ts";

export { UnsafeUrlError } from "../outbound/address-policy.server.ts";

const FOUND_TTL_MS = 24 * 60 * 60 * 1000;
const NONE_TTL_MS = 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Lookups in progress in this process, so two visitors asking for the same page cause one fetch. */
const inFlight = new Map<string, Promise<string | null>>();
let lastPurge = 0;

/**
 * The page's og:image as an absolute http(s) URL, or null when it has none or cannot be read (timeout, DNS
 * failure, not HTML, too big, …: never thrown). Throws UnsafeUrlError (name "UnsafeUrlError") when the
 * address is refused by policy: not http(s), user:password@, a non-default port, or a host that is or
 * resolves to a private, loopback or link-local address. Answers are cached in og_image_cache.
 *
 * `fetchOptions` exists for tests (stub DNS, canary sockets); callers pass only the page URL.
 */
export async function lookupOgImage(pageUrl: string, fetchOptions?: SafeFetchOptions): Promise<string | null> {
  const url = checkUrlPolicy(pageUrl);
  url.hash = "";
  const key = url.href;

  const [cached] = await db()
    .select({ imageUrl: ogImageCache.imageUrl })
    .from(ogImageCache)
    .where(and(eq(ogImageCache.url, key), gt(ogImageCache.expiresAt, new Date())));
  if (cached) return cached.imageUrl;

  const running = inFlight.get(key);
  if (running) return running;
  const lookup = fetchAndRemember(key, fetchOptions).finally(() => inFlight.delete(key));
  inFlight.set(key, lookup);
  return lookup;
}

async function fetchAndRemember(key: string, fetchOptions?: SafeFetchOptions) {
  const page = await fetchHtmlHead(key, fetchOptions);
  const imageUrl = page ? findOgImage(page.html, page.url, (candidate) => acceptableImageUrl(candidate)) : null;
  const expiresAt = new Date(Date.now() + (imageUrl ? FOUND_TTL_MS : NONE_TTL_MS));
  await db()
    .insert(ogImageCache)
    .values({ url: key, imageUrl, expiresAt })
    .onConflictDoUpdate({ target: ogImageCache.url, set: { imageUrl, expiresAt } });
  await purgeExpired();
  return imageUrl;
}

/** The image address comes from an untrusted page: it must pass the same URL policy (checklist b 11). */
function acceptableImageUrl(candidate: URL) {
  try {
    checkUrlPolicy(candidate, allowedHosts());
    return true;
  } catch {
    return false;
  }
}

async function purgeExpired() {
  if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = Date.now();
  await db().delete(ogImageCache).where(lt(ogImageCache.expiresAt, new Date()));
}
