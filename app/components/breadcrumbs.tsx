import { Link } from "react-router";

/** One step of a trail: what it is called and its path on this site (the last is the page itself). */
export type Crumb = { name: string; path: string };

/** The first step of every trail. */
export const HOME_CRUMB: Crumb = { name: "홈", path: "/" };

/**
 * schema.org BreadcrumbList for a trail (ui-contract, fourth release), with absolute addresses: `absolute` turns a
 * path into the PUBLIC_URL address (the loader passes it in: this floor reads no settings). Written into the page by
 * `JsonLd`, which escapes every character that could end the script.
 */
export function breadcrumbJsonLd(trail: readonly Crumb[], absolute: (path: string) => string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name.slice(0, 110),
      item: absolute(crumb.path),
    })),
  };
}

/**
 * The visible trail above a page (`홈 › 도매 사이트 목록 › 의류 › …`): a labelled navigation whose last step is the page
 * itself (`aria-current="page"`, not a link). Plain links: it works without JavaScript. The steps are not list items,
 * so the cards of a page stay its only list items (a screen reader's list count, and the journeys, read those).
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="이동 경로" className="mb-4 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-600">
      {trail.map((crumb, index) => {
        const last = index === trail.length - 1;
        return (
          <span key={`${index}-${crumb.path}`} className="flex min-w-0 items-center gap-1.5">
            {index > 0 ? (
              <span aria-hidden="true" className="text-slate-400">
                ›
              </span>
            ) : null}
            {last ? (
              <span aria-current="page" className="max-w-[16rem] truncate font-medium text-slate-800 sm:max-w-md">
                {crumb.name}
              </span>
            ) : (
              <Link to={crumb.path} className="text-blue-700 hover:underline">
                {crumb.name}
              </Link>
            )}
          </span>
        );
      })}
    </nav>
  );
}
