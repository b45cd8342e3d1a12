import { Link } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { NoteList } from "#app/features/notes/note-list.tsx";
import { listLatestNotes } from "#app/features/notes/notes.server.ts";
import { PolicyCards } from "#app/features/seller-tools/policy-cards.tsx";
import { SellerToolsTable } from "#app/features/seller-tools/seller-tools-table.tsx";
import { absoluteUrl } from "#app/features/sitemap/sitemap.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import { guides } from "#content/guides/all-guides.ts";
import { policyProgrammes, sellerTools } from "#content/seller-tools.ts";
import type { Route } from "./+types/seller-info";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: "셀러 정보센터",
      description:
        "온라인 셀러를 위한 정책 지원 사업, 판매 전략 가이드 8편, 키워드·트렌드·광고 도구 모음과 셀러 노트를 한곳에서 확인하세요.",
      url: args.loaderData?.canonical,
    },
    args,
  );

export async function loader({ request }: Route.LoaderArgs) {
  const [user, notes] = await Promise.all([getUser(request), listLatestNotes(5)]);
  // Only what the cards show: the guides' full text stays on the server, out of this page's JavaScript.
  const guideCards = guides.map(({ slug, title, description }) => ({ slug, title, description }));
  return { isAdmin: user?.role === "admin", notes, guides: guideCards, canonical: absoluteUrl("/seller-info") };
}

const sectionHeading = "text-xl font-bold text-slate-900";

export default function SellerInfo({ loaderData }: Route.ComponentProps) {
  const { isAdmin, notes, guides } = loaderData;
  return (
    <>
      <PageHeading>셀러 정보센터</PageHeading>
      <p className="-mt-3 mb-8 text-slate-600">
        판로 지원 사업부터 판매 전략, 분석 도구, 운영 노하우까지 온라인 판매에 필요한 정보를 모았습니다.
      </p>

      <section aria-labelledby="policy" className="mb-12">
        <h2 id="policy" className={`${sectionHeading} mb-4`}>
          정책 지원
        </h2>
        <PolicyCards programmes={policyProgrammes} />
      </section>

      <section aria-labelledby="insight" className="mb-12">
        <h2 id="insight" className={`${sectionHeading} mb-4`}>
          셀링 인사이트
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {guides.map((guide) => (
            <li key={guide.slug}>
              <Link
                to={`/sellinginsight/${guide.slug}`}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-300 hover:shadow"
              >
                <span className="font-semibold text-slate-900">{guide.title}</span>
                <span className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">{guide.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="tools" className="mb-12">
        <h2 id="tools" className={`${sectionHeading} mb-4`}>
          셀러 도구
        </h2>
        <p className="mb-4 rounded-xl border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-slate-800">
          판매가, 공급가, 배송비, 수수료와 광고비로 한 개당 순이익을 계산해 보세요:{" "}
          <Link to="/tools/margin" className="font-semibold text-blue-700 underline">
            마진 계산기
          </Link>
        </p>
        <SellerToolsTable tools={sellerTools} />
        <p className="mt-2 text-xs text-slate-500">
          요금과 기능은 각 서비스의 사정에 따라 바뀔 수 있으니 이용 전에 공식 사이트에서 확인해 주세요.
        </p>
      </section>

      <section aria-labelledby="notes">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="notes" className={sectionHeading}>
            셀러 노트
          </h2>
          <div className="flex items-center gap-3">
            <Link to="/sellernote" className="text-sm font-medium text-blue-700 underline">
              셀러 노트 전체 보기
            </Link>
            {isAdmin ? (
              <Link
                to="/admin/sellernote-add"
                className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
              >
                글쓰기
              </Link>
            ) : null}
          </div>
        </div>
        <NoteList notes={notes} />
      </section>
    </>
  );
}
