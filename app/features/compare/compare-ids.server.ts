import { parseIdParam } from "#app/lib/url-params.ts";
import { MAX_COMPARE } from "./compare-ids.ts";

/** How much of an `ids` text is looked at: enough for any real choice, so 10,000 ids cost nothing. */
const MAX_IDS_TEXT = 200;
const MAX_TOKENS = 20;

/**
 * Supplier ids from `/compare?ids=3,17,5` or the compare cookie (`3.17.5`): plain positive ids in the
 * order given, duplicates dropped; anything else (junk, negatives, zero, huge numbers) is ignored.
 * `more` says that more than MAX_COMPARE distinct ids were asked for (only the first four are kept).
 */
export function parseCompareIds(text: string | null | undefined, separator: "," | "." = ","): { ids: number[]; more: boolean } {
  const tokens = (text ?? "").slice(0, MAX_IDS_TEXT).split(separator).slice(0, MAX_TOKENS);
  const ids: number[] = [];
  for (const token of tokens) {
    const id = parseIdParam(token.trim());
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return { ids: ids.slice(0, MAX_COMPARE), more: ids.length > MAX_COMPARE };
}
