import { z } from "zod";
import { parseBusinessNumber } from "./business-number.ts";
import { stripControl } from "./control-characters.ts";
import { seoulDay } from "./format.ts";
import { safeHttpUrl, withHttps } from "./safe-url.ts";

/**
 * The field pieces every form schema is built from, so a rule is written once: single-line and
 * multi-line text, http(s) addresses, won amounts and whole numbers, and the id and page parameters
 * of URLs. Each piece records its hints (required, maxLength, inputMode) for the page
 * (lib/form-kit.ts `inputHints`).
 */

export const URL_MAX = 2048;
/** Ten hundred million won: anything above is a typo, not a wholesale price. */
export const WON_MAX = 1_000_000_000;

/** Form values arrive as strings, or null/undefined when the field is missing: both read as text. */
const asText = (value: unknown) => (value === null || value === undefined ? "" : value);

type TextOptions = { max: number; tooLong: string; required?: string };

/** One line of text: control characters become spaces, trimmed, bounded. */
export function singleLine({ max, tooLong, required }: TextOptions) {
  const checked = required ? z.string().min(1, required).max(max, tooLong) : z.string().max(max, tooLong);
  const base = z
    .string({ error: "값의 형식이 올바르지 않습니다." })
    .transform((value) => stripControl(value).trim())
    .pipe(checked);
  return z.preprocess(asText, base).meta({ hints: { required: Boolean(required), maxLength: max } });
}

