import { Link } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { NoteList } from "#app/features/notes/note-list.tsx";
import { listNotes } from "#app/features/notes/notes.server.ts";
import { absoluteUrl } from "#app/features/sitemap/sitemap.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { parsePageParam } from "#app/lib/url-params.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/note-list";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  return [
    ...pageMeta(
      {
        title: loaderData && loaderData.page > 1 ? `셀러 노트 (${loaderData.page}쪽)` : "셀러 노트",
        description: "위탁판매, 통신판매업 신고, 고객 응대처럼 온라인 셀러가 실제로 부딪히는 문제를 정리한 운영 노트입니다.",
        url: loaderData?.canonical,
      },
      args,
    ),
    // The notes' Atom feed (docs/decisions/0053).
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "셀러 노트", href: "/sellernote.xml" },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
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
            <Link
              to="/admin/sellernote-add"
              className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
            >
              글쓰기
            </Link>
          ) : null
        }
      >
        셀러 노트
      </PageHeading>
      <NoteList notes={notes} />
      <Pager page={page} pageCount={pageCount} label="셀러 노트 페이지" />
    </>
  );
}
