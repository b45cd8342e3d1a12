import { Form } from "react-router";
import { MAX_QUERY_LENGTH } from "#app/platform/search/korean-search.ts";

type Props = { id: string; label: string; showLabel?: boolean; placeholder: string; defaultValue: string };

/** The GET search form of /products, /search and /external-products: `?q=` in the URL, works without JavaScript. */
export function ProductSearchBox({ id, label, showLabel = false, placeholder, defaultValue }: Props) {
  return (
    <Form method="get" role="search" className="mb-8 flex max-w-xl items-end gap-2">
      <div className="flex-1">
        <label htmlFor={id} className={showLabel ? "block text-sm font-medium text-slate-800" : "sr-only"}>
          {label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={placeholder}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200"
        />
      </div>
      <button type="submit" className="shrink-0 rounded-lg bg-slate-800 px-4 py-2 font-medium text-white hover:bg-slate-900">
        검색
      </button>
    </Form>
  );
}
