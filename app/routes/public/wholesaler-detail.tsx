import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { Breadcrumbs, breadcrumbJsonLd, HOME_CRUMB } from "#app/components/breadcrumbs.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { SHARE_BUTTON_CLASS, ShareButton } from "#app/components/share-button.tsx";
import { PRIMARY_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { isCategory } from "#app/db/categories.ts";
import { WholesalerCardActions } from "#app/features/directory/wholesaler-card-actions.tsx";
import { favoriteIdsAmong } from "#app/features/favorites/favorites.server.ts";
import { recordsEnabled, recordViewOf } from "#app/features/official-records/official-records.server.ts";
import { OfficialRecordsSection } from "#app/features/official-records/official-records-section.tsx";
import { numberRow, recordRows } from "#app/features/official-records/record-rows.ts";
import { gridClass, ProductCard } from "#app/features/products/product-card.tsx";
import { listProducts } from "#app/features/products/products.server.ts";
import { SupplierSellingHelp } from "#app/features/regulatory/regulatory-note-list.tsx";
import { loadReviewsSection } from "#app/features/reviews/review-actions.server.ts";
import { ReviewSection } from "#app/features/reviews/review-section.tsx";
import { siteStatusOf } from "#app/features/site-checks/site-checks.server.ts";
import { SITE_STATUS_LABELS } from "#app/features/site-checks/site-status-labels.ts";
import { absoluteUrl } from "#app/features/sitemap/sitemap.server.ts";
import { loadWholesalerForDetail, publishWholesalerAction, reviewFormOf } from "#app/features/supplier-import/wholesaler-review.server.ts";
import { isManagerOf, verifiedAmong } from "#app/features/suppliers/claims.server.ts";
import { countsAsView, visitorKey } from "#app/features/wholesalers/view-count.server.ts";
import { WaitingNotice } from "#app/features/wholesalers/waiting-notice.tsx";
import { CategoryBadge, siteLinkOf } from "#app/features/wholesalers/wholesaler-card.tsx";
import { termHistoryOf } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { TermHistory } from "#app/features/wholesalers/wholesaler-history.tsx";
import { listHref } from "#app/features/wholesalers/wholesaler-list-params.ts";
import { WholesalerLogo } from "#app/features/wholesalers/wholesaler-logo.tsx";
import { firstReleaseRows } from "#app/features/wholesalers/wholesaler-rows.ts";
import { type TermRow, termRows, UNKNOWN_LABEL } from "#app/features/wholesalers/wholesaler-terms.ts";
import { formatBusinessNumber } from "#app/lib/business-number.ts";
import { env } from "#app/lib/env.server.ts";
import { formatDate, seoulDay } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { getUser, requireAdmin } from "#app/platform/auth/auth.server.ts";
import { imagesFor } from "#app/platform/images/images.server.ts";
import { notesForCategory } from "#content/regulatory-notes.ts";
import type { Route } from "./+types/wholesaler-detail";

const NOT_FOUND = "도매처를 찾을 수 없습니다.";
const NUMBER_LABEL = "사업자등록번호";
const SUPPLIER_PRODUCTS_SHOWN = 12;

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  if (!id) throw new Response(NOT_FOUND, { status: 404 });
  // A person's first view today is counted as the row is read; repeat views, prefetches and bots only read.
  // The person is the signed-in account the session lookup confirmed, else the address (view-count.server.ts).
  // A supplier waiting for review is a 404 for everyone but admins (and its views are not counted).
  const user = await getUser(request);
  const visitor = countsAsView(request) ? visitorKey(request, user?.id ?? null, env().authSecret, seoulDay()) : null;
  const found = await loadWholesalerForDetail(request, id, visitor);
  if (!found) throw new Response(NOT_FOUND, { status: 404 });
  const { createdAt: _created, updatedAt, ...wholesaler } = found.wholesaler;
  const [site, favorites, logos, recordView, verified, termHistory, supplierProducts, reviews, manages] = await Promise.all([
    siteStatusOf(id),
    user ? favoriteIdsAmong(user.id, [id]) : null,
    imagesFor([wholesaler.logoUrl]),
    recordViewOf(id),
    verifiedAmong([id]),
    termHistoryOf(id),
    listProducts({ supplier: id, page: 1, perPage: SUPPLIER_PRODUCTS_SHOWN }),
    loadReviewsSection(id, user, new URL(request.url).searchParams),
    user ? isManagerOf(user.id, id) : false,
  ]);
  const productPictures = await imagesFor(supplierProducts.items.map((product) => product.imageUrl));
  // 홈 › 도매 사이트 목록 › its category (when it has a chip's) › the supplier.
  const trail = [
    HOME_CRUMB,
    { name: "도매 사이트 목록", path: "/list" },
    ...(isCategory(wholesaler.category) ? [{ name: wholesaler.category, path: listHref({ category: wholesaler.category }) }] : []),
    { name: wholesaler.name.trim() || "이름 없음", path: `/wholesaler/${id}` },
  ];
  return {
    trail,
    // Not for a supplier waiting for review: its page is not for search engines.
    breadcrumbs: found.waiting ? null : breadcrumbJsonLd(trail, absoluteUrl),
    wholesaler: { ...wholesaler, logo: logos.get(wholesaler.logoUrl) ?? null },
    waiting: found.waiting,
    favorites,
    // Korean calendar days, formatted on the server (the same text whatever the browser's zone).
    updatedDay: formatDate(updatedAt),
    siteStatus: SITE_STATUS_LABELS[site.status],
    checkedDay: site.checkedAt ? formatDate(site.checkedAt) : null,
    regulatoryNotes: notesForCategory(wholesaler.category),
    // 사업자 정보: the words and dates are decided here (Korean calendar days, the same in every browser).
    records: recordRows({ enabled: recordsEnabled(), answers: recordView.answers, siteUrl: wholesaler.siteUrl }),
    // The number as 사업자 정보 and the terms' `사업자등록번호` show it: `(사이트 표기)` while read from the home page only.
    recordNumber: numberRow(recordView.number, recordView.answers, recordsEnabled()).value,
    recordsEnabled: recordsEnabled(),
    // 공급사 인증: at least one account proved it runs the listing's site.
    supplierVerified: verified.has(id),
    // A manager of the listing edits it (`내 도매처에서 수정`) instead of being asked whether it runs it.
    manages,
    // 이 도매처의 상품: the newest few, read-only cards (the owner edits from /products).
    products: supplierProducts.items.map(({ createdBy: _owner, imageUrl, wholesalerId: _tie, ...product }) => ({
      ...product,
      image: productPictures.get(imageUrl) ?? null,
      canEdit: false,
      canDelete: false,
    })),
    moreProducts: supplierProducts.total > SUPPLIER_PRODUCTS_SHOWN,
    termHistory: termHistory.map((entry) => ({ id: entry.id, day: formatDate(entry.at), changes: entry.changes })),
    // 셀러 거래 후기: the scores, one page of reviews and the links this visitor may follow.
    reviews,
  };
}

