import { z } from "zod";

/** Limits shared by the form (maxLength attributes) and the server check. */
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_SUMMARY_MAX = 1000;
export const URL_MAX = 2048;
/** Ten hundred million won: anything above is a typo, not a wholesale price. */
export const PRICE_MAX = 1_000_000_000;

export const PRODUCT_FIELDS = ["name", "imageUrl", "summary", "price", "siteUrl"] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export type ProductFormValues = Record<ProductField, string>;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const PRICE_EXAMPLE = "예: 12000, 12,000원";

/**
 * A price as people type it: "12000", "12,000", "12,000원", " 12 000 " → 12000; empty → null.
 * Full-width digits and commas are folded first (NFKC), so "１２，０００" counts too.
 */
export function parseWon(raw: string): Parsed<number | null> {
  const compact = raw.normalize("NFKC").replace(/\s+/g, "");
  if (!compact) return { ok: true, value: null };
  const body = compact.endsWith("원") ? compact.slice(0, -1) : compact;
  if (/^-[\d,.]+$/.test(body)) return { ok: false, error: "가격은 0원 이상이어야 합니다." };
  if (/^[\d,]*\d\.\d+$/.test(body)) return { ok: false, error: "가격은 소수점 없이 원 단위로 입력해주세요." };
  if (!/^\d+$/.test(body) && !/^\d{1,3}(,\d{3})+$/.test(body)) {
    return { ok: false, error: `가격은 숫자로 입력해주세요. (${PRICE_EXAMPLE})` };
  }
  const value = Number(body.replaceAll(",", ""));
  if (!Number.isSafeInteger(value) || value > PRICE_MAX) return { ok: false, error: "가격은 10억 원 이하로 입력해주세요." };
  return { ok: true, value };
}

/**
 * A user-entered address is kept only when it parses on its own as http(s) with a host:
 * javascript:, data:, vbscript:, relative and protocol-relative values are refused (security-checklist 30).
 */
export function parseHttpUrl(raw: string, label: string): Parsed<string> {
  const trimmed = raw.trim();
  if (!trimmed) return { ok: true, value: "" };
  if (trimmed.length > URL_MAX) return { ok: false, error: `${label}이 너무 깁니다. (${URL_MAX.toLocaleString("ko-KR")}자 이하)` };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, error: `${label}은 http:// 또는 https://로 시작하는 주소여야 합니다.` };
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) {
    return { ok: false, error: `${label}은 http:// 또는 https://로 시작하는 주소여야 합니다.` };
  }
  return { ok: true, value: url.href };
}

/**
 * PostgreSQL text cannot hold NUL, and other control characters have no business in a name: they
 * become spaces (a summary keeps its line breaks and tabs).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
export const singleLine = () => z.string().transform((value) => value.replace(CONTROL, " ").trim());
export const multiLine = () => z.string().transform((value) => value.replace(CONTROL_EXCEPT_LINES, "").trim());

/** Search text as typed, without control characters (PostgreSQL rejects a NUL inside a parameter). */
export function cleanSearchText(raw: string | null | undefined) {
  return (raw ?? "").replace(CONTROL, " ");
}

/** zod refinement around one of the parsers above, so one schema carries every rule. */
function parsed<T>(parse: (raw: string) => Parsed<T>) {
  return z.string().transform((raw, ctx) => {
    const result = parse(raw);
    if (result.ok) return result.value;
    ctx.addIssue({ code: "custom", message: result.error });
    return z.NEVER;
  });
}

export const httpUrlField = (label: string) => parsed((raw) => parseHttpUrl(raw, label));

/** The product form of /add, /edit/{id} and /admin/add-product. Only these fields are ever written. */
export const productSchema = z.object({
  name: singleLine().pipe(
    z.string().min(1, "상품명을 입력해주세요.").max(PRODUCT_NAME_MAX, `상품명은 ${PRODUCT_NAME_MAX}자 이하로 입력해주세요.`),
  ),
  imageUrl: httpUrlField("이미지 URL"),
  summary: multiLine().pipe(z.string().max(PRODUCT_SUMMARY_MAX, `요약은 ${PRODUCT_SUMMARY_MAX.toLocaleString("ko-KR")}자 이하로 입력해주세요.`)),
  price: parsed(parseWon),
  siteUrl: httpUrlField("상품 페이지 URL"),
});

export type ProductInput = z.output<typeof productSchema>;

/** The form's text fields from a submitted form (a missing or file field counts as empty). */
export function productFormValues(form: FormData): ProductFormValues {
  const text = (name: ProductField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { name: text("name"), imageUrl: text("imageUrl"), summary: text("summary"), price: text("price"), siteUrl: text("siteUrl") };
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message per field, and the first message overall (the one the toast/alert shows). */
export function fieldErrorsOf<F extends string>(error: z.ZodError): { fieldErrors: FieldErrors<F>; first: string } {
  const fieldErrors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as F | undefined;
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return { fieldErrors, first: error.issues[0]?.message ?? "입력한 내용을 확인해주세요." };
}

/** Ids in URLs and forms: a positive 32-bit integer written plainly, anything else is "not found". */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** ?page= as a page number from 1; anything odd (0, -1, "abc", huge) falls back to a sane value. */
export function parsePage(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
