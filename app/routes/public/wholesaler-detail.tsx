import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { ErrorMessage } from "#app/components/error-message.tsx";
import { NO_CATEGORY_LABEL } from "#app/features/categories/categories.ts";
import { countsAsView } from "#app/features/wholesalers/view-count.ts";
import { JsonLd } from "#app/components/json-ld.tsx";
import { CategoryBadge, siteLinkOf } from "#app/features/wholesalers/wholesaler-card.tsx";
import { WholesalerLogo } from "#app/features/wholesalers/wholesaler-logo.tsx";
import { parseWholesalerId } from "#app/features/wholesalers/wholesaler-schema.ts";
import { getWholesaler, viewWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import type { Route } from "./+types/wholesaler-detail";

const NOT_FOUND = "도매처를 찾을 수 없습니다.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseWholesalerId(params.id);
  if (!id) throw new Response(NOT_FOUND, { status: 404 });
  // A person's view is counted in the same statement that reads the row; prefetches and bots only read.
  const found = countsAsView(request) ? await viewWholesaler(id) : await getWholesaler(id);
  if (!found) throw new Response(NOT_FOUND, { status: 404 });
  const { createdAt: _created, updatedAt: _updated, ...wholesaler } = found;
  return { wholesaler };
}

/** Reloading after a form post elsewhere on the page (e.g. 로그아웃) is not another view. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const w = loaderData?.wholesaler;
  if (!w) return [{ title: `${NOT_FOUND} | 도매온` }, { name: "robots", content: "noindex" }];
  const name = w.name.trim() || "이름 없음";
  const description =
    w.summary.trim() || `${name}: ${w.category || "도매"} 도매처의 배송 방식, 사입 여부, 해외 배송, 연락처와 공식 웹사이트를 확인하세요.`;
  const logo = safeHttpUrl(w.logoUrl || w.image);
  return pageMeta({ title: name, description: description.slice(0, 160), image: logo?.startsWith("https://") ? logo : undefined });
};

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] items-baseline gap-3 border-b border-slate-100 py-3 last:border-b-0">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-900">{value.trim() || "정보 없음"}</dd>
    </div>
  );
}

export default function WholesalerDetail({ loaderData }: Route.ComponentProps) {
  const { wholesaler: w } = loaderData;
  const name = w.name.trim() || "이름 없음";
  const site = siteLinkOf(w);
  const logo = safeHttpUrl(w.logoUrl || w.image);
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name,
    ...(site ? { url: site } : {}),
    ...(logo ? { logo } : {}),
    ...(w.summary.trim() ? { description: w.summary.trim() } : {}),
  };

  return (
    <article className="mx-auto max-w-3xl">
      <JsonLd data={organization} />
      <Link to="/list" className="text-sm font-medium text-blue-700 hover:underline">
        ← 목록으로
      </Link>
      <header className="mt-4 flex items-center gap-4">
        <WholesalerLogo name={w.name} src={w.logoUrl || w.image} size={80} eager />
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">{name}</h1>
          <div className="mt-2">
            <CategoryBadge category={w.category} />
          </div>
        </div>
      </header>
      <p className="mt-5 whitespace-pre-line leading-relaxed text-slate-700">{w.summary.trim() || "설명 없음"}</p>
      <dl className="mt-6 rounded-xl border border-slate-200 bg-white px-5">
        <Row label="카테고리" value={w.category || NO_CATEGORY_LABEL} />
        <Row label="배송 방식" value={w.delivery} />
        <Row label="사입 여부" value={w.purchase} />
        <Row label="해외 배송" value={w.international} />
        <Row label="연락처" value={w.contact} />
        <Row label="조회수" value={(w.views ?? 0).toLocaleString("ko-KR")} />
      </dl>
      <div className="mt-6">
        {site ? (
          <a
            href={site}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700"
          >
            공식 웹사이트 방문
          </a>
        ) : (
          <p className="text-slate-500">등록된 웹사이트가 없습니다.</p>
        )}
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorMessage error={error} />;
}
