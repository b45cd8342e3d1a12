import { getDomain } from "tldts";
import { addDays } from "#app/lib/format.ts";
import type { SiteStatus } from "./site-status-labels.ts";

/**
 * The rules of the site checks, without the network or the database (docs/decisions/0020):
 * what one fetch means, what a supplier's recorded checks mean, and when a whole run means that the
 * server itself is offline.
 */

export type { SiteStatus } from "./site-status-labels.ts";
export type CheckOutcome = "ok" | "moved" | "parked" | "failed";

/**
 * The site a host belongs to: its registrable domain (eTLD+1 from the Public Suffix List, private
 * suffixes included, so `shop-a.github.io` and `shop-b.github.io` are different sites), or the host
 * itself for an address literal or a single-label name.
 */
export function siteOf(host: string) {
  const bare = host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  return getDomain(bare, { allowPrivateDomains: true }) ?? bare;
}

/** True when `finalUrl` is on another site than `siteUrl` (`www.` and http→https are the same site). */
export function endsOnAnotherSite(siteUrl: string, finalUrl: URL) {
  try {
    return siteOf(new URL(siteUrl).hostname) !== siteOf(finalUrl.hostname);
  } catch {
    return false;
  }
}

export type RecordedCheck = { outcome: string; checkedDay: string; checkedAt: Date };

/**
 * A supplier's status from its recorded checks, newest first:
 * - none: `unchecked` (확인 전);
 * - the newest is ok: `ok`; it ended on another site: `moved`; a parked or for-sale page: `down`;
 * - the newest failed: `down` (연결 안 됨) only when the current run of failures covers two consecutive
 *   Korean calendar days (or includes a parked page); otherwise the status before the failures stays,
 *   so one bad day (a blip, a restart of the supplier's server) changes nothing for visitors.
 * `problemSince` is when the current run of not-ok checks began (null when the newest is ok).
 */
export function statusFrom(checks: RecordedCheck[]): { status: SiteStatus; problemSince: Date | null } {
  const latest = checks[0];
  if (!latest) return { status: "unchecked", problemSince: null };
  if (latest.outcome === "ok") return { status: "ok", problemSince: null };
  const notOk = leading(checks, (check) => check.outcome !== "ok");
  const problemSince = notOk.at(-1)!.checkedAt;
  if (latest.outcome === "moved") return { status: "moved", problemSince };
  if (latest.outcome === "parked") return { status: "down", problemSince };

  const failures = leading(checks, (check) => check.outcome === "failed" || check.outcome === "parked");
  const days = [...new Set(failures.map((check) => check.checkedDay))].sort();
  const consecutive = days.some((day, i) => i > 0 && addDays(days[i - 1]!, 1) === day);
  if (consecutive || failures.some((check) => check.outcome === "parked")) return { status: "down", problemSince };
  const before = checks[failures.length];
  const previous: SiteStatus = before?.outcome === "ok" ? "ok" : before?.outcome === "moved" ? "moved" : "unchecked";
  return { status: previous, problemSince };
}

function leading<T>(items: T[], keep: (item: T) => boolean) {
  const index = items.findIndex((item) => !keep(item));
  return index === -1 ? items : items.slice(0, index);
}

/** Failures that say more about the checking server's own network than about the site. */
export const NETWORK_FAILURES = new Set(["dns", "connect", "timeout"]);
/** "Most checks fail the same way": four in five. A real directory never loses that many sites in one day. */
export const OFFLINE_SHARE = 0.8;
/** Below this many checks a run cannot speak for the network by itself. */
export const OFFLINE_MIN_CHECKS = 5;

export type RunResult = { outcome: string; errorKind: string | null };

/**
 * Whether a run's results mean that the server itself was offline (docs/spec/decisions.md 19): at least four in five
 * checks failed with the same network-level error (DNS, connect, timeout). A small run (one `지금 점검`)
 * counts as offline when all its checks failed that way and no check of this server got any HTTP answer
 * in the recent past (`answeredRecently`), so a machine without internet never marks anything.
 */
export function judgeRun(results: RunResult[], answeredRecently: boolean): { offline: boolean; kind: string | null; share: number } {
  const total = results.length;
  if (total === 0) return { offline: false, kind: null, share: 0 };
  const counts = new Map<string, number>();
  for (const result of results) {
    if (result.outcome === "failed" && result.errorKind && NETWORK_FAILURES.has(result.errorKind)) {
      counts.set(result.errorKind, (counts.get(result.errorKind) ?? 0) + 1);
    }
  }
  const [kind, top] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  const share = top / total;
  const offline = total >= OFFLINE_MIN_CHECKS ? share >= OFFLINE_SHARE : top === total && !answeredRecently;
  return { offline, kind, share };
}
