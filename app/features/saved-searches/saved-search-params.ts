import { type Fact, maskOf } from "#app/db/term-values.ts";
import { categoryOfWords } from "#app/features/wholesalers/category-words.ts";
import { TERM_FILTERS } from "#app/features/wholesalers/wholesaler-facts.ts";
import { listHref, parseListParams } from "#app/features/wholesalers/wholesaler-list-params.ts";
import { normalizeSearchText, parseSearchQuery } from "#app/platform/search/korean-search.ts";

/**
 * A saved search is /list's own URL parameters (ui-contract.md "Reasons to come back", docs/decisions/0053): read by
 * the list's parser (an unknown parameter, category or filter is dropped, the search is cut to its 100 characters),
 * then written back in one order without the sort and page, with the search lower-cased and its spaces collapsed, so
 * one search is stored once however its URL was spelt. A parameter string past `MAX_SAVED_SEARCH_CHARS` is refused.
 */

/** The most characters of URL parameters a save takes (a list URL is far shorter: 100 characters of search at most). */
export const MAX_SAVED_SEARCH_CHARS = 2000;
/** Saved searches one account may keep. */
export const MAX_SAVED_SEARCHES = 20;

export const SAVED_SEARCH_WORDS = {
  saved: "검색 조건을 저장했습니다.",
  already: "이미 저장한 검색 조건입니다.",
  tooMany: `저장한 검색은 ${MAX_SAVED_SEARCHES}개까지입니다.`,
  tooLong: "검색 조건이 너무 깁니다. 검색어를 줄여 다시 저장해 주세요.",
  empty: "검색어나 카테고리, 조건 필터를 고른 뒤 저장해 주세요.",
  unverified: "이메일 주소를 확인한 계정만 검색 조건을 저장할 수 있습니다. 내 계정에서 확인 메일을 받아 주세요.",
  deleted: "저장한 검색을 삭제했습니다.",
  gone: "이미 삭제된 검색입니다.",
} as const;

export type SavedSearchParams = {
  /** The normalised parameters, `q=…&category=…&filter=…` (no leading `?`). */
  query: string;
  q: string;
  category: string;
  facts: Fact[];
};

/** The saved form of a /list URL's parameters, or why it cannot be saved. */
export function savedSearchOf(search: string): SavedSearchParams | "too-long" | "empty" {
  if (search.length > MAX_SAVED_SEARCH_CHARS) return "too-long";
  const params = parseListParams(new URLSearchParams(search.replace(/^\?/, "")));
  const q = normalizeSearchText(params.q).replace(/\s+/g, " ").trim();
  if (!q && !params.category && params.facts.length === 0) return "empty";
  const query = listHref({ q, category: params.category, facts: params.facts }, "").replace(/^\?/, "");
  return { query, q, category: params.category, facts: params.facts };
}

/** The columns of the matching index (schema.ts `saved_searches`) for a saved search. */
export function matchColumns({ q, category, facts }: SavedSearchParams) {
  const parsed = parseSearchQuery(q);
  return {
    q: parsed?.text ?? "",
    qChosung: parsed?.chosung ?? false,
    // Any one of the search's grams: a supplier the search matches holds all of them (korean-search.ts).
    qKey: parsed?.grams[0] ?? "",
    category,
    alsoCategory: (parsed && categoryOfWords(parsed.text)) || "",
    factMask: maskOf(facts),
  };
}

/** A saved search in words: `‘양말’ · 의류 · 위탁 가능, 무료 배송`. */
export function savedSearchLabel(query: string): string {
  const params = parseListParams(new URLSearchParams(query));
  const filters = TERM_FILTERS.filter((filter) => params.facts.includes(filter.fact)).map((filter) => filter.label);
  return [params.q ? `‘${params.q}’` : "", params.category, filters.join(", ")].filter(Boolean).join(" · ") || "전체";
}

/** The /list address of a saved search. */
export function savedSearchHref(query: string): string {
  return query ? `/list?${query}` : "/list";
}
