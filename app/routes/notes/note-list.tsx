import { Link } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { NoteList } from "#app/features/notes/note-list.tsx";
import { listNotes, parsePage } from "#app/features/notes/notes.server.ts";
import { canonicalLink } from "#app/features/sitemap/canonical.ts";
import { absoluteUrl } from "#app/features/sitemap/sitemap.server.ts";
import { getUser } from "#app/lib/auth.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/note-list";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData && loaderData.page > 1 ? `셀러 노트 (${loaderData.page}쪽)` : "셀러 노트",
    description: "위탁판매, 통신판매업 신고, 고객 응대처럼 온라인 셀러가 실제로 부딪히는 문제를 정리한 운영 노트입니다.",
  }),
  ...(loaderData ? [canonicalLink(loaderData.canonical)] : []),
];

export async function loader({ request }: Route.LoaderArgs) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [user, result] = await Promise.all([getUser(request), listNotes({ page })]);
  return {
    ...result,
    isAdmin: user?.role === "admin",
    canonical: absoluteUrl(page > 1 ? `/sellernote?page=${page}` : "/sellernote"),
  };
}

export default function SellerNotes({ loaderData }: Route.ComponentProps) {
  const { notes, page, pageCount, isAdmin } = loaderData;
  return (
    <>
      <PageHeading
        actions={
          isAdmin ? (
            <Link to="/admin/sellernote-add" className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700">
              글쓰기
            </Link>
          ) : null
        }
      >
        셀러 노트
      </PageHeading>
      <NoteList notes={notes} />
      {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} /> : null}
    </>
  );
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const href = (n: number) => (n === 1 ? "/sellernote" : `/sellernote?page=${n}`);
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => first + i);
  const linkClass = "rounded-md border border-slate-200 bg-white px-3 py-1.5 hover:bg-slate-50";
  return (
    <nav aria-label="페이지" className="mt-6 flex flex-wrap items-center justify-center gap-1.5 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} rel="prev">
          이전
        </Link>
      ) : null}
      {pages.map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className="rounded-md bg-blue-600 px-3 py-1.5 font-semibold text-white">
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} className={linkClass} aria-label={`${n}쪽`}>
            {n}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} className={linkClass} rel="next">
          다음
        </Link>
      ) : null}
    </nav>
  );
}
