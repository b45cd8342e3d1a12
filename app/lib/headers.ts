import type { HeadersFunction } from "react-router";

/**
 * React Router sends a route's own headers only through its `headers` export; a route without one
 * passes on its parent's. The root passes on the root loader's caching decision (every page); a route
 * whose loader or action answers with headers of its own (429 with Retry-After) exports `routeHeaders`.
 */
export const rootHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

export const routeHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    for (const [name, value] of source ?? []) if (name !== "set-cookie") headers.set(name, value);
  }
  return headers;
};
