import { data, Link } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { updateNoteAction } from "#app/features/notes/note-actions.server.ts";
import { NoteForm } from "#app/features/notes/note-form.tsx";
import { sanitizeNoteHtml } from "#app/features/notes/note-html.server.ts";
import { NOTE_NOT_FOUND } from "#app/features/notes/note-schema.ts";
import { getNote } from "#app/features/notes/notes.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import type { Route } from "./+types/note-edit";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "셀러 노트 수정", description: "셀러 노트의 글을 고칩니다." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  const note = id === null ? null : await getNote(id);
  if (!note) return data({ note: null }, { status: 404 });
  return { note: { id: note.id, title: note.title, content: sanitizeNoteHtml(note.content) } };
}

export function action({ request, params }: Route.ActionArgs) {
  return updateNoteAction(request, params.id);
}

export default function NoteEdit({ loaderData }: Route.ComponentProps) {
  const { note } = loaderData;
  return (
    <>
      <PageHeading>셀러 노트 수정</PageHeading>
      {note ? (
        // key: moving from one note's edit page to another's starts a fresh editor
        <NoteForm key={note.id} mode="edit" initialTitle={note.title} initialContent={note.content} />
      ) : (
        <div role="alert" className="rounded-xl border border-slate-200 bg-white px-6 py-10 text-center">
          <p className="text-lg font-semibold text-slate-900">{NOTE_NOT_FOUND}</p>
          <Link to="/sellernote" className="mt-4 inline-block text-blue-700 underline">
            셀러 노트 목록으로
          </Link>
        </div>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
