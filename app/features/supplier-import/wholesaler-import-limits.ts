/**
 * What the wholesaler import accepts and the statuses it gives rows: plain values that the page shows
 * too (no parser or server code here, so the browser bundle stays small).
 */

/** Larger files are refused (the legacy export of 232 rows is 30 KB); the upload body limit is 8 MiB. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

/** A file of more rows than this is applied in the background, part by part, with its progress on /admin/import. */
export const IMPORT_JOB_ROWS = 200;
/** Rows one part of such an import goes through (one job, one transaction). */
export const IMPORT_PART_ROWS = 100;

/** What /admin/import shows while a long import runs (ui-contract, fourth release). */
export function importProgressLabel(done: number, total: number) {
  return `가져오는 중 ${done}/${total}`;
}

export function tooLargeMessage() {
  return `파일이 너무 큽니다. ${MAX_IMPORT_BYTES / 1024 / 1024}MB 이하의 파일만 가져올 수 있습니다.`;
}

export const COLUMNS_HELP =
  "name(이름), category(카테고리), siteUrl 또는 website(사이트 URL), contact(연락처), logoUrl 또는 image(로고 URL), summary(요약), " +
  "그리고 위탁 조건: dropshipping, minOrder, minOrderVaries, shippingFee, freeShippingOver, shippingFeeVaries, returns, imageUse, " +
  "pricePolicy, integration, businessNumber, termsCheckedAt, termsSource (관리자 양식과 같은 값)";

export const ROW_STATUSES = ["추가", "변경", "검토 필요", "중복", "오류"] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];
