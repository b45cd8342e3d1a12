import { parseImportText } from "#app/features/supplier-import/wholesaler-import-file.ts";

/** The rows of an import file's text as the admin's upload reads them; a file the upload refuses fails the test. */
export function rowsOf(text: string, fileName = "") {
  const parsed = parseImportText(text, fileName);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rows;
}
