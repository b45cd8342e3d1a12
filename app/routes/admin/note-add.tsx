import { data } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { createNoteAction } from "#app/features/notes/note-actions.server.ts";
import { NoteForm } from "#app/features/notes/note-form.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import type { PageHandle } from "#app/lib/page-handle.ts";
import { requireUser } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/note-add";

/** An admin page outside the admin layout: no ads either (ui-contract "Smaller changes"). */
export const handle = { ads: false } satisfies PageHandle;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "셀러 노트 작성", description: "셀러 노트에 새 글을 씁니다." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Anonymous visitors go to /login; a signed-in non-admin sees the lock message (403), not the form.
  const user = await requireUser(request);
  if (user.role !== "admin") return data({ locked: true }, { status: 403 });
  return { locked: false };
}

export function action({ request }: Route.ActionArgs) {
  return createNoteAction(request);
}

export default function NoteAdd({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading>셀러 노트 작성</PageHeading>
      {loaderData.locked ? (
        <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-6 py-10 text-center">
          <p className="text-lg font-semibold text-amber-900">관리자만 글을 작성할 수 있습니다.</p>
          <p className="mt-2 text-sm text-amber-800">셀러 노트는 관리자 계정으로 로그인한 경우에만 쓸 수 있습니다.</p>
        </div>
      ) : (
        <NoteForm mode="add" />
      )}
    </>
  );
}
