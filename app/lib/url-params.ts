// The id and page parameters of URLs and forms: plain functions without zod, so page code (the /list search form)
// can use them without the schema library in its JavaScript.

/** Ids in URLs and forms: a positive 32-bit integer written plainly; anything else is "not found" (null). */
export function parseIdParam(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * `?page=` as a page number from 1. One rule for every list: plain digits without a leading zero, up to
 * 999,999; anything else (0, -1, 007, abc, huge) is the first page, so a mangled link still shows a list.
 */
export function parsePageParam(raw: string | null | undefined): number {
  return raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}
