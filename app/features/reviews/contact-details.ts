/**
 * Whether a text holds a phone number or an e-mail address (a review names no one, docs/spec/decisions.md 42). The
 * text is read as people write around a filter too: full-width and other compatibility forms folded (NFKC), and the
 * digits of a number may be split by spaces, hyphens, dots, brackets or slashes. Read: Korean mobile and area
 * numbers (010-1234-5678, 02)123-4567, 0505 …), the national numbers of businesses (1588-1234) and +82 forms;
 * addresses with an @ (or a full-width ＠) and a domain. Prices (12,000원), dates (2026-11-28) and order numbers
 * that do not start like a phone number are not numbers of a person.
 */
export function hasContactDetails(text: string): boolean {
  const folded = text.normalize("NFKC");
  if (/[A-Za-z0-9._%+-]+\s*@\s*[A-Za-z0-9-]+(\s*\.\s*[A-Za-z0-9-]+)*\s*\.\s*[A-Za-z]{2,}/.test(folded)) return true;
  const gap = String.raw`[\s\-./()]*`;
  const phone = new RegExp(
    [
      // +82 10-1234-5678, +82-2-123-4567
      String.raw`\+\s*82${gap}\(?0?\)?${gap}\d{1,2}${gap}\d{3,4}${gap}\d{4}`,
      // 010-1234-5678, 02-123-4567, 031 1234 5678, 0505-123-4567, (02)123-4567
      String.raw`\(?0\d{1,3}\)?${gap}\d{3,4}${gap}\d{4}`,
      // 1588-1234, 1644 1234
      String.raw`1[5-9]\d{2}${gap}\d{4}`,
    ]
      .map((pattern) => `(?<![\\d,])${pattern}(?!\\d)`)
      .join("|"),
  );
  return phone.test(folded);
}
