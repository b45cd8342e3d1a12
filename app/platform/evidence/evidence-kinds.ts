// What the evidence forms accept (platform/evidence), apart from the server code so a page's file field can name them.

/** A screenshot attached to a review or a term report: PNG, JPEG or WebP (read from the bytes on the server). */
export const EVIDENCE_PICTURE_ACCEPT = "image/png,image/jpeg,image/webp";
/** At most 5 MB (the evidence forms' body limit, lib/body-limits.ts, leaves room for the form around it). */
export const EVIDENCE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
