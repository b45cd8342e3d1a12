import { useEffect, useRef } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { PRIMARY_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { ALL_CATEGORIES_LABEL, CATEGORIES } from "#app/db/categories.ts";
import { MAX_QUERY_LENGTH } from "#app/platform/search/korean-search.ts";
import { TERM_FILTERS } from "./wholesaler-facts.ts";
import { listHref, parseListParams, SORTS, type WholesalerListParams } from "./wholesaler-list-params.ts";

/**
 * Search box, sort, category chips and term filters of /list: one GET form, so it works before
 * JavaScript loads and the URL holds the whole state. The search button and every chip are submit
 * buttons named `category`: Enter in the box keeps the chosen category, a chip replaces it (and a new
 * search starts at page 1). The filters that are on ride along as hidden `filter` fields; a filter
 * button sends `toggle=<fact>`, which parseListParams turns into the new set (the page redirects to
 * the clean URL without JavaScript; with it, the same parse runs here before navigating).
 */
export function WholesalerSearchForm({ state, businessFilter = true }: { state: WholesalerListParams; businessFilter?: boolean }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);

  // While a new search loads, the chips already show where it is going.
  const pending = navigation.location?.pathname === "/list" ? parseListParams(new URLSearchParams(navigation.location.search)) : null;
  const shown = pending ?? state;

  // Back and forward change the URL without retyping: keep the box in step with it.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = state.q;
  }, [state.q]);

  return (
    <Form
      method="get"
      action="/list"
      role="search"
      className="mb-6 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
        const params = new URLSearchParams();
        for (const [key, value] of form) if (typeof value === "string") params.append(key, value);
        navigate(listHref(parseListParams(params)));
      }}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="wholesaler-q" className="block text-sm font-medium text-slate-800">
            도매처 검색
          </label>
          <input
            ref={input}
            id="wholesaler-q"
            type="search"
            name="q"
            defaultValue={state.q}
            maxLength={MAX_QUERY_LENGTH}
            placeholder="도매처 이름 또는 초성 (예: 도매꾹, ㄷㅁㄲ)"
            enterKeyHint="search"
            autoComplete="off"
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200"
          />
        </div>
        <div className="flex gap-2">
          <button ref={searchButton} type="submit" name="category" value={state.category} className={PRIMARY_BUTTON_CLASS}>
            검색
          </button>
          <div>
            <label htmlFor="wholesaler-sort" className="sr-only">
              정렬
            </label>
            <select
              id="wholesaler-sort"
              name="sort"
              defaultValue={state.sort}
              key={state.sort}
              // A new sort applies at once: here when React runs the page, else through the small module
              // (app/scripts/page-enhancements.js, data-submit-on-change); without JavaScript 검색 applies it.
              data-submit-on-change=""
              onChange={() => searchButton.current?.form?.requestSubmit(searchButton.current)}
              className="h-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
            >
              {SORTS.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {state.facts.map((fact) => (
        <input key={fact} type="hidden" name="filter" value={fact} />
      ))}
      {/* The category a filter button keeps (chips and the search button send `category` themselves). */}
      <input type="hidden" name="current-category" value={state.category} />
      <fieldset className="-mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible">
        <legend className="sr-only">카테고리</legend>
        {["", ...CATEGORIES].map((category) => {
          const selected = shown.category === category;
          return (
            <button
              key={category || "all"}
              type="submit"
              name="category"
              value={category}
              aria-pressed={selected}
              className={`shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium transition ${
                selected
                  ? "border-blue-600 bg-blue-600 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:border-blue-400 hover:text-blue-700"
              }`}
            >
              {category || ALL_CATEGORIES_LABEL}
            </button>
          );
        })}
      </fieldset>
      <fieldset className="-mx-1 flex min-w-0 items-center gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible">
        <legend className="sr-only">위탁 조건</legend>
        <span aria-hidden="true" className="shrink-0 text-sm font-medium text-slate-500">
          조건
        </span>
        {/* `사업자 확인` only while the official records are checked (DATA_GO_KR_KEY, spec decision 47). */}
        {TERM_FILTERS.filter(({ fact }) => businessFilter || fact !== "business-verified").map(({ fact, label }) => {
          const on = shown.facts.includes(fact);
          return (
            <button
              key={fact}
              type="submit"
              name="toggle"
              value={fact}
              aria-pressed={on}
              className={`shrink-0 rounded-md border px-3 py-1.5 text-sm font-medium transition ${
                on
                  ? "border-emerald-700 bg-emerald-700 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:border-emerald-500 hover:text-emerald-700"
              }`}
            >
              {on ? <span aria-hidden="true">✓ </span> : null}
              {label}
            </button>
          );
        })}
      </fieldset>
    </Form>
  );
}
