/**
 * Recognises a parked or for-sale domain: the supplier's address still answers, but with a registrar's
 * or a domain marketplace's page instead of a shop. Three signs, each enough on its own:
 *
 * 1. The final address (after redirects) is on a domain marketplace or parking service
 *    (PARKING_SITES: Sedo, Dan.com, Afternic, HugeDomains, Bodis, ParkingCrew, Above, BuyDomains, …,
 *    and GoDaddy's `/forsale/` pages).
 * 2. The page loads a parking service's script or frame (PARKING_SCRIPT_HOSTS: sedoparking.com,
 *    parkingcrew.net, bodis.com, parklogic.com): nobody else serves pages from those.
 * 3. The title or visible text says so (PARKING_PHRASES): "this domain is for sale", "buy this domain",
 *    "is parked free" (GoDaddy's parked page), "도메인 판매", "판매 중인 도메인", "도메인 파킹", "만료된 도메인", ….
 *
 * The phrases are the marketplaces' and registrars' own wording; a wholesale shop's home page does not
 * say its own domain is for sale. Only the first 256 KB of a page are read (site-check.server.ts).
 */

const PARKING_SITES = [
  "sedo.com",
  "sedoparking.com",
  "dan.com",
  "afternic.com",
  "hugedomains.com",
  "bodis.com",
  "parkingcrew.net",
  "above.com",
  "buydomains.com",
  "undeveloped.com",
  "domainmarket.com",
  "squadhelp.com",
  "atom.com",
  "parklogic.com",
  "domainnamesales.com",
  "parkingpage.namecheap.com",
];

const PARKING_SCRIPT_HOSTS = ["sedoparking.com", "parkingcrew.net", "bodis.com", "parklogic.com"];

const PARKING_PHRASES: RegExp[] = [
  /\b(?:this|the) domain(?: name)?(?: [a-z0-9.-]{1,253})? (?:is|may be|might be) for sale\b/,
  /\bdomain (?:name )?for sale\b/,
  // Bounded like DNS labels, so a page of "a.a.a.a…" cannot make the match quadratic.
  /\b[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6} (?:is|may be) for sale\b/,
  /\bbuy this domain\b/,
  /\bmake an offer on this domain\b/,
  /\bthis domain (?:is|has been) parked\b/,
  /\bis parked free\b/,
  /\bthis domain has expired\b/,
  /도메인[을은이]?\s?판매/,
  /판매\s?중인\s?도메인/,
  /도메인[을]?\s?구매하/,
  /도메인\s?파킹|파킹된\s?도메인|주차된\s?도메인/,
  /도메인[이은]?\s?만료|만료된\s?도메인/,
];

function onSite(host: string, site: string) {
  return host === site || host.endsWith(`.${site}`);
}

/** The page's text as a person reads it: no scripts, styles or tags; entities for spaces; lower case. */
export function visibleText(html: string) {
  return (
    html
      .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
      .replace(/<(script|style|noscript|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, " ")
      // [^<>], not [^>]: a page of unclosed "<" must not make this quadratic.
      .replace(/<[^<>]*>/g, " ")
      .replace(/&nbsp;|&#160;/gi, " ")
      .replace(/\s+/g, " ")
      .toLowerCase()
  );
}

/** Which sign marks this page as parked or for sale, or null. */
export function parkedSign(finalUrl: URL, title: string, html: string): string | null {
  const host = finalUrl.hostname.toLowerCase().replace(/\.$/, "");
  const site = PARKING_SITES.find((candidate) => onSite(host, candidate));
  if (site) return `parking site ${site}`;
  if (onSite(host, "godaddy.com") && /^\/(?:forsale|domainsearch)\b/i.test(finalUrl.pathname)) return "parking site godaddy.com";

  const lower = html.toLowerCase();
  for (const scriptHost of PARKING_SCRIPT_HOSTS) {
    if (new RegExp(`(?:src|href)\\s*=\\s*["']?(?:https?:)?//(?:[a-z0-9-]+\\.)*${scriptHost.replaceAll(".", "\\.")}[/"'\\s>]`).test(lower)) {
      return `parking script ${scriptHost}`;
    }
  }

  // Parking pages are short: their words come early. The cap bounds the work on a big shop page.
  const text = `${title.toLowerCase()} ${visibleText(html).slice(0, 50_000)}`;
  const phrase = PARKING_PHRASES.find((pattern) => pattern.test(text));
  return phrase ? `phrase ${phrase.source}` : null;
}
