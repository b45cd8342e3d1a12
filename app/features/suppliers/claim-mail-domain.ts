import { parse } from "tldts";
import {
  PATH_ACCOUNT_HOSTS,
  PATH_SHOP_HOSTS,
  SHOP_PLATFORM_SUFFIXES,
  THIRD_PARTY_HOSTS,
} from "#app/features/supplier-import/address-kinds.ts";

/**
 * Where a claim by mail goes (ui-contract.md "Every supplier can prove it runs its listing", docs/decisions/0052):
 * an address at the listing's own registrable domain (`shop.example.co.kr` → `@example.co.kr`), built here from the
 * listing's site address and never from the form. Not offered for a site on a shared host (the import's lists: a
 * 스마트스토어, a 카페24 or 아임웹 subdomain, an open market, a blog or another platform's account page), where
 * the domain's mail belongs to the platform, nor for an address that is an IP or has no registrable domain.
 */

export type MailDomain = { ok: true; domain: string } | { ok: false; why: "shared" | "no-domain" };

/** Every host of the import's lists whose mail is a platform's, as registrable domains (`smartstore.naver.com` → `naver.com`). */
const PLATFORM_DOMAINS = new Set(
  [...PATH_SHOP_HOSTS, ...PATH_ACCOUNT_HOSTS, ...SHOP_PLATFORM_SUFFIXES, ...THIRD_PARTY_HOSTS.marketplace, ...THIRD_PARTY_HOSTS.social].map(
    (host) => parse(host, { allowPrivateDomains: false }).domain ?? host,
  ),
);

/** The registrable domain a listing's claim mail may go to, or why there is none. */
export function mailDomainOf(siteUrl: string): MailDomain {
  let host: string;
  try {
    const url = new URL(siteUrl.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, why: "no-domain" };
    host = url.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return { ok: false, why: "no-domain" };
  }
  const parsed = parse(host, { allowPrivateDomains: false });
  if (parsed.isIp || !parsed.domain || !parsed.isIcann) return { ok: false, why: "no-domain" };
  if (PLATFORM_DOMAINS.has(parsed.domain)) return { ok: false, why: "shared" };
  return { ok: true, domain: parsed.domain };
}
