/** The import's limits, which the page shows too (no parser here, so the browser bundle stays small). */

/** A file bigger than this is refused before it is read (a popular-product list is a few KB). */
export const IMPORT_MAX_BYTES = 1_000_000;
/** Rows per import; each row without an image costs one og:image lookup. */
export const IMPORT_MAX_ROWS = 500;
