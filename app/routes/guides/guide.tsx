import { Link } from "react-router";
import { findGuide } from "#content/guides/all-guides.ts";
import { ErrorMessage } from "#app/components/error-message.tsx";
import { GuideArticle } from "#app/features/guides/guide-article.tsx";
import { articleJsonLd, JsonLd } from "#app/components/json-ld.tsx";
import { absoluteUrl } from "#app/features/sitemap/sitemap.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import type { Route } from "./+types/guide";

export function loader({ params }: Route.LoaderArgs) {
  const guide = findGuide(params.slug);
  if (!guide) throw new Response("가이드를 찾을 수 없습니다.", { status: 404 });
  const url = absoluteUrl(`/sellinginsight/${guide.slug}`);
  const published = `${guide.updatedAt}T00:00:00+09:00`;
  const publisher = siteConfig().siteName;
  return {
    guide,
    canonical: url,
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
      <nav aria-label="이동 경로" className="mb-4 text-sm">
        <Link to="/seller-info" className="text-blue-700 underline">
          ← 셀러 정보센터
        </Link>
      </nav>
      <GuideArticle guide={loaderData.guide} />
      <JsonLd data={loaderData.jsonLd} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorMessage error={error} />;
}
