/**
 * Reading a bulk-import file (CSV or JSON) into rows of the admin form's fields. Nothing here touches
 * the database: wholesaler-import.server.ts decides what each row does.
 *
 * Column names are matched against an allowlist only (a Map, so `__proto__`, `constructor` or
 * `prototype` as a column or JSON key is an unknown column like any other), and each row's values live
 * in an object without a prototype.
 */
import { decodeText, EMPTY_FILE_MESSAGE, readCsv } from "#app/lib/csv.ts";
import { TERM_FIELDS } from "../wholesalers/wholesaler-terms.ts";
import { COLUMNS_HELP, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, tooLargeMessage } from "./wholesaler-import-limits.ts";

export { COLUMNS_HELP, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, tooLargeMessage };

export const TEXT_FIELDS = ["name", "category", "siteUrl", "contact", "logoUrl", "summary"] as const;
/** The terms' columns: the admin form's field names (ui-contract "Publication and the import review"). */
export const TERM_IMPORT_FIELDS = TERM_FIELDS;
export const IMPORT_FIELDS = [...TEXT_FIELDS, ...TERM_IMPORT_FIELDS] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type TermImportField = (typeof TERM_IMPORT_FIELDS)[number];

/** Column names accepted for each field (compared lower-cased, without spaces, `_` or `-`). */
const ALIASES = new Map<string, ImportField>([
  ["name", "name"],
  ["이름", "name"],
  ["category", "category"],
  ["카테고리", "category"],
  ["siteurl", "siteUrl"],
  ["website", "siteUrl"],
  ["사이트url", "siteUrl"],
  ["웹사이트", "siteUrl"],
  ["contact", "contact"],
  ["연락처", "contact"],
  ["logourl", "logoUrl"],
  ["image", "logoUrl"],
  ["로고url", "logoUrl"],
  ["이미지url", "logoUrl"],
  ["summary", "summary"],
  ["요약", "summary"],
  // The terms: the field name, or the contract's label without spaces.
  ...TERM_IMPORT_FIELDS.map((field) => [field.toLowerCase(), field] as [string, ImportField]),
  ["위탁판매", "dropshipping"],
  ["최소주문수량", "minOrder"],
  ["배송비", "shippingFee"],
  ["무료배송기준금액", "freeShippingOver"],
  ["단순변심반품", "returns"],
  ["상세페이지이미지사용", "imageUse"],
  ["가격정책", "pricePolicy"],
  ["상품연동", "integration"],
  ["사업자등록번호", "businessNumber"],
  ["조건확인일", "termsCheckedAt"],
  ["조건출처", "termsSource"],
]);

export type ImportValues = Partial<Record<ImportField, string>>;

export type ImportRow = {
  /** 1-based position among the file's data rows, as shown in the preview. */
  row: number;
  values: ImportValues;
  /** Set when the row itself cannot be read (e.g. a JSON value that is not text). */
  problem?: string;
};

export type ParsedImport = { ok: true; rows: ImportRow[]; ignoredColumns: string[] } | { ok: false; error: string };

const fail = (error: string): ParsedImport => ({ ok: false, error });
const emptyValues = () => Object.create(null) as ImportValues;

function fieldOf(column: string): ImportField | undefined {
  return ALIASES.get(
    column
      .normalize("NFC")
      .toLowerCase()
      .replace(/[\s_-]+/g, ""),
  );
}

/** The canonical column name wins over its alias (`siteUrl` over `website`) when both are filled. */
function put(values: ImportValues, field: ImportField, column: string, text: string) {
  const canonical = column.replace(/[\s_-]+/g, "").toLowerCase() === field.toLowerCase();
  if (values[field] === undefined || (canonical && text.trim())) values[field] = text;
}

/** Bytes to text (UTF-8 with or without BOM, or EUC-KR); oversized or binary files are refused. */
export function decodeImportBytes(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  if (bytes.byteLength > MAX_IMPORT_BYTES) return { ok: false, error: tooLargeMessage() };
  return decodeText(bytes);
}

