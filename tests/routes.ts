import type { RouteConfigEntry } from "@react-router/dev/routes";
import { type MiddlewareFunction, matchRoutes, type RouteObject, RouterContextProvider } from "react-router";
import routes from "#app/routes.ts";

type RouteModule = {
  middleware?: MiddlewareFunction[];
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
};
type MatchableRoute = RouteObject & { handle: { file: string } };

const matchable = (entries: RouteConfigEntry[]): MatchableRoute[] =>
  entries.map(
    ({ path, index, file, children }) =>
      (index
        ? { index: true, path, handle: { file } }
        : { path, handle: { file }, children: children && matchable(children) }) as MatchableRoute,
  );
const table = matchable(routes);

/**
 * Runs the loader or action that app/routes.ts maps the request's URL to, the way React Router does: first the
 * middleware of every route on the way (the admin layout's admin check), then the route's own function with the
 * same `context`. Tests call pages through this instead of the module's function, so a page under a layout is
 * tested with the checks the layout adds.
 */
export async function callRoute(kind: "loader" | "action", request: Request, { file }: { file?: string } = {}): Promise<unknown> {
  const url = new URL(request.url);
  const matches = matchRoutes(table, url.pathname);
  if (!matches?.length) throw new Error(`no route in app/routes.ts for ${url.pathname}`);
  const modules = (await Promise.all(
    matches.map(({ route }) => import(`../app/${(route as MatchableRoute).handle.file}`)),
  )) as RouteModule[];
  // `file` picks a layout on the way (its loader) instead of the page at the end of the match.
  const at = file ? matches.findIndex(({ route }) => (route as MatchableRoute).handle.file === file) : matches.length - 1;
  if (at < 0) throw new Error(`${file} is not on the way to ${url.pathname}`);
  const page = modules[at]!;
  // A page without a loader still runs its layouts' middleware on a GET, as React Router does.
  const run = page[kind] ?? (kind === "loader" ? () => null : undefined);
  if (!run) throw new Error(`${(matches.at(-1)!.route as MatchableRoute).handle.file} has no action`);
  const args = { request, url, params: matches.at(-1)!.params, context: new RouterContextProvider(), pattern: url.pathname };
  const middleware = modules.slice(0, at + 1).flatMap((module) => module.middleware ?? []);
  const next = async (at: number): Promise<unknown> =>
    at < middleware.length ? middleware[at]!(args as never, () => next(at + 1) as never) : run(args as never);
  return next(0);
}

export const callLoader = (request: Request) => callRoute("loader", request);
export const callAction = (request: Request) => callRoute("action", request);
