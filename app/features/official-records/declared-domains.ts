import { PATH_ACCOUNT_HOSTS, PATH_SHOP_HOSTS } from "#app/features/supplier-import/address-kinds.ts";

/**
 * `신고 도메인` (ui-contract.md "Official records"): whether one of the internet domains a business declared for
 * 통신판매 is the supplier's site. Hosts are compared ignoring the scheme, the port, a leading `www.` and letter
 * case; on a shared host where each shop is a path (`smartstore.naver.com/<shop>`, the import's lists) the first
 * path segment must match too. The registry writes domains loosely (`www.a.co.kr`, `http:/www.a.co.kr`,
 * `HTTPS://A.CO.KR/`), so each is read as an address after fixing its scheme.
 */

const SHARED_HOSTS = new Set<string>([...PATH_SHOP_HOSTS, ...PATH_ACCOUNT_HOSTS].map((host) => host.replace(/^www\./, "")));

export type SiteKey = { host: string; path: string };

/** The host (lower case, no `www.`, no port) and, on a shared host, the first path segment; null when unreadable. */
export function siteKeyOf(address: string): SiteKey | null {
  const trimmed = address.trim();
  if (!trimmed) return null;
  // `http:/www.a.co.kr` (one slash) is how the registry writes some; `a.co.kr:8080` has a port, not a scheme.
  const withScheme = /^https?:\/*/i.test(trimmed)
    ? trimmed.replace(/^(https?):\/*/i, "$1://")
    : /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
      ? trimmed
      : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
  if (!host.includes(".")) return null;
  const segment = SHARED_HOSTS.has(host) ? (url.pathname.split("/").find(Boolean) ?? "").toLowerCase() : "";
  return { host, path: segment };
}

/**
 * Whether a declared domain is the site: true or false (none declared is false), or null when the supplier has
 * no readable site address. A shared host declared without a shop path never matches one shop.
 */
export function domainMatches(declared: readonly string[], siteUrl: string): boolean | null {
  const site = siteKeyOf(siteUrl);
  if (!site) return null;
  const keys = declared.map(siteKeyOf).filter((key): key is SiteKey => key !== null);
  return keys.some((key) => key.host === site.host && (!SHARED_HOSTS.has(site.host) || (key.path !== "" && key.path === site.path)));
}