/** `공개` on a waiting supplier's page (admins only). */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const { form, intent } = await reviewFormOf(request);
  if (intent !== "publish") throw new Response("잘못된 요청입니다.", { status: 400 });
  return publishWholesalerAction(request, admin, form, parseIdParam(params.id), `/wholesaler/${params.id}`);
}

/** Reloading after a form post elsewhere on the page (e.g. 로그아웃) is not another view. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) => {
  const w = args.loaderData?.wholesaler;
  if (!w) return [{ title: `${NOT_FOUND} | 도매온` }, { name: "robots", content: "noindex" }];
  if (args.loaderData?.waiting) return [{ title: `${w.name} (검토 대기) | 도매온` }, { name: "robots", content: "noindex" }];
  const name = w.name.trim() || "이름 없음";
  const description =
    w.summary.trim() || `${name}: ${w.category || "도매"} 도매처의 배송 방식, 사입 여부, 해외 배송, 연락처와 공식 웹사이트를 확인하세요.`;
  const logo = safeHttpUrl(w.logoUrl);
  return pageMeta({ title: name, description: description.slice(0, 160), image: logo?.startsWith("https://") ? logo : undefined }, args);
};

/** A value, as a link (new tab) when it is a page of another site. */
function Value({ value, href }: { value: string; href?: string }) {
  const link = href ? safeHttpUrl(href) : null;
  return link ? (
    <a href={link} target="_blank" rel="noopener noreferrer" className="break-all text-blue-700 hover:underline">
      {value}
      <span className="sr-only"> (새 탭)</span>
    </a>
  ) : (
    value.trim() || UNKNOWN_LABEL
  );
}

/** One row; `조건 출처` lists each source with the terms it gave when the terms came from more than one (`parts`). */
function Row({ label, value, href, parts }: TermRow) {
  return (
    <div className="grid grid-cols-[7rem_1fr] items-baseline gap-3 border-b border-slate-100 py-3 last:border-b-0 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className={`min-w-0 break-words ${value === "확인 필요" ? "text-slate-500" : "text-slate-900"}`}>
        {parts ? (
          <ul className="space-y-1">
            {parts.map((part) => (
              <li key={part.value}>
                <Value value={part.value} href={part.href} /> <span className="text-sm text-slate-600">({part.terms.join(", ")})</span>
              </li>
            ))}
          </ul>
        ) : (
          <Value value={value} href={href} />
        )}
      </dd>
    </div>
  );
}