/** Several lines of text (a summary, a report): line breaks kept, other control characters dropped. */
export function multiLine({ max, tooLong, required }: TextOptions) {
  const checked = required ? z.string().min(1, required).max(max, tooLong) : z.string().max(max, tooLong);
  const base = z
    .string({ error: "값의 형식이 올바르지 않습니다." })
    .transform((value) => stripControl(value, { keepLines: true }).trim())
    .pipe(checked);
  return z.preprocess(asText, base).meta({ hints: { required: Boolean(required), maxLength: max } });
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** zod around one of the parsers below, so a schema carries every rule and its Korean message. */
function parsedField<T>(parse: (raw: string) => Parsed<T>) {
  return z.preprocess(
    asText,
    z.string({ error: "값의 형식이 올바르지 않습니다." }).transform((raw, ctx) => {
      const result = parse(raw);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }),
  );
}

/** `이미지 URL` → `이미지 URL은`, `상품 페이지 URL` → `상품 페이지 URL은`; Hangul endings pick 은/는 and 이/가. */
function topic(label: string) {
  const last = label.at(-1) ?? "";
  const code = last.charCodeAt(0) - 0xac00;
  const batchim = code >= 0 && code <= 11171 ? code % 28 !== 0 : /[A-Za-z0-9]$/.test(label) ? /[LMNRlmnr013678]$/.test(label) : false;
  return { eun: `${label}${batchim ? "은" : "는"}`, i: `${label}${batchim ? "이" : "가"}` };
}

/**
 * A user-entered address, kept only when it parses as http(s) with a host: javascript:, data:,
 * vbscript:, relative and protocol-relative values are refused (security-checklist 30). With
 * `addMissingScheme`, `example.com` is read as `https://example.com` (the supplier forms accept that).
 */
export function parseHttpUrl(raw: string, label: string, { addMissingScheme = false } = {}): Parsed<string> {
  const trimmed = raw.trim();
  if (!trimmed) return { ok: true, value: "" };
  const words = topic(label);
  if (trimmed.length > URL_MAX) return { ok: false, error: `${words.i} 너무 깁니다. (${URL_MAX.toLocaleString("ko-KR")}자 이하)` };
  const candidate = addMissingScheme ? withHttps(trimmed) : trimmed;
  const safe = safeHttpUrl(candidate);
  let host = "";
  try {
    host = new URL(candidate).hostname;
  } catch {
    // not a URL at all
  }
  if (!safe || !host || !/^https?:\/\//i.test(candidate))
    return { ok: false, error: `${words.eun} http:// 또는 https://로 시작하는 주소여야 합니다.` };
  if (safe.length > URL_MAX) return { ok: false, error: `${words.i} 너무 깁니다. (${URL_MAX.toLocaleString("ko-KR")}자 이하)` };
  return { ok: true, value: safe };
}

/** An http(s) address field; "" when left empty unless `required` gives the message for that. */
export function httpUrl(label: string, { required, addMissingScheme = false }: { required?: string; addMissingScheme?: boolean } = {}) {
  const field = parsedField((raw) => {
    if (required && !raw.trim()) return { ok: false, error: required };
    return parseHttpUrl(raw, label, { addMissingScheme });
  });
  return field.meta({ hints: { required: Boolean(required), maxLength: URL_MAX, inputMode: "url" } });
}

/**
 * An amount in won as people type it: "12000", "12,000", "12,000원", " 12 000 " → 12000; empty → null.
 * Full-width digits and commas are folded first (NFKC), so "１２，０００" counts too.
 */
export function parseWon(raw: string, label = "가격", max = WON_MAX): Parsed<number | null> {
  const compact = raw.normalize("NFKC").replace(/\s+/g, "");
  if (!compact) return { ok: true, value: null };
  const words = topic(label);
  const body = compact.endsWith("원") ? compact.slice(0, -1) : compact;
  if (/^-[\d,.]+$/.test(body)) return { ok: false, error: `${words.eun} 0원 이상이어야 합니다.` };
  if (/^[\d,]*\d\.\d+$/.test(body)) return { ok: false, error: `${words.eun} 소수점 없이 원 단위로 입력해 주세요.` };
  if (!/^\d+$/.test(body) && !/^\d{1,3}(,\d{3})+$/.test(body)) {
    return { ok: false, error: `${words.eun} 숫자로 입력해 주세요. (예: 12000, 12,000원)` };
  }
  const value = Number(body.replaceAll(",", ""));
  if (!Number.isSafeInteger(value) || value > max) return { ok: false, error: `${words.eun} ${wonLimitText(max)} 이하로 입력해 주세요.` };
  return { ok: true, value };
}

function wonLimitText(max: number) {
  return max >= 100_000_000 && max % 100_000_000 === 0
    ? `${(max / 100_000_000).toLocaleString("ko-KR")}억 원`
    : `${max.toLocaleString("ko-KR")}원`;
}

/** A won amount field: whole won ≥ 0, or null when empty (`required` makes empty an error). */
export function wonAmount(label: string, { required, max = WON_MAX }: { required?: string; max?: number } = {}) {
  return parsedField((raw) => {
    const parsed = parseWon(raw, label, max);
    if (parsed.ok && parsed.value === null && required) return { ok: false, error: required };
    return parsed;
  }).meta({ hints: { required: Boolean(required), inputMode: "numeric" } });
}

/** A whole number such as a minimum order (digits, thousands separators allowed), or null when empty. */
export function wholeNumber(
  label: string,
  { min = 0, max = 1_000_000_000, required }: { min?: number; max?: number; required?: string } = {},
) {
  const words = topic(label);
  return parsedField((raw) => {
    const compact = raw.normalize("NFKC").replace(/[\s,]+/g, "");
    if (!compact) return required ? { ok: false, error: required } : { ok: true, value: null };
    if (!/^-?\d+$/.test(compact)) return { ok: false, error: `${words.eun} 숫자로 입력해 주세요.` };
    const value = Number(compact);
    if (!Number.isSafeInteger(value) || value < min)
      return { ok: false, error: `${words.eun} ${min.toLocaleString("ko-KR")} 이상이어야 합니다.` };
    if (value > max) return { ok: false, error: `${words.eun} ${max.toLocaleString("ko-KR")} 이하로 입력해 주세요.` };
    return { ok: true, value };
  }).meta({ hints: { required: Boolean(required), inputMode: "numeric" } });
}

/** The Korean object particle for a label: `위탁 판매` → `위탁 판매를`, `상품 연동` → `상품 연동을`. */
function objectParticle(label: string) {
  const code = (label.at(-1) ?? "").charCodeAt(0) - 0xac00;
  return `${label}${code >= 0 && code <= 11171 && code % 28 !== 0 ? "을" : "를"}`;
}

/**
 * One of a fixed set of values (a select or radio group). `unknown` and empty read as null (the value
 * is not known); anything else outside the set, as a hand-made POST could send, is refused in Korean.
 */
export function choice<const T extends string>(values: readonly T[], label: string) {
  return parsedField<T | null>((raw) => {
    const value = raw.trim();
    if (value === "" || value === "unknown") return { ok: true, value: null };
    if ((values as readonly string[]).includes(value)) return { ok: true, value: value as T };
    return { ok: false, error: `${objectParticle(label)} 목록에 있는 값으로 골라 주세요.` };
  });
}

/**
 * A set of fixed values sent as repeated fields (checkboxes sharing a name), or as one comma-separated
 * text (an import cell). Duplicates are dropped and the set is kept in the order of `values`; none
 * (or only `unknown`) reads as null, unknown. A value outside the set is refused in Korean.
 */
export function choiceSet<const T extends string>(values: readonly T[], label: string) {
  const field = z.preprocess(
    (value) => (Array.isArray(value) ? value : asText(value)),
    z.union([z.string(), z.array(z.string())], { error: "값의 형식이 올바르지 않습니다." }).transform((raw, ctx) => {
      const given = (Array.isArray(raw) ? raw : [raw])
        .flatMap((text) => text.split(","))
        .map((text) => text.trim())
        .filter((text) => text && text !== "unknown");
      const unknown = given.find((value) => !(values as readonly string[]).includes(value));
      if (unknown !== undefined) {
        ctx.addIssue({ code: "custom", message: `${objectParticle(label)} 목록에 있는 값으로 골라 주세요.` });
        return z.NEVER;
      }
      const chosen = values.filter((value) => given.includes(value));
      return chosen.length ? chosen : null;
    }),
  );
  return field.meta({ hints: { repeated: true } });
}

/**
 * A calendar day such as an `<input type="date">` sends (`2026-11-22`); `2026.11.22` and
 * `2026. 11. 22.` are read too. Empty → null. A day that does not exist, before 2000 or after today in
 * Korea is refused in Korean.
 */
export function calendarDay(label: string, { required }: { required?: string } = {}) {
  const words = topic(label);
  return parsedField<string | null>((raw) => {
    const text = raw.normalize("NFKC").trim();
    if (!text) return required ? { ok: false, error: required } : { ok: true, value: null };
    const match = /^(\d{4})\s*[-.]\s*(\d{1,2})\s*[-.]\s*(\d{1,2})\.?$/.exec(text);
    const invalid = { ok: false as const, error: `${words.eun} 2026-11-22 형식의 날짜로 입력해 주세요.` };
    if (!match) return invalid;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return invalid;
    const value = `${match[1]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    if (value < "2000-01-01") return { ok: false, error: `${words.eun} 2000년 이후의 날짜로 입력해 주세요.` };
    if (value > seoulDay()) return { ok: false, error: `${words.eun} 오늘 이후의 날짜일 수 없습니다.` };
    return { ok: true, value };
  }).meta({ hints: { required: Boolean(required) } });
}

/** 사업자등록번호 (lib/business-number.ts): the ten digits with a verified check digit, or null when empty. */
export function businessNumber() {
  return parsedField<string | null>(parseBusinessNumber).meta({ hints: { maxLength: 20, inputMode: "numeric" } });
}

/**
 * A checkbox: ticked (`yes`, as the box sends, or `on`, `true`, `1`, and `varies` from an import cell)
 * is true; missing or empty (an unticked box sends nothing), `no`, `false`, `0` is false. Anything else,
 * as a hand-made POST could send, is refused in Korean.
 */
export function checkbox(label: string) {
  return parsedField<boolean>((raw) => {
    const value = raw.trim().toLowerCase();
    if (["yes", "on", "true", "1", "varies"].includes(value)) return { ok: true, value: true };
    if (["", "no", "off", "false", "0"].includes(value)) return { ok: true, value: false };
    return { ok: false, error: `${label}: 체크하거나 비워 두세요.` };
  });
}
