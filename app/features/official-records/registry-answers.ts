import { z } from "zod";

/**
 * What the two registries answer (ui-contract.md "Official records"), checked with zod before anything is
 * stored, and cut down to the business fields we keep. Without the network: registry-clients.server.ts
 * calls the services and hands their text here.
 *
 * An answer is either usable as a whole or not at all: a body that is not JSON, a missing field, a kept field
 * longer than its bound, an answer about another number than the one asked, or a service's error code keeps the
 * last good answer (the caller records the cause). Extra fields are allowed (the services add fields over time) and never stored: the
 * stored copy keeps only the fields listed here, so nothing about a person (대표자 name, e-mail, phone,
 * address) is kept even when a registry returns it (spec decision 34).
 */

export type NtsState = "active" | "suspended" | "closed" | "unregistered";

/** Why a registry call gave no usable answer (stored in `*_failure`, shown to admins in Korean). */
export type RegistryFailure =
  | "timeout"
  | "network"
  | "refused"
  | "http"
  | "rate-limited"
  | "too-large"
  | "not-json"
  | "unexpected-body"
  | "other-number"
  | "service-error";

export type Unusable = { ok: false; cause: RegistryFailure; detail?: string };

// ---- 국세청 사업자등록 상태조회 ----

const digits10 = z.string().regex(/^\d{10}$/);
const yyyymmdd = z.union([z.literal(""), z.string().regex(/^\d{8}$/)]);
/**
 * A kept field the answer may leave out, as text (a number as its digits) of at most `max` characters: every
 * kept field is bounded as its column is, so a hostile or broken answer cannot make a stored answer large (a
 * 150,000-character `tax_type` was stored whole before); a longer value makes the answer unusable.
 */
const keptText = (max: number) =>
  z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().max(max))
    .nullish();

/** The 국세청 fields kept, each bounded (none of them is about a person); the stored answer has only these. */
const ntsItem = z.looseObject({
  b_no: digits10,
  b_stt: z.string().max(100),
  b_stt_cd: z.enum(["01", "02", "03", ""]),
  tax_type: z.string().max(200),
  tax_type_cd: z.string().max(10).optional().default(""),
  end_dt: yyyymmdd.optional().default(""),
  utcc_yn: keptText(10),
  tax_type_change_dt: keptText(20),
  invoice_apply_dt: keptText(20),
  rbf_tax_type: keptText(200),
  rbf_tax_type_cd: keptText(10),
});
const NTS_KEPT = Object.keys(ntsItem.shape);

const ntsAnswer = z.looseObject({
  status_code: z.literal("OK"),
  data: z.array(ntsItem).max(100),
});

export type NtsRecord = {
  number: string;
  state: NtsState;
  /** The registry's words and codes, as answered. */
  stateName: string;
  stateCode: string;
  taxType: string;
  taxTypeCode: string;
  /** 폐업일 as `YYYY-MM-DD`, or null. */
  closedOn: string | null;
  /** The kept fields of the raw item. */
  answer: Record<string, unknown>;
};

const STATE_OF_CODE: Record<string, NtsState> = { "01": "active", "02": "suspended", "03": "closed" };
const UNREGISTERED_WORDS = "등록되지 않은";

const pick = (item: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((field) => item[field] !== undefined).map((field) => [field, item[field]]));

const dayOf = (compact: string) => (compact ? `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}` : null);

function parseJson(text: string): { ok: true; value: unknown } | Unusable {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, cause: "not-json" };
  }
}

const issuePath = (error: z.ZodError) => error.issues[0]?.path.join(".") || "(root)";

/**
 * A /status answer about `asked` (at most 100 numbers): a record for each asked number it answers. An item
 * for a number that was not asked is left out; when none of the asked numbers is answered the answer is
 * about other numbers and unusable.
 */
export function readNtsAnswer(text: string, asked: readonly string[]): { ok: true; records: Map<string, NtsRecord> } | Unusable {
  const json = parseJson(text);
  if (!json.ok) return json;
  const parsed = ntsAnswer.safeParse(json.value);
  if (!parsed.success) return { ok: false, cause: "unexpected-body", detail: issuePath(parsed.error) };
  const wanted = new Set(asked);
  const records = new Map<string, NtsRecord>();
  for (const item of parsed.data.data) {
    if (!wanted.has(item.b_no)) continue;
    const state = STATE_OF_CODE[item.b_stt_cd] ?? (item.tax_type.includes(UNREGISTERED_WORDS) ? "unregistered" : null);
    if (!state) return { ok: false, cause: "unexpected-body", detail: "b_stt_cd" };
    records.set(item.b_no, {
      number: item.b_no,
      state,
      stateName: item.b_stt,
      stateCode: item.b_stt_cd,
      taxType: item.tax_type,
      taxTypeCode: item.tax_type_cd,
      closedOn: state === "closed" ? dayOf(item.end_dt) : null,
      answer: pick(item, NTS_KEPT),
    });
  }
  if (records.size === 0 && parsed.data.data.length > 0) return { ok: false, cause: "other-number" };
  return { ok: true, records };
}

