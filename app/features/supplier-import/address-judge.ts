import { parse } from "tldts";
import { withHttps } from "#app/lib/safe-url.ts";
import {
  DEEP_LABELS,
  DEEP_PAGE_PATTERNS,
  type DeepKind,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_PATHS,
  HOME_COUNTRY_TLDS,
  HOME_PATH,
  IGNORED_QUERY_PARAMS,
  INSTITUTION_SUFFIXES,
  KIND_LABELS,
  NEWS_PATHS,
  PATH_ACCOUNT_HOSTS,
  PATH_SHOP_HOSTS,
  POST_PATHS,
  SHOP_PLATFORM_SUFFIXES,
  THIRD_PARTY_HOSTS,
  type ThirdPartyKind,
  TITLE_MARKERS,
  WIKI_PATHS,
} from "./address-kinds.ts";

/**
 * What a supplier's address is (docs/spec/decisions.md 22): the supplier's own front page (`home`, the only kind
 * an import publishes), a deeper page of its own site (`deep`: privacy, login, sign-up, a board post, a
 * product), or a page somewhere else (`elsewhere`: a job board, a company database, an encyclopaedia, a
 * news site, a blog or social platform, a marketplace, a brand that is not a wholesaler, a public body,
 * a document, a foreign site). The host lists are data in address-kinds.ts.
 */
export type AddressVerdict = "home" | "deep" | "elsewhere" | "missing" | "invalid";
export type ElsewhereKind = ThirdPartyKind | "document" | "foreign" | "moved" | "gone" | "parked";

export type AddressJudgement = {
  verdict: AddressVerdict;
  /** `home`, the kind of deep page, or the kind of other site. */
  kind: "home" | DeepKind | ElsewhereKind | "missing" | "invalid";
  /** The normalised address (`https://` added when the scheme was missing); "" when missing or invalid. */
  url: string;
  /** Lower-case host without `www.`. */
  host: string;
  /**
   * The supplier this address identifies when it is on the supplier's own site: the registrable domain
   * (`www.dometopia.com` and `m.dometopia.com` are one site), one shop on a shop platform
   * (`grwswolesale.cafe24.com`, `smartstore.naver.com/tjdome`). "" for pages elsewhere, except a
   * document on the supplier's own domain.
   */
  siteKey: string;
  /** The page itself (host, path and meaningful query), for telling pages elsewhere apart. */
  pageKey: string;
  /** The front page of the same site, for a deep page. */
  homeUrl: string;
  /** What the address is, in Korean, for the preview and /admin/review ("" for a front page). */
  label: string;
};

/**
 * What a site check (#9) recorded when it fetched the address: the page's title and the address it
 * ended on after redirects. Either may be missing.
 */
export type SiteCheck = { title?: string | null; finalUrl?: string | null };

const lower = (list: readonly string[]) => list.map((h) => h.toLowerCase());
const HOSTS = Object.entries(THIRD_PARTY_HOSTS).flatMap(([kind, hosts]) =>
  lower(hosts).map((host) => ({ host, kind: kind as ThirdPartyKind })),
);

function coveredBy(host: string, listed: string) {
  return host === listed || host.endsWith(`.${listed}`);
}

/** The most specific listed host covering `host` (`blog.daum.net` before `daum.net`). */
function listedKind(host: string): { kind: ThirdPartyKind; listed: string } | null {
  let best: { kind: ThirdPartyKind; listed: string } | null = null;
  for (const { host: listed, kind } of HOSTS) {
    if (coveredBy(host, listed) && (!best || listed.length > best.listed.length)) best = { kind, listed };
  }
  return best;
}

function parseAddress(raw: string): URL | null {
  const value = withHttps(raw);
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname || url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

const hostOf = (url: URL) =>
  url.hostname
    .toLowerCase()
    .replace(/^www\./, "")
    .replace(/\.$/, "");

/** The query without campaign tags, sorted, so `?utm_source=x` is the same page as none. */
function meaningfulQuery(url: URL) {
  const kept = [...url.searchParams.entries()].filter(([key]) => !IGNORED_QUERY_PARAMS.test(key));
  kept.sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(kept).toString();
}

function pageKeyOf(url: URL) {
  const path = url.pathname.replace(/\/+$/, "").replace(HOME_PATH, "") || "";
  const query = meaningfulQuery(url);
  return `${hostOf(url)}${path}${query ? `?${query}` : ""}`;
}

function firstSegment(url: URL) {
  return decodeURIComponent(url.pathname.split("/").filter(Boolean)[0] ?? "").toLowerCase();
}

/** The identity of the supplier's own site, see AddressJudgement.siteKey. */
function siteKeyOf(url: URL): string {
  const host = hostOf(url);
  const bare = host.replace(/^m\./, "");
  if ((PATH_SHOP_HOSTS as readonly string[]).includes(host) || (PATH_ACCOUNT_HOSTS as readonly string[]).includes(host)) {
    const segment = firstSegment(url);
    return segment ? `${bare}/${segment}` : bare;
  }
  if (SHOP_PLATFORM_SUFFIXES.some((suffix) => coveredBy(host, suffix) && host !== suffix)) return host;
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp || !parsed.domain) return host;
  return parsed.domain;
}

