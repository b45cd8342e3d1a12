import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "#app/lib/env.server.ts";

/**
 * Which addresses the server may fetch on a user's behalf (security-checklist b 5, 6, 9). Everything here
 * classifies the WHATWG-parsed URL or an address returned by DNS, never the raw text a user typed:
 * `new URL()` already turns 017700000001, 0x7f.1, 127.1 and fullwidth digits into 127.0.0.1.
 */

export type UnsafeReason = "invalid-url" | "scheme" | "credentials" | "port" | "host" | "address";

/** A URL refused by policy: the caller answers 400 and nothing is fetched. */
export class UnsafeUrlError extends Error {
  reason: UnsafeReason;

  constructor(reason: UnsafeReason) {
    super(`Refused URL (${reason})`);
    this.name = "UnsafeUrlError";
    this.reason = reason;
  }
}

const MAX_URL_LENGTH = 2048;

/**
 * Hosts the fetcher may reach although they resolve to a private or loopback address
 * (`OUTBOUND_ALLOW_HOSTS`, comma-separated `host:port`, or a bare host for any port): an intranet
 * supplier site, or the stand-in servers of the tests. Nothing else about the rules changes for them.
 */
export function allowedHosts(): Set<string> {
  return new Set(
    env()
      .OUTBOUND_ALLOW_HOSTS.split(",")
      .map((entry) =>
        entry
          .trim()
          .toLowerCase()
          .replace(/^\[([^\]]*)\]/, "$1"),
      )
      .filter(Boolean),
  );
}

/** The URL's host without IPv6 brackets, the way sockets and DNS want it. */
export function bareHost(url: URL) {
  return url.hostname.replace(/^\[|\]$/g, "");
}

export function isAllowListed(url: URL, allowList = allowedHosts()) {
  const host = bareHost(url).toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowList.has(host) || allowList.has(`${host}:${port}`);
}

/**
 * The static checks, before any DNS or socket: http(s) only, default port, no user:password@, and a host
 * that is a public unicast address or an ordinary public-looking name. Returns the parsed URL.
 */
export function checkUrlPolicy(input: string | URL, allowList = allowedHosts()): URL {
  let url: URL;
  if (typeof input === "string") {
    if (input.length > MAX_URL_LENGTH) throw new UnsafeUrlError("invalid-url");
    try {
      url = new URL(input.trim());
    } catch {
      throw new UnsafeUrlError("invalid-url");
    }
  } else {
    url = input;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UnsafeUrlError("scheme");
  if (url.username || url.password) throw new UnsafeUrlError("credentials");
  if (url.href.length > MAX_URL_LENGTH) throw new UnsafeUrlError("invalid-url");

  const listed = isAllowListed(url, allowList);
  // WHATWG drops the scheme's default port, so any port left in the URL is a non-default one.
  if (url.port !== "" && !listed) throw new UnsafeUrlError("port");
  if (listed) return url;

  const host = bareHost(url);
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new UnsafeUrlError("address");
    return url;
  }
  if (!isPublicLookingName(host)) throw new UnsafeUrlError("host");
  return url;
}

function canonicalIPv6(address: string) {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** Names that can only mean this machine or a private network are refused before DNS is asked. */
function isPublicLookingName(host: string) {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (!name.includes(".")) return false; // localhost, intranet names, "metadata", "instance-data"
  return !/(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/.test(name);
}

/**
 * True only for a public unicast address: ipaddr.js range() must be 'unicast', IPv4-mapped IPv6 is judged
 * by its IPv4, NAT64 (64:ff9b::/96) and 6to4 (2002::/16) by the IPv4 inside them, and the deprecated
 * IPv4-compatible ::/96 (which ipaddr.js calls unicast, e.g. ::7f00:1) is always refused.
 */
export function isPublicAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return ipaddr.IPv4.isValidFourPartDecimal(address) && ipaddr.IPv4.parse(address).range() === "unicast";
  if (kind !== 6) return false;

  // ipaddr.js reads "::1.1.1.1" (IPv4-compatible) as if it were "::ffff:1.1.1.1", so the address is first
  // rewritten in WHATWG's all-hex form ("::101:101"); a zone ("%eth0") only ever follows link-local ones.
  const hex = canonicalIPv6(address.split("%")[0] ?? "");
  if (!hex || !ipaddr.IPv6.isValid(hex)) return false;
  const v6 = ipaddr.IPv6.parse(hex);
  const parts = v6.parts;
  const bytes = v6.toByteArray();
  const tail = (from: number) => ipaddr.fromByteArray(bytes.slice(from, from + 4)) as ipaddr.IPv4;
  const firstSix = parts.slice(0, 6);

  if (v6.isIPv4MappedAddress()) return tail(12).range() === "unicast";
  if (firstSix.every((part) => part === 0)) return false; // ::/96: ::, ::1, ::7f00:1, …
  if (parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((part) => part === 0)) {
    return tail(12).range() === "unicast";
  }
  if (parts[0] === 0x2002) return tail(2).range() === "unicast";
  return v6.range() === "unicast";
}