// ---- 공정거래위원회 통신판매사업자 등록현황 ----

const text = z.union([z.string(), z.number().transform(String)]);

/** The 공정위 fields kept, each bounded: the business, its 신고 and its domains; never rprsvNm, rprsvEmladr, telno, addresses. */
const ftcItem = z.looseObject({
  brno: text.pipe(z.string().regex(/^\d{3}-?\d{2}-?\d{5}$/)),
  bzmnNm: keptText(200),
  prmmiMnno: z.string().trim().min(1).max(60),
  prmmiYr: keptText(10),
  operSttusCdNm: z.string().trim().min(1).max(30),
  domnCn: z.string().max(1000).nullish(),
  dclrDate: keptText(20),
  dclrInstNm: keptText(100),
  ctpvNm: keptText(100),
  corpYnNm: keptText(20),
  bzmnRgsSttusSeNm: keptText(100),
  ntslMthdCn: keptText(200),
  ntslPrdlstCn: keptText(500),
});
const FTC_KEPT = Object.keys(ftcItem.shape);
type FtcItem = z.infer<typeof ftcItem>;

const itemsField = z.union([
  z.array(ftcItem),
  ftcItem.transform((item) => [item]),
  // The services' XML-minded JSON: { item: [...] } or { item: {...} }, and "" for none.
  z.object({ item: z.union([z.array(ftcItem), ftcItem.transform((item) => [item])]) }).transform((wrapped) => wrapped.item),
  z.literal("").transform(() => [] as FtcItem[]),
  z.null().transform(() => [] as FtcItem[]),
]);

const ftcAnswer = z.looseObject({
  resultCode: z.string().optional(),
  resultMsg: z.string().optional(),
  totalCount: z.coerce.number().int().min(0),
  items: itemsField.optional(),
});

export type FtcRecord =
  | { number: string; found: false; answer: Record<string, unknown> }
  | {
      number: string;
      found: true;
      mailOrderNumber: string;
      mailOrderState: string;
      declaredDomains: string[];
      answer: Record<string, unknown>;
    };

/** The words in a data.go.kr answer that mean the key's daily quota is used up. */
export function saysRateLimited(text: string) {
  return /LIMITED_NUMBER_OF_SERVICE_REQUESTS|EXCEEDS_ERROR|<returnReasonCode>\s*22\s*</i.test(text.slice(0, 4096));
}

/** `domnCn` split into its domains: separated by spaces or commas, as written (`http:/www.a.com` included). */
export function splitDomains(domains: string | null | undefined): string[] {
  return [...new Set((domains ?? "").split(/[\s,;]+/).filter(Boolean))].slice(0, 20);
}

/**
 * A getMllBsBiznoInfo_2 answer about `asked`: `found: false` when the registry has no 신고 for it
 * (totalCount 0), else the 신고 of that number (정상영업 first when it has several, then the newest).
 * Items about other numbers only make the answer unusable.
 */
export function readFtcAnswer(text: string, asked: string): { ok: true; record: FtcRecord } | Unusable {
  if (saysRateLimited(text)) return { ok: false, cause: "rate-limited" };
  const json = parseJson(text);
  if (!json.ok) return json;
  const root = json.value as { response?: { header?: unknown; body?: unknown } } | null;
  // Also the services' usual envelope: { response: { header: { resultCode }, body: { totalCount, items } } }.
  const candidate =
    root && typeof root === "object" && root.response && typeof root.response === "object"
      ? { ...(root.response.header as object), ...(root.response.body as object) }
      : root;
  const parsed = ftcAnswer.safeParse(candidate);
  if (!parsed.success) return { ok: false, cause: "unexpected-body", detail: issuePath(parsed.error) };
  const { resultCode, totalCount } = parsed.data;
  if (resultCode !== undefined && resultCode !== "00") {
    return { ok: false, cause: resultCode === "22" ? "rate-limited" : "service-error", detail: resultCode.slice(0, 20) };
  }
  const items = parsed.data.items ?? [];
  if (totalCount === 0 && items.length === 0) return { ok: true, record: { number: asked, found: false, answer: { totalCount: 0 } } };
  const ours = items.filter((item) => item.brno.replace(/-/g, "") === asked);
  if (ours.length === 0) return { ok: false, cause: items.length ? "other-number" : "unexpected-body", detail: "items" };
  const best = [...ours].sort(
    (a, b) =>
      Number(b.operSttusCdNm === "정상영업") - Number(a.operSttusCdNm === "정상영업") ||
      String(b.dclrDate ?? "").localeCompare(String(a.dclrDate ?? "")),
  )[0]!;
  return {
    ok: true,
    record: {
      number: asked,
      found: true,
      mailOrderNumber: best.prmmiMnno,
      mailOrderState: best.operSttusCdNm,
      declaredDomains: splitDomains(best.domnCn),
      answer: pick(best, FTC_KEPT),
    },
  };
}
