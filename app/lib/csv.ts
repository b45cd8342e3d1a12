import { CsvError, parse } from "csv-parse/sync";

/**
 * Reading an uploaded spreadsheet file, for every importer (wholesalers, external products): bytes to
 * text in the encodings Korean users save files in, then CSV records through one maintained parser
 * (csv-parse) instead of hand-written ones. Comma, tab (text copied out of Excel) and semicolon
 * separated files are recognised from the first line. Cells are text only: `=HYPERLINK(…)` is the
 * characters `=HYPERLINK(…)`, never evaluated; what an importer does with such a cell is its own rule.
 */

export type DecodedText = { ok: true; text: string } | { ok: false; error: string };

export const NOT_TEXT_MESSAGE = "CSV 또는 JSON 텍스트 파일이 아닙니다. 파일 형식을 확인해 주세요.";
export const EMPTY_FILE_MESSAGE = "파일이 비어 있습니다.";

/**
 * UTF-8 (with or without BOM), or the EUC-KR/CP949 that Korean Excel saves CSV in. Binary data
 * (images, archives, random bytes) is refused. The BOM is removed.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.byteLength === 0) return { ok: false, error: EMPTY_FILE_MESSAGE };
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
  if (text === undefined || /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(text)) return { ok: false, error: NOT_TEXT_MESSAGE };
  return { ok: true, text: text.replace(/^\uFEFF/, "") };
}

export type CsvRecord = {
  /** The file line the record starts on (a quoted cell may span lines). */
  line: number;
  cells: string[];
};

export type CsvTable = { ok: true; header: string[]; records: CsvRecord[]; truncated: boolean } | { ok: false; error: string };

type CsvOptions = {
  /** Records after the header kept at most; `truncated` says when the file had more (the rest is not parsed). */
  maxRecords: number;
  /** The longest record in characters; a longer one makes the whole file unreadable. */
  maxRecordChars?: number;
};

/** The separator of the header line: tab, semicolon or comma, whichever occurs most outside quotes. */
export function detectDelimiter(text: string): "," | "\t" | ";" {
  const firstLine = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, "");
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const tabs = count("\t");
  const commas = count(",");
  const semicolons = count(";");
  if (tabs > 0 && tabs >= commas && tabs >= semicolons) return "\t";
  if (semicolons > commas) return ";";
  return ",";
}

/**
 * The first line as column names, then the records (blank lines skipped; rows with fewer or more cells
 * than the header are kept as they are, for the importer to judge). A broken file as a whole (a quote
 * never closed, a record over the size limit) is one Korean message.
 */
export function readCsv(text: string, { maxRecords, maxRecordChars = 64 * 1024 }: CsvOptions): CsvTable {
  const body = text.replace(/^\uFEFF/, "");
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(body, {
      delimiter: detectDelimiter(body),
      // Files edited in several programs mix line endings.
      record_delimiter: ["\r\n", "\n", "\r"],
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: maxRecordChars,
      // The header, the records kept, and one more to know there were more.
      to: maxRecords + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    return { ok: false, error: csvErrorMessage(error, maxRecordChars) };
  }
  const [header, ...rest] = parsed;
  if (!header) return { ok: false, error: EMPTY_FILE_MESSAGE };
  return {
    ok: true,
    header: header.record.map((cell) => cell.trim()),
    // csv-parse counts the line a record ends on; line breaks inside its quoted cells move the start up.
    records: rest.slice(0, maxRecords).map(({ record, info }) => ({
      line: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
      cells: record,
    })),
    truncated: rest.length > maxRecords,
  };
}

function csvErrorMessage(error: unknown, maxRecordChars: number): string {
  const code = error instanceof CsvError ? error.code : "";
  const line = error instanceof CsvError ? Number((error as { lines?: number }).lines) || null : null;
  const at = line ? ` (${line}번째 줄)` : "";
  switch (code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `CSV 형식이 올바르지 않습니다. 닫히지 않은 따옴표(")가 있습니다.${at}`;
    case "CSV_MAX_RECORD_SIZE":
      return `한 행이 너무 깁니다${at}. 한 행은 ${maxRecordChars.toLocaleString("ko-KR")}자까지 읽을 수 있습니다.`;
    default:
      return `CSV 파일을 읽을 수 없습니다${at}. 파일 형식을 확인해 주세요.`;
  }
}
