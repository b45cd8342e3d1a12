import { isCategory } from "#app/db/categories.ts";
import { TERM_GROUP_NAMES, TERM_GROUPS, type TermGroup } from "#app/db/term-values.ts";
import { TERM_LABELS } from "#app/features/wholesalers/wholesaler-terms.ts";

/**
 * What counts as news about a supplier (ui-contract.md "Reasons to come back", docs/decisions/0053), from one change
 * of the history: a supplier that became public (created published, or 공개 after 검토 대기), and terms confirmed (a
 * term set to a known value: anything but `확인 필요`). Pure, so the follower, the pages and the tests read one rule.
 */

/** /updates and /updates.xml show this many days. */
export const UPDATES_DAYS = 30;
/** Entries of one Atom feed. */
export const FEED_ENTRIES = 50;

type Change = { field: string; before: string; after: string };
export type ChangeNews = { isNew: boolean; terms: TermGroup[] };

const GROUP_OF_FIELD = new Map<string, TermGroup>(
  TERM_GROUP_NAMES.flatMap((group) => TERM_GROUPS[group].map((field) => [field as string, group] as const)),
);
/** `상품마다 다름` is stored as a boolean beside its number: only its arrival (`true`) confirms anything. */
const FLAGS = new Set(["minOrderVaries", "shippingFeeVaries"]);

/** The news in one recorded change, or null when it holds none. */
export function newsOfChange(change: { action: string; changes: Change[] }): ChangeNews | null {
  if (change.action === "delete") return null;
  const status = change.changes.find((item) => item.field === "status");
  const isNew =
    change.action === "create"
      ? status
        ? status.after === "published"
        : true
      : status?.after === "published" && status.before !== "published";
  const terms = new Set<TermGroup>();
  for (const item of change.changes) {
    const group = GROUP_OF_FIELD.get(item.field);
    if (!group || item.before === item.after) continue;
    if (FLAGS.has(item.field) ? item.after === "true" : item.after !== "") terms.add(group);
  }
  if (!isNew && terms.size === 0) return null;
  return { isNew: Boolean(isNew), terms: TERM_GROUP_NAMES.filter((group) => terms.has(group)) };
}

/** `위탁 판매, 배송비` for the groups stored on a news row, in the terms table's order. */
export function termGroupLabels(groups: readonly string[]): string {
  return TERM_GROUP_NAMES.filter((group) => groups.includes(group))
    .map((group) => TERM_LABELS[group])
    .join(", ");
}

/** The line a card of /updates (and an entry of the feed) carries: `새 도매처`, `조건 확인: 위탁 판매, 배송비`, or both. */
export function newsWords(news: { isNew: boolean; terms: readonly string[] }): string {
  const parts = [news.isNew ? "새 도매처" : "", news.terms.length ? `조건 확인: ${termGroupLabels(news.terms)}` : ""];
  return parts.filter(Boolean).join(" · ");
}

/** The chip of /updates and its feed from the URL: a category the chips have, else all. */
export function updatesCategory(searchParams: URLSearchParams): string {
  const category = (searchParams.get("category") ?? "").trim();
  return isCategory(category) ? category : "";
}

/** `/updates`, `/updates?category=…&page=2` (and the same for the feed's path). */
export function updatesHref(category: string, path = "/updates", page = 1) {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