export default function WholesalerDetail({ loaderData }: Route.ComponentProps) {
  const {
    wholesaler: w,
    waiting,
    favorites,
    updatedDay,
    siteStatus,
    checkedDay,
    regulatoryNotes,
    records,
    recordsEnabled: recordsOn,
    recordNumber,
    supplierVerified,
    manages,
    termHistory,
    products,
    moreProducts,
    reviews,
    trail,
    breadcrumbs,
  } = loaderData;
  const name = w.name.trim() || "이름 없음";
  const site = siteLinkOf(w);
  const logo = safeHttpUrl(w.logoUrl);
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name,
    ...(site ? { url: site } : {}),
    ...(logo ? { logo } : {}),
    ...(w.summary.trim() ? { description: w.summary.trim() } : {}),
    ...(w.businessNumber ? { taxID: formatBusinessNumber(w.businessNumber) } : {}),
  };

  return (
    <article className="mx-auto max-w-3xl">
      {waiting ? <WaitingNotice /> : <JsonLd data={organization} />}
      {breadcrumbs ? <JsonLd data={breadcrumbs} /> : null}
      <Breadcrumbs trail={trail} />
      <header className="flex items-center gap-4">
        <WholesalerLogo name={w.name} image={w.logo} size={80} eager />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">{name}</h1>
            {supplierVerified ? (
              <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200">
                공급사 인증
              </span>
            ) : null}
          </div>
          <div className="mt-2">
            <CategoryBadge category={w.category} />
          </div>
        </div>
      </header>
      <div className="mt-4 flex flex-wrap gap-2">
        <WholesalerCardActions wholesalerId={w.id} favorites={favorites} />
        <ShareButton path={`/wholesaler/${w.id}`} title={name} className={SHARE_BUTTON_CLASS} />
      </div>
      <p className="mt-5 whitespace-pre-line leading-relaxed text-slate-700">{w.summary.trim() || "설명 없음"}</p>
      <dl className="mt-6 rounded-xl border border-slate-200 bg-white px-5">
        {firstReleaseRows(w, { status: siteStatus, checkedDay }).map((row) => (
          <Row key={row.label} label={row.label} value={row.value} />
        ))}
      </dl>
      <section aria-labelledby="terms-heading" className="mt-8">
        <h2 id="terms-heading" className="text-lg font-semibold text-slate-900">
          위탁 조건
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          공급사 페이지에서 확인한 내용입니다. ‘확인 필요’는 아직 확인하지 못한 항목이니 거래 전에 공급사에 직접 확인하세요.
        </p>
        <dl className="mt-3 rounded-xl border border-slate-200 bg-white px-5">
          {termRows(w)
            .map((row) => (row.label === NUMBER_LABEL && w.businessNumber ? { ...row, value: recordNumber } : row))
            .map((row) => (
              <Row key={row.label} {...row} />
            ))}
        </dl>
      </section>
      <TermHistory entries={termHistory} />
      <OfficialRecordsSection rows={records} enabled={recordsOn} number={recordNumber} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-500">
        <p>최근 수정: {updatedDay}</p>
        <div className="flex flex-wrap gap-3">
          <Link to={`/wholesaler/${w.id}/report`} className="font-medium text-blue-700 hover:underline">
            정보 수정 요청
          </Link>
          <Link to={`/wholesaler/${w.id}/terms-report`} className="font-medium text-blue-700 hover:underline">
            조건 제보하기
          </Link>
          {manages ? (
            <Link to={`/supplier/${w.id}/edit`} className="font-medium text-blue-700 hover:underline">
              내 도매처에서 수정
            </Link>
          ) : (
            <Link to={`/wholesaler/${w.id}/claim`} className="font-medium text-blue-700 hover:underline">
              이 도매처의 운영자이신가요?
            </Link>
          )}
        </div>
      </div>
      <div className="mt-6">
        {site ? (
          <a href={site} target="_blank" rel="noopener noreferrer" className={PRIMARY_BUTTON_CLASS}>
            공식 웹사이트 방문
          </a>
        ) : (
          <p className="text-slate-500">등록된 웹사이트가 없습니다.</p>
        )}
      </div>
      <ReviewSection wholesalerId={w.id} section={reviews} />
      {products.length > 0 ? (
        <section aria-labelledby="supplier-products-heading" className="mt-8">
          <h2 id="supplier-products-heading" className="text-lg font-semibold text-slate-900">
            이 도매처의 상품
          </h2>
          <div className={`mt-3 ${gridClass}`}>
            {products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
          {moreProducts ? (
            <Link to={`/products?supplier=${w.id}`} className="mt-3 inline-block text-sm font-medium text-blue-700 hover:underline">
              상품 더 보기
            </Link>
          ) : null}
        </section>
      ) : null}
      {/* The supplier's own shipping fee, when known, is what the seller pays per order on consignment. */}
      <SupplierSellingHelp notes={regulatoryNotes} shipping={w.shippingFee} />
    </article>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
