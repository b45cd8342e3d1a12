/**
 * 사업자등록번호: ten digits whose last is a check digit over the first nine (weights 1,3,7,1,3,7,1,3,5;
 * the ninth digit's ×5 also adds its tens). Stored as the ten digits, shown as `123-45-67890`.
 */
const WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5] as const;

export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  let sum = WEIGHTS.reduce((total, weight, i) => total + weight * (d[i] ?? 0), 0);
  sum += Math.floor(((d[8] ?? 0) * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/** `1234567890` → `123-45-67890` */
export function formatBusinessNumber(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

export type ParsedBusinessNumber = { ok: true; value: string | null } | { ok: false; error: string };

/** As people type it: hyphens and spaces optional (`123-45-67890`, `123 45 67890`, full-width digits); empty → null. */
export function parseBusinessNumber(raw: string): ParsedBusinessNumber {
  const compact = raw.normalize("NFKC").replace(/[\s-]+/g, "");
  if (!compact) return { ok: true, value: null };
  if (!/^\d{10}$/.test(compact)) return { ok: false, error: "사업자등록번호는 숫자 10자리로 입력해 주세요. (예: 123-45-67890)" };
  if (!hasValidCheckDigit(compact)) return { ok: false, error: "사업자등록번호가 올바르지 않습니다. 번호를 다시 확인해 주세요." };
  return { ok: true, value: compact };
}
