export type CsvRecord = { line: number; cells: string[] };

/**
 * RFC 4180 CSV (quoted cells, "" for a quote, commas and line breaks inside quotes, CRLF or LF).
 * Returns the records with the line each starts on, or null when a quote is never closed.
 * Blank lines are skipped.
 */
export function parseCsv(text: string): CsvRecord[] | null {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let touched = false;

  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell !== "") records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
    touched = false;
  };

  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (ch === "\n") line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === "") {
      quoted = true;
      touched = true;
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
      touched = true;
    } else if (ch === "\r" && text[i + 1] === "\n") {
      // The \n that follows ends the record.
    } else if (ch === "\n" || ch === "\r") {
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += ch;
    }
  }
  if (quoted) return null;
  if (cell !== "" || cells.length > 0 || touched) endRecord();
  return records;
}
