import { type PageFacts, readPageFacts } from "#app/features/official-records/page-facts.ts";
import { fetchPage, type PageOutcome, type SafeFetchOptions } from "#app/platform/outbound/safe-fetch.server.ts";
import { parkedSign } from "./parked-page.ts";
import { type CheckOutcome, endsOnAnotherSite } from "./site-status.ts";

/**
 * One visit to a supplier's site through the SSRF-safe fetcher, with the same address rules as the
 * og:image lookup and limits of its own: a plain GET, 10 s for everything (redirects included), the
 * first 512 KB of the page (the 사업자 정보 sits in the footer), five redirects.
 */
export const SITE_CHECK_TIMEOUT_MS = 10_000;
export const SITE_CHECK_MAX_BYTES = 512 * 1024;
export const SITE_CHECK_MAX_REDIRECTS = 5;
const USER_AGENT = "DomaeDirectory-SiteCheck/1.0 (+supplier directory link check)";

export type CheckResult = {
  outcome: CheckOutcome;
  statusCode: number | null;
  finalUrl: string | null;
  /** dns, connect, timeout, tls, refused, redirects, too-large, protocol, network, http, or parked. */
  errorKind: string | null;
  title: string | null;
  /**
   * The 사업자 정보 read from the page (features/official-records/page-facts.ts), or null when nothing was read:
   * only a whole HTML page (not cut at the size cap) that answered 2xx on the supplier's own host counts.
   */
  facts: PageFacts | null;
};

/** Test seams only (stub DNS, a canary network); production passes none. */
export type SiteCheckOptions = Pick<SafeFetchOptions, "resolve" | "connect" | "signal"> & { timeoutMs?: number };

export async function checkSite(siteUrl: string, options: SiteCheckOptions = {}): Promise<CheckResult> {
  const page = await fetchPage(siteUrl, {
    read: "page",
    timeoutMs: options.timeoutMs ?? SITE_CHECK_TIMEOUT_MS,
    maxBytes: SITE_CHECK_MAX_BYTES,
    maxRedirects: SITE_CHECK_MAX_REDIRECTS,
    userAgent: USER_AGENT,
    resolve: options.resolve,
    connect: options.connect,
    signal: options.signal,
  });
  return classifyPage(siteUrl, page);
}

/** What a fetch means for the supplier (the order matters: a redirect to Sedo is parked, not moved). */
export function classifyPage(siteUrl: string, page: PageOutcome): CheckResult {
  if (!page.ok) {
    return { outcome: "failed", statusCode: null, finalUrl: page.url?.href ?? null, errorKind: page.kind, title: null, facts: null };
  }
  const title = pageTitle(page.body);
  const base = { statusCode: page.status, finalUrl: page.url.href, title: title || null, facts: null };
  const answered = page.status >= 200 && page.status <= 299;
  if (parkedSign(page.url, answered ? title : "", answered ? page.body : "")) return { ...base, outcome: "parked", errorKind: "parked" };
  if (!answered) return { ...base, outcome: "failed", errorKind: "http" };
  if (endsOnAnotherSite(siteUrl, page.url)) return { ...base, outcome: "moved", errorKind: null };
  // The 사업자 정보 of another host (a platform the site now redirects to) is not this supplier's.
  const facts = page.complete && page.body && sameHost(siteUrl, page.url) ? readPageFacts(page.body) : null;
  return { ...base, facts, outcome: "ok", errorKind: null };
}

const hostOf = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");

/** The same host, `www.` aside (a redirect from http to https, or to www., stays on it). */
function sameHost(siteUrl: string, finalUrl: URL) {
  try {
    return hostOf(new URL(siteUrl).hostname) === hostOf(finalUrl.hostname);
  } catch {
    return false;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** The page's <title>, found with indexOf (no regular expression to backtrack over hostile pages). */
export function pageTitle(html: string): string {
  const lower = html.toLowerCase();
  const open = lower.indexOf("<title");
  if (open === -1) return "";
  const start = lower.indexOf(">", open);
  const end = lower.indexOf("</title", start);
  if (start === -1 || end === -1) return "";
  return html
    .slice(start + 1, end)
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6}|#39);/gi, (whole, name: string) => {
      const key = name.toLowerCase();
      if (ENTITIES[key]) return ENTITIES[key];
      const code = key.startsWith("#x") ? Number.parseInt(key.slice(2), 16) : key.startsWith("#") ? Number(key.slice(1)) : Number.NaN;
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}
