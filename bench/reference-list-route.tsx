/**
 * Benchmark reference (npm run bench): the markup of /list for one full page of 40 cards, from constant
 * data and without touching the database, so the bench can report /list throughput as a ratio to it in
 * the same run. Only a bench build has it: app/routes.ts lists it when BENCH_ROUTES=1 at build time, which
 * bench/server-process.ts sets for its own build folder (robots.txt disallows /bench all the same).
 */

import type { MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { PUBLIC_COUNT_CAP } from "#app/db/paging.server.ts";
import { maskOf } from "#app/db/term-values.ts";
import { NO_CARD_EXTRAS } from "#app/features/directory/card-extras.ts";
import { WholesalerCardGrid } from "#app/features/directory/wholesaler-card-grid.tsx";
import { listHref, parseListParams, WHOLESALERS_PER_PAGE } from "#app/features/wholesalers/wholesaler-list-params.ts";
import { WholesalerSearchForm } from "#app/features/wholesalers/wholesaler-search-form.tsx";
import { factsOf } from "#app/features/wholesalers/wholesaler-terms.ts";
import type { WholesalerCard as Card } from "#app/features/wholesalers/wholesaler-types.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { seededRandom, wholesalerRow, wholesalerTermsRow } from "./catalogue-generator.ts";

/** 40 cards shaped like the generated catalogue's, built once per process. */
const ITEMS: Card[] = (() => {
  const random = seededRandom(40);
  const termsRandom = seededRandom(41);
  return Array.from({ length: WHOLESALERS_PER_PAGE }, (_, i) => {
    const row = wholesalerRow(i, random);
    return { id: i + 1, status: "published" as const, ...row, logoUrl: "", factMask: maskOf(factsOf(wholesalerTermsRow(i, termsRandom))) };
  });
})();

export const meta: MetaFunction = () => [
  ...pageMeta({
    title: "도매 사이트 목록",
    description: "카테고리와 검색으로 온라인 판매에 맞는 도매처를 찾아보세요. 초성(ㄷㅁㄲ)으로도 찾을 수 있습니다.",
  }),
  { name: "robots", content: "noindex" },
];

export function loader() {
  // What /list's loader returns for its first page of a catalogue past the count cap: the parsed
  // (default) state, one page of cards and the capped total.
  const params = parseListParams(new URLSearchParams());
  const pageCount = Math.ceil((PUBLIC_COUNT_CAP + 1) / WHOLESALERS_PER_PAGE);
  return { ...params, items: ITEMS, total: PUBLIC_COUNT_CAP, totalIsCapped: true, page: 1, pageCount, extras: NO_CARD_EXTRAS };
}

/** The same elements, classes and texts as /list's result state. */
export default function ReferenceList() {
  const { items, total, totalIsCapped, page, pageCount, extras, ...state } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading>도매 사이트 목록</PageHeading>
      <WholesalerSearchForm state={{ ...state, page }} />
      <p className="mb-3 text-sm text-slate-600" aria-live="polite">
        총 {total.toLocaleString("ko-KR")}곳{totalIsCapped ? " 이상" : ""}
      </p>
      <WholesalerCardGrid items={items} extras={extras} />
      <Pager page={page} pageCount={pageCount} hrefFor={(n) => listHref({ ...state, page: n })} keepScroll={false} />
    </>
  );
}
