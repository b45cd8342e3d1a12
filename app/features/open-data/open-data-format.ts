/**
 * The shapes of /data's files (ui-contract.md "What Korean users expect", docs/decisions/0053): a supplier's public
 * facts, one CSV line or one JSON object each. Pure text work, so the tests read the same rules the files are made by.
 */

export type PublicTerm = { label: string; value: string; source: string | null; checkedOn: string | null };
export type PublicSupplier = {
  id: number;
  name: string;
  category: string;
  siteUrl: string;
  summary: string;
  page: string;
  registeredOn: string;
  /** The eight terms of the terms table, by their group name (term-values.ts TERM_GROUPS). */
  terms: Record<string, PublicTerm>;
  /** The rows of `사업자 정보`, label → value (`확인 전` before an answer), and whether the records verify the business. */
  records: Record<string, string>;
  businessVerified: boolean;
  /** `후기 <average> · <n>건`: only once 3 reviews with 증빙 확인 count, as the pages show it. */
  reviewScore: { average: string; reviews: number } | null;
};

/** The UTF-8 byte order mark: Excel reads a CSV without it as the system's code page (CP949), and Korean breaks. */
export const UTF8_BOM = "\uFEFF";

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. A text that a
 * spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) gets an apostrophe in
 * front (OWASP's CSV injection advice), so opening the file never runs anything.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines end in CRLF, as RFC 4180 and Excel have them. */
export function csvLine(fields: (string | number | boolean | null)[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/** The CSV's header: the supplier, then each term with its source and date, the records, the review score. */
export function csvHeader(termLabels: string[], recordLabels: string[]): string {
  return csvLine([
    "번호",
    "이름",
    "카테고리",
    "사이트",
    "소개",
    "도매온 페이지",
    "등록일",
    ...termLabels.flatMap((label) => [label, `${label} 출처`, `${label} 확인일`]),
    ...recordLabels,
    "사업자 확인",
    "후기 점수",
    "후기 수",
  ]);
}

export function csvRow(supplier: PublicSupplier, termGroups: string[], recordLabels: string[]): string {
  return csvLine([
    supplier.id,
    supplier.name,
    supplier.category,
    supplier.siteUrl,
    supplier.summary,
    supplier.page,
    supplier.registeredOn,
    ...termGroups.flatMap((group) => {
      const term = supplier.terms[group];
      return [term?.value ?? "", term?.source ?? "", term?.checkedOn ?? ""];
    }),
    ...recordLabels.map((label) => supplier.records[label] ?? ""),
    supplier.businessVerified ? "예" : "아니요",
    supplier.reviewScore?.average ?? "",
    supplier.reviewScore?.reviews ?? "",
  ]);
}

/** The JSON file's head, up to the opening of its `suppliers` array; each supplier follows, then `JSON_TAIL`. */
export function jsonHead(meta: { license: string; madeAt: Date; source: string }): string {
  const head = JSON.stringify({ license: meta.license, madeAt: meta.madeAt.toISOString(), source: meta.source });
  return `${head.slice(0, -1)},"suppliers":[\n`;
}

export const JSON_TAIL = "\n]}\n";
