/**
 * The pattern of the app's route a path is (`/wholesaler/7` → `/wholesaler/:id`), for the metrics' `route` label:
 * one series per page of app/routes.ts, never one per address asked for. A data request (`/list.data`,
 * `/_root.data`) counts as its page.
 */
import { matchRoutes, type RouteObject } from "react-router";

/** What the server build says of each route (its `routes` manifest). */
export type RouteManifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean } | undefined>;

export function routePatterns(manifest: RouteManifest): (path: string) => string | undefined {
  const entries = Object.values(manifest).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, children: childrenOf(route.id) },
      );
  const tree = childrenOf(undefined);
  return (path) => {
    const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    const matches = matchRoutes(tree, page);
    if (!matches) return undefined;
    const pattern = matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/");
    return `/${pattern}`.replace(/\/+/g, "/");
  };
}