function documentPage(url: URL) {
  const last = url.pathname.split("/").pop() ?? "";
  const extension = last.includes(".") ? (last.split(".").pop() ?? "").toLowerCase() : "";
  if ((DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) return true;
  const pathAndQuery = `${url.pathname}${url.search}`;
  return DOCUMENT_PATHS.some((pattern) => pattern.test(pathAndQuery));
}

function deepKindOf(url: URL): DeepKind {
  let text = `${url.pathname}?${url.search}`.toLowerCase();
  try {
    text = decodeURIComponent(text);
  } catch {
    // a malformed escape: match the raw text
  }
  return DEEP_PAGE_PATTERNS.find(({ pattern }) => pattern.test(text))?.kind ?? "other";
}

function isForeign(host: string) {
  const tld = host.split(".").pop() ?? "";
  return /^[a-z]{2}$/.test(tld) && !(HOME_COUNTRY_TLDS as readonly string[]).includes(tld);
}

/** Judges a supplier's address from the address alone; `check` (a recorded site check) may refine it. */
export function judgeAddress(raw: string | null | undefined, check?: SiteCheck | null): AddressJudgement {
  const base = judgeUrl(raw ?? "");
  return check ? refineWithCheck(base, check) : base;
}

function judgeUrl(raw: string): AddressJudgement {
  const empty = { url: "", host: "", siteKey: "", pageKey: "", homeUrl: "" };
  if (!raw.trim()) return { ...empty, verdict: "missing", kind: "missing", label: "사이트 주소 없음" };
  const url = parseAddress(raw);
  if (!url) return { ...empty, verdict: "invalid", kind: "invalid", label: "올바르지 않은 주소" };
  const host = hostOf(url);
  const common = { url: url.href, host, pageKey: pageKeyOf(url), homeUrl: `${url.protocol}//${url.host}/` };
  const elsewhere = (kind: ElsewhereKind): AddressJudgement => ({
    ...common,
    verdict: "elsewhere",
    kind,
    siteKey: "",
    label: `${KIND_LABELS[kind]}(${host})`,
  });

  const listed = listedKind(host);
  const institution = INSTITUTION_SUFFIXES.some((suffix) => coveredBy(host, suffix));
  const siteKey = siteKeyOf(url);
  // A document on the supplier's own site still says which site it is (a known supplier is recognised by it).
  if (documentPage(url)) return { ...elsewhere("document"), siteKey: listed || institution ? "" : siteKey };
  if (listed) return elsewhere(listed.kind);

  const own = (verdict: "home" | "deep", kind: "home" | DeepKind): AddressJudgement => ({
    ...common,
    verdict,
    kind,
    siteKey,
    label: verdict === "home" ? "" : DEEP_LABELS[kind as DeepKind],
  });

  if ((PATH_SHOP_HOSTS as readonly string[]).includes(host)) {
    const segments = url.pathname.split("/").filter(Boolean);
    if (segments.length === 0) return elsewhere("marketplace");
    const shopHome = `${url.protocol}//${url.host}/${segments[0]}`;
    if (segments.length === 1 && !meaningfulQuery(url)) return { ...own("home", "home"), homeUrl: shopHome };
    return { ...own("deep", "product"), homeUrl: shopHome };
  }
  if (institution) return elsewhere("institution");

  const pathAndQuery = `${url.pathname}${url.search}`;
  if (NEWS_PATHS.some((pattern) => pattern.test(pathAndQuery))) return elsewhere("news");
  if (WIKI_PATHS.some((pattern) => pattern.test(url.pathname))) return elsewhere("encyclopedia");
  if (POST_PATHS.some((pattern) => pattern.test(pathAndQuery))) return elsewhere("social");
  if (isForeign(host)) return elsewhere("foreign");

  if (HOME_PATH.test(url.pathname) && !meaningfulQuery(url)) return own("home", "home");
  return own("deep", deepKindOf(url));
}

function refineWithCheck(base: AddressJudgement, check: SiteCheck): AddressJudgement {
  if (base.verdict === "missing" || base.verdict === "invalid") return base;
  if (check.finalUrl && check.finalUrl !== base.url) {
    const final = judgeUrl(check.finalUrl);
    if (final.verdict === "elsewhere" || final.verdict === "deep") {
      return {
        ...base,
        verdict: final.verdict,
        kind: final.kind,
        siteKey: final.verdict === "deep" ? base.siteKey : "",
        label: `연결하면 ${final.label || final.host}(으)로 이동합니다`,
      };
    }
    if (final.verdict === "home" && base.siteKey && final.siteKey !== base.siteKey) {
      return { ...base, verdict: "elsewhere", kind: "moved", siteKey: "", label: `${KIND_LABELS.moved}(${final.host})` };
    }
  }
  const title = (check.title ?? "").trim();
  const marker = title ? TITLE_MARKERS.find(({ pattern }) => pattern.test(title)) : undefined;
  if (!marker || base.verdict === "elsewhere") return base;
  if (marker.kind === "gone" || marker.kind === "parked") {
    return {
      ...base,
      verdict: "elsewhere",
      kind: marker.kind,
      siteKey: "",
      label: `${KIND_LABELS[marker.kind]}(제목: ${title.slice(0, 60)})`,
    };
  }
  return { ...base, verdict: "deep", kind: marker.kind, label: `${DEEP_LABELS[marker.kind]}(제목: ${title.slice(0, 60)})` };
}

/** The sentence the import preview and /admin/review show for an address that is not a front page. */
export function addressProblem(judgement: AddressJudgement): string {
  switch (judgement.verdict) {
    case "home":
      return "";
    case "missing":
      return "사이트 주소가 없습니다.";
    case "invalid":
      return "사이트 주소가 올바르지 않습니다.";
    case "deep":
      return `주소가 사이트 첫 페이지가 아니라 ${judgement.label}입니다. (첫 페이지: ${judgement.homeUrl})`;
    case "elsewhere":
      return `주소가 도매처 자체 사이트가 아니라 ${judgement.label}입니다.`;
  }
}
