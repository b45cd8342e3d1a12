import { fetchText, type SafeFetchOptions, type TextOutcome } from "#app/platform/outbound/safe-fetch.server.ts";
import { type FtcRecord, type NtsRecord, type RegistryFailure, readFtcAnswer, readNtsAnswer, type Unusable } from "./registry-answers.ts";

/**
 * The two registries over HTTP, through the SSRF-safe fetcher only (spec decision 33), with the wire formats of
 * ui-contract.md "Official records". The service key travels in the query string as the services require;
 * it is never logged, stored or shown: a failure is reported as a cause (`timeout`, `http` with its status,
 * …), never as the URL or the fetcher's error.
 */

export type RegistrySettings = {
  /** DATA_GO_KR_KEY: the "Decoding" key as data.go.kr shows it (an already URL-encoded "Encoding" key works too). */
  key: string;
  /** NTS_API_URL and FTC_API_URL. */
  ntsUrl: string;
  ftcUrl: string;
  /** Per call (default 10 s). */
  timeoutMs?: number;
  /** Test seams: stub DNS. */
  fetch?: Pick<SafeFetchOptions, "resolve" | "connect">;
};

export const REGISTRY_TIMEOUT_MS = 10_000;
/** A 100-number 국세청 answer is about 30 KB, a 공정위 one about 2 KB: anything near this is not an answer. */
export const REGISTRY_MAX_BYTES = 512 * 1024;
export const NTS_BATCH = 100;
const USER_AGENT = "DomaeDirectory-OfficialRecords/1.0";

export type Failed = Unusable & { status?: number };

/** `?serviceKey=` as the services want it: the key encoded once (a key that is already encoded is kept as is). */
function keyParam(key: string) {
  return /%[0-9A-Fa-f]{2}/.test(key) ? key : encodeURIComponent(key);
}

const base = (url: string) => url.replace(/\/+$/, "");

function failureOf(outcome: Extract<TextOutcome, { ok: false }>): Failed {
  const byKind: Partial<Record<string, RegistryFailure>> = { timeout: "timeout", refused: "refused", "too-large": "too-large" };
  return { ok: false, cause: byKind[outcome.kind] ?? "network", detail: outcome.kind, status: outcome.status };
}

/** An HTTP answer that is not a success: the daily quota (429 or the services' words for it) or an error status. */
function statusFailure(outcome: Extract<TextOutcome, { ok: true }>, rateLimited: (text: string) => boolean): Failed | null {
  if (outcome.status === 429 || rateLimited(outcome.text)) return { ok: false, cause: "rate-limited", status: outcome.status };
  if (outcome.status < 200 || outcome.status > 299)
    return { ok: false, cause: "http", detail: String(outcome.status), status: outcome.status };
  return null;
}

const quotaWords = (text: string) => /LIMITED_NUMBER_OF_SERVICE_REQUESTS|EXCEEDS_ERROR/i.test(text.slice(0, 4096));

/** 국세청 상태조회 for up to 100 numbers in one call: `POST {NTS_API_URL}/status?serviceKey=…`, body `{"b_no": […]}`. */
export async function askNts(
  numbers: readonly string[],
  settings: RegistrySettings,
  signal?: AbortSignal,
): Promise<{ ok: true; records: Map<string, NtsRecord> } | Failed> {
  if (numbers.length === 0 || numbers.length > NTS_BATCH) throw new Error(`askNts takes 1–${NTS_BATCH} numbers`);
  const answer = await callRegistry(
    `${base(settings.ntsUrl)}/status?serviceKey=${keyParam(settings.key)}`,
    { method: "POST", json: { b_no: numbers } },
    settings,
    signal,
  );
  return "text" in answer ? readNtsAnswer(answer.text, numbers) : answer;
}

/** 공정위 통신판매사업자 등록현황 for one number: `GET {FTC_API_URL}/getMllBsBiznoInfo_2?serviceKey=…&brno=…`. */
export async function askFtc(
  number: string,
  settings: RegistrySettings,
  signal?: AbortSignal,
): Promise<{ ok: true; record: FtcRecord } | Failed> {
  const query = `serviceKey=${keyParam(settings.key)}&pageNo=1&numOfRows=10&resultType=json&brno=${encodeURIComponent(number)}`;
  const answer = await callRegistry(`${base(settings.ftcUrl)}/getMllBsBiznoInfo_2?${query}`, { method: "GET" }, settings, signal);
  return "text" in answer ? readFtcAnswer(answer.text, number) : answer;
}

/** One call to a registry through the SSRF-safe fetcher, bounded in size and time: its text, or why it failed. */
async function callRegistry(
  url: string,
  request: { method: "GET" } | { method: "POST"; json: unknown },
  settings: RegistrySettings,
  signal: AbortSignal | undefined,
): Promise<{ text: string } | Failed> {
  const outcome = await fetchText(url, {
    ...request,
    maxBytes: REGISTRY_MAX_BYTES,
    timeoutMs: settings.timeoutMs ?? REGISTRY_TIMEOUT_MS,
    userAgent: USER_AGENT,
    signal,
    ...settings.fetch,
  });
  if (!outcome.ok) return failureOf(outcome);
  return statusFailure(outcome, quotaWords) ?? { text: outcome.text };
}