/** CSV or tab-separated text (first line = column names) or JSON (an array of objects, or `{ "wholesalers": [...] }`). */
export function parseImportText(text: string, fileName = ""): ParsedImport {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (!trimmed) return fail(EMPTY_FILE_MESSAGE);
  const looksJson = /\.json$/i.test(fileName) || trimmed.startsWith("[") || trimmed.startsWith("{");
  return looksJson ? parseJson(trimmed) : parseCsvText(trimmed);
}

function parseJson(text: string): ParsedImport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail("JSON 형식이 올바르지 않습니다. 파일 내용을 확인해 주세요.");
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === "object" && Object.hasOwn(parsed, "wholesalers")
      ? (parsed as { wholesalers: unknown }).wholesalers
      : null;
  if (!Array.isArray(list)) return fail("JSON 파일은 도매처 목록(객체의 배열)이어야 합니다.");
  if (list.length === 0) return fail("가져올 행이 없습니다.");
  if (list.length > MAX_IMPORT_ROWS) return fail(tooManyRowsMessage());

  const ignored = new Set<string>();
  let sawName = false;
  const rows: ImportRow[] = [];
  for (const [index, item] of list.entries()) {
    if (!item || typeof item !== "object" || Array.isArray(item)) {
      return fail(`${index + 1}번째 항목이 도매처 객체가 아닙니다. JSON 파일은 객체의 배열이어야 합니다.`);
    }
    const row: ImportRow = { row: index + 1, values: emptyValues() };
    for (const [key, value] of Object.entries(item)) {
      const field = fieldOf(key);
      if (!field) {
        if (ignored.size < 20) ignored.add(key.slice(0, 40));
        continue;
      }
      if (field === "name") sawName = true;
      if (value === null || value === undefined) continue;
      // A set of terms (`integration`) may come as a list of texts; a checkbox term as true or false.
      const text =
        Array.isArray(value) && value.every((one) => typeof one === "string")
          ? value.join(",")
          : typeof value === "string" || typeof value === "number" || typeof value === "boolean"
            ? String(value)
            : null;
      if (text === null) {
        row.problem = `${key} 값이 글자가 아닙니다.`;
        continue;
      }
      put(row.values, field, key, text);
    }
    rows.push(row);
  }
  if (!sawName) return fail(wrongColumnsMessage());
  return { ok: true, rows, ignoredColumns: [...ignored] };
}

function parseCsvText(text: string): ParsedImport {
  const table = readCsv(text, { maxRecords: MAX_IMPORT_ROWS });
  if (!table.ok) return fail(table.error);
  const { header, records } = table;
  const fields = header.map((column) => fieldOf(column));
  if (!fields.includes("name")) return fail(wrongColumnsMessage());
  const seen = new Set<string>();
  for (const column of header) {
    const key = column
      .normalize("NFC")
      .toLowerCase()
      .replace(/[\s_-]+/g, "");
    if (key && seen.has(key)) return fail(`CSV 첫 줄에 같은 열 이름(${column.slice(0, 40)})이 두 번 있습니다. 하나만 남겨 주세요.`);
    seen.add(key);
  }
  if (table.truncated) return fail(tooManyRowsMessage());
  if (records.length === 0) return fail("가져올 행이 없습니다.");
  const ignoredColumns = header
    .filter((_, i) => !fields[i])
    .map((column) => column.slice(0, 40))
    .filter(Boolean)
    .slice(0, 20);
  const rows = records.map(({ cells }, index): ImportRow => {
    const values = emptyValues();
    fields.forEach((field, i) => {
      const cell = cells[i];
      if (field && cell !== undefined) put(values, field, header[i] ?? "", cell);
    });
    return { row: index + 1, values };
  });
  return { ok: true, rows, ignoredColumns };
}

function wrongColumnsMessage() {
  return `이름(name) 열을 찾을 수 없습니다. 사용할 수 있는 열: ${COLUMNS_HELP}`;
}

function tooManyRowsMessage() {
  return `한 번에 최대 ${MAX_IMPORT_ROWS.toLocaleString("ko-KR")}행까지 가져올 수 있습니다. 파일을 나누어 가져와 주세요.`;
}
