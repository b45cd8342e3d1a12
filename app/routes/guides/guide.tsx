import { Breadcrumbs, breadcrumbJsonLd, HOME_CRUMB } from "#app/components/breadcrumbs.tsx";
import { articleJsonLd, JsonLd } from "#app/components/json-ld.tsx";
import { SHARE_BUTTON_CLASS, ShareButton } from "#app/components/share-button.tsx";
import { GuideArticle } from "#app/features/guides/guide-article.tsx";
import { absoluteUrl } from "#app/features/sitemap/sitemap.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { findGuide } from "#content/guides/all-guides.ts";
import type { Route } from "./+types/guide";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export function loader({ params }: Route.LoaderArgs) {
  const guide = findGuide(params.slug);
  if (!guide) throw new Response("가이드를 찾을 수 없습니다.", { status: 404 });
  const url = absoluteUrl(`/sellinginsight/${guide.slug}`);
  const published = `${guide.updatedAt}T00:00:00+09:00`;
  const publisher = siteConfig().siteName;
  const trail = [HOME_CRUMB, { name: "셀러 정보센터", path: "/seller-info" }, { name: guide.title, path: `/sellinginsight/${guide.slug}` }];
  return {
    guide,
    canonical: url,
    trail,
    breadcrumbs: breadcrumbJsonLd(trail, absoluteUrl),
    jsonLd: articleJsonLd({
      headline: guide.title,
      description: guide.description,
      url,
      datePublished: published,
      dateModified: published,
      author: publisher,
      publisher,
    }),
  };
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [{ title: "가이드를 찾을 수 없습니다." }];
  const { guide, canonical } = args.loaderData;
  return [
    ...pageMeta({ title: guide.title, description: guide.description, url: canonical }, args).map((tag) =>
      "property" in tag && tag.property === "og:type" ? { property: "og:type", content: "article" } : tag,
    ),
    { property: "article:modified_time", content: `${guide.updatedAt}T00:00:00+09:00` },
  ];
};

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs trail={loaderData.trail} />
      <div className="mb-3 flex justify-end">
        <ShareButton path={`/sellinginsight/${loaderData.guide.slug}`} title={loaderData.guide.title} className={SHARE_BUTTON_CLASS} />
      </div>
      <GuideArticle guide={loaderData.guide} />
      <JsonLd data={loaderData.jsonLd} />
      <JsonLd data={loaderData.breadcrumbs} />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
