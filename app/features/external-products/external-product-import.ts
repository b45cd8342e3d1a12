import { decodeText, readCsv } from "#app/lib/csv.ts";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "./external-product-import-limits.ts";
import { type ExternalProductInput, externalProductSchema } from "./external-product-schema.ts";

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS };

const COLUMNS = ["title", "productUrl", "imageUrl", "price"] as const;
type Column = (typeof COLUMNS)[number];

export type ImportRow = ExternalProductInput & { position: string };
export type RefusedRow = { position: string; title: string; reason: string };
export type ImportParse = { ok: true; rows: ImportRow[]; refused: RefusedRow[] } | { ok: false; error: string };

const COLUMN_HELP = "title, productUrl, imageUrl, price";

/** Bytes of an uploaded file as text: UTF-8 (with or without BOM), or EUC-KR as Korean Excel saves CSV. Null for binary data. */
export function decodeImportFile(bytes: Uint8Array): string | null {
  const decoded = decodeText(bytes);
  if (decoded.ok) return decoded.text;
  return bytes.byteLength === 0 ? "" : null;
}

/**
 * Reads a JSON array of objects or a CSV with a header line into rows to add and rows refused (with a
 * Korean reason each). A broken file as a whole (not JSON, wrong columns, too many rows) is one error.
 */
export function parseImportFile(fileName: string, text: string): ImportParse {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL byte means a binary file
  if (/\u0000/.test(text)) return { ok: false, error: "텍스트 파일이 아닙니다. JSON 또는 CSV 파일을 선택해 주세요." };
  const lower = fileName.toLowerCase();
  const looksJson = lower.endsWith(".json") || (!lower.endsWith(".csv") && /^\s*[[{]/.test(text));
  const records = looksJson ? jsonRecords(text) : csvRecords(text);
  if ("error" in records) return { ok: false, error: records.error };
  if (records.items.length === 0) return { ok: false, error: "파일에 가져올 상품이 없습니다." };
  if (records.items.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      error: `한 번에 ${IMPORT_MAX_ROWS}개까지 가져올 수 있습니다. (파일에 ${records.items.length.toLocaleString("ko-KR")}개)`,
    };
  }
  return validateRows(records.items);
}

type RawItem = { position: string; values: Partial<Record<Column, string>> | null; reason?: string; title?: string };
type Records = { items: RawItem[] } | { error: string };

function jsonRecords(text: string): Records {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: "JSON 형식이 올바르지 않아 파일을 읽을 수 없습니다." };
  }
  const list = Array.isArray(parsed) ? parsed : null;
  if (!list) return { error: `JSON 파일은 상품 객체의 배열이어야 합니다. 예: [{"title": "...", "productUrl": "https://..."}]` };
  const items: RawItem[] = list.map((entry, i) => {
    const position = `${i + 1}번째 항목`;
    if (!entry || typeof entry !== "object" || Array.isArray(entry))
      return { position, values: null, reason: "상품 정보가 객체({ })가 아닙니다." };
    const values: Partial<Record<Column, string>> = {};
    for (const column of COLUMNS) {
      const value = (entry as Record<string, unknown>)[column];
      if (value === undefined || value === null) continue;
      if (typeof value === "string") values[column] = value;
      else if (typeof value === "number" && Number.isFinite(value)) values[column] = String(value);
      else {
        const title = (entry as Record<string, unknown>).title;
        return { position, values: null, reason: `${column} 값은 글자나 숫자여야 합니다.`, title: typeof title === "string" ? title : "" };
      }
    }
    return { position, values };
  });
  const objects = list.filter((entry) => entry && typeof entry === "object" && !Array.isArray(entry)) as Record<string, unknown>[];
  if (objects.length > 0 && !objects.some((entry) => "title" in entry || "productUrl" in entry)) {
    return { error: `상품 항목에 title, productUrl이 없습니다. 쓸 수 있는 이름: ${COLUMN_HELP}` };
  }
  return { items };
}

function csvRecords(text: string): Records {
  if (!text.trim()) return { items: [] };
  // The file is at most IMPORT_MAX_BYTES, so every record is read and the message can say how many there were.
  const table = readCsv(text, { maxRecords: IMPORT_MAX_BYTES });
  if (!table.ok) return { error: table.error };
  const { header, records: rows } = table;
  const names = header;
  const unknown = names.filter((name) => !(COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return {
      error: `CSV 첫 줄의 열 이름을 확인해 주세요. 쓸 수 있는 열: ${COLUMN_HELP} (알 수 없는 열: ${unknown.slice(0, 5).join(", ")})`,
    };
  }
  if (new Set(names).size !== names.length) return { error: "CSV 첫 줄에 같은 열 이름이 두 번 있습니다." };
  if (!names.includes("title") || !names.includes("productUrl")) return { error: "CSV 첫 줄에 title과 productUrl 열이 있어야 합니다." };
  const items: RawItem[] = rows.map((row) => {
    const position = `${row.line}행`;
    if (row.cells.length !== names.length) {
      const title = row.cells[names.indexOf("title")] ?? "";
      return { position, values: null, reason: `열 개수(${row.cells.length})가 첫 줄(${names.length})과 다릅니다.`, title };
    }
    const values: Partial<Record<Column, string>> = {};
    names.forEach((name, i) => {
      values[name as Column] = row.cells[i] ?? "";
    });
    return { position, values };
  });
  return { items };
}

function validateRows(items: RawItem[]): ImportParse {
  const rows: ImportRow[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const title = (item.values?.title ?? item.title ?? "").trim();
    if (!item.values) {
      refused.push({ position: item.position, title, reason: item.reason ?? "읽을 수 없는 항목입니다." });
      continue;
    }
    const parsed = externalProductSchema.safeParse({
      title: item.values.title ?? "",
      productUrl: item.values.productUrl ?? "",
      imageUrl: item.values.imageUrl ?? "",
      price: item.values.price ?? "",
    });
    if (!parsed.success) {
      refused.push({ position: item.position, title, reason: parsed.error.issues[0]?.message ?? "입력값을 확인해 주세요." });
      continue;
    }
    if (seen.has(parsed.data.productUrl)) {
      refused.push({ position: item.position, title, reason: "같은 파일 안에서 상품 URL이 반복됩니다." });
      continue;
    }
    seen.add(parsed.data.productUrl);
    rows.push({ ...parsed.data, position: item.position });
  }
  return { ok: true, rows, refused };
}

/**
 * The preview's rows come back with the confirmation as JSON; they are checked again with the same
 * rules (never trusted because the server sent them). Null when anything is off.
 */
export function parseImportPayload(payload: string): ImportRow[] | null {
  if (payload.length > IMPORT_MAX_BYTES * 2) return null;
  let list: unknown;
  try {
    list = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!Array.isArray(list) || list.length === 0 || list.length > IMPORT_MAX_ROWS) return null;
  const rows: ImportRow[] = [];
  const seen = new Set<string>();
  for (const entry of list) {
    if (!entry || typeof entry !== "object") return null;
    const { position, ...fields } = entry as Record<string, unknown>;
    const parsed = externalProductSchema.safeParse(fields);
    if (!parsed.success || typeof position !== "string" || position.length > 40 || seen.has(parsed.data.productUrl)) return null;
    seen.add(parsed.data.productUrl);
    rows.push({ ...parsed.data, position });
  }
  return rows;
}
