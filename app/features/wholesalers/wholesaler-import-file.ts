/**
 * Reading a bulk-import file (CSV or JSON) into rows of the admin form's fields. Nothing here touches
 * the database: wholesaler-import.server.ts decides what each row does.
 */

/** Larger uploads are refused before they are read (the legacy export of 232 rows is 30 KB). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

export const IMPORT_FIELDS = ["name", "category", "siteUrl", "contact", "logoUrl", "summary"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Column names accepted for each field (compared lower-cased, without spaces, `_` or `-`). */
const ALIASES: Record<string, ImportField> = {
  name: "name",
  이름: "name",
  category: "category",
  카테고리: "category",
  siteurl: "siteUrl",
  website: "siteUrl",
  사이트url: "siteUrl",
  웹사이트: "siteUrl",
  contact: "contact",
  연락처: "contact",
  logourl: "logoUrl",
  image: "logoUrl",
  로고url: "logoUrl",
  이미지url: "logoUrl",
  summary: "summary",
  요약: "summary",
};

export const COLUMNS_HELP = "name(이름), category(카테고리), siteUrl 또는 website(사이트 URL), contact(연락처), logoUrl 또는 image(로고 URL), summary(요약)";

export type ImportRow = {
  /** 1-based position among the file's data rows, as shown in the preview. */
  row: number;
  values: Partial<Record<ImportField, string>>;
  /** Set when the row itself cannot be read (e.g. a JSON value that is not text). */
  problem?: string;
};

export type ParsedImport = { ok: true; rows: ImportRow[]; ignoredColumns: string[] } | { ok: false; error: string };

const fail = (error: string): ParsedImport => ({ ok: false, error });

function fieldOf(column: string): ImportField | undefined {
  return ALIASES[column.normalize("NFC").toLowerCase().replace(/[\s_-]+/g, "")];
}

/**
 * Bytes to text: UTF-8 (with or without BOM), or the EUC-KR/CP949 that Korean Excel saves CSV in.
 * Binary data (images, archives, random bytes) is refused.
 */
export function decodeImportBytes(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  if (bytes.byteLength === 0) return { ok: false, error: "파일이 비어 있습니다." };
  if (bytes.byteLength > MAX_IMPORT_BYTES) return { ok: false, error: tooLargeMessage() };
  let text: string | undefined;
  for (const encoding of ["utf-8", "euc-kr"]) {
    try {
      text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
      break;
    } catch {
      // try the next encoding
    }
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark binary data
  if (text === undefined || /[\u0000-\u0008\u000e-\u001f]/.test(text)) {
    return { ok: false, error: "CSV 또는 JSON 텍스트 파일이 아닙니다. 파일 형식을 확인해주세요." };
  }
  return { ok: true, text: text.replace(/^\uFEFF/, "") };
}

export function tooLargeMessage() {
  return `파일이 너무 큽니다. ${MAX_IMPORT_BYTES / 1024 / 1024}MB 이하의 파일만 가져올 수 있습니다.`;
}

/** CSV (first line = column names) or JSON (an array of objects, or `{ "wholesalers": [...] }`). */
export function parseImportText(text: string, fileName = ""): ParsedImport {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (!trimmed) return fail("파일이 비어 있습니다.");
  const looksJson = /\.json$/i.test(fileName) || trimmed.startsWith("[") || trimmed.startsWith("{");
  return looksJson ? parseJson(trimmed) : parseCsv(trimmed);
}

function parseJson(text: string): ParsedImport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail("JSON 형식이 올바르지 않습니다. 파일 내용을 확인해주세요.");
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { wholesalers?: unknown } | null)?.wholesalers;
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
    const row: ImportRow = { row: index + 1, values: {} };
    for (const [key, value] of Object.entries(item)) {
      const field = fieldOf(key);
      if (!field) {
        ignored.add(key);
        continue;
      }
      if (field === "name") sawName = true;
      if (value === null || value === undefined) continue;
      if (typeof value !== "string" && typeof value !== "number") {
        row.problem = `${key} 값이 글자가 아닙니다.`;
        continue;
      }
      // siteUrl wins over its alias website when both are filled (and likewise logoUrl over image).
      const text = String(value);
      if (!row.values[field] || (key === field && text.trim())) row.values[field] = text;
    }
    rows.push(row);
  }
  if (!sawName) return fail(wrongColumnsMessage());
  return { ok: true, rows, ignoredColumns: [...ignored] };
}

function parseCsv(text: string): ParsedImport {
  const records = splitCsv(text);
  if (!records) return fail("CSV 형식이 올바르지 않습니다. 닫히지 않은 따옴표가 있습니다.");
  const [header = [], ...data] = records.filter((record) => record.some((cell) => cell.trim() !== ""));
  const fields = header.map((column) => fieldOf(column));
  if (!fields.includes("name")) return fail(wrongColumnsMessage());
  if (data.length === 0) return fail("가져올 행이 없습니다.");
  if (data.length > MAX_IMPORT_ROWS) return fail(tooManyRowsMessage());
  const ignoredColumns = header.filter((_, i) => !fields[i]).map((column) => column.trim()).filter(Boolean);
  const rows = data.map((cells, index): ImportRow => {
    const values: ImportRow["values"] = {};
    fields.forEach((field, i) => {
      const cell = cells[i];
      if (field && cell !== undefined && !values[field]) values[field] = cell;
    });
    return { row: index + 1, values };
  });
  return { ok: true, rows, ignoredColumns };
}

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. Null on an open quote. */
function splitCsv(text: string): string[][] | null {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === ",") {
      record.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
    } else cell += ch;
  }
  if (quoted) return null;
  record.push(cell);
  records.push(record);
  return records;
}

function wrongColumnsMessage() {
  return `이름(name) 열을 찾을 수 없습니다. 사용할 수 있는 열: ${COLUMNS_HELP}`;
}

function tooManyRowsMessage() {
  return `한 번에 최대 ${MAX_IMPORT_ROWS.toLocaleString("ko-KR")}행까지 가져올 수 있습니다. 파일을 나누어 가져와 주세요.`;
}
