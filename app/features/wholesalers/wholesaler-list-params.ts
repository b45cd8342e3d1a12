import { isCategory } from "#app/db/categories.ts";
import { FACTS, type Fact } from "#app/db/term-values.ts";
import { stripControl } from "#app/lib/control-characters.ts";
import { parsePageParam } from "#app/lib/url-params.ts";
import { MAX_QUERY_LENGTH } from "#app/platform/search/korean-search.ts";

export const WHOLESALERS_PER_PAGE = 40;

export const SORTS = [
  { value: "views", label: "인기순" },
  { value: "newest", label: "최신순" },
  { value: "name", label: "이름순" },
] as const;
export type WholesalerSort = (typeof SORTS)[number]["value"];

export type WholesalerListParams = { q: string; category: string; sort: WholesalerSort; page: number; facts: Fact[] };

/**
 * The term filters in a URL: `filter=<fact>` once per filter that is on, in the buttons' order. A
 * filter button of the GET form sends `toggle=<fact>` beside the filters already on (hidden fields),
 * which the page turns into the new set and redirects to (lib: `listHref`), so it works without JavaScript.
 */
function parseFacts(searchParams: URLSearchParams): Fact[] {
  const given = new Set(
    searchParams
      .getAll("filter")
      .slice(0, 50)
      .flatMap((value) => value.split(","))
      .map((value) => value.trim()),
  );
  const toggle = searchParams.get("toggle");
  if (toggle && (FACTS as readonly string[]).includes(toggle)) {
    if (given.has(toggle)) given.delete(toggle);
    else given.add(toggle);
  }
  return FACTS.filter((fact) => given.has(fact));
}

/**
 * /list state from its URL. Anything unusable falls back quietly (an unknown category or sort shows
 * everything by popularity, a bad page number shows the first page), so a shared link never errors.
 */
export function parseListParams(searchParams: URLSearchParams): WholesalerListParams {
  // No stored name holds a control character (PostgreSQL cannot even take NUL as a parameter).
  const q = stripControl(searchParams.get("q") ?? "")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
  // A filter button sends no `category`: the form's hidden `current-category` keeps the chip's choice.
  const rawCategory = (
    searchParams.has("category") ? (searchParams.get("category") ?? "") : (searchParams.get("current-category") ?? "")
  ).trim();
  const rawSort = searchParams.get("sort");
  const sort = SORTS.find((s) => s.value === rawSort)?.value ?? "views";
  const page = parsePageParam(searchParams.get("page"));
  return { q, category: isCategory(rawCategory) ? rawCategory : "", sort, page, facts: parseFacts(searchParams) };
}

/** The /list URL for a state; defaults are left out so links stay short and shareable. */
export function listHref({ q, category, sort, page, facts }: Partial<WholesalerListParams>, path = "/list") {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  for (const fact of FACTS) if (facts?.includes(fact)) params.append("filter", fact);
  if (sort && sort !== "views") params.set("sort", sort);
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
