import { Link } from "react-router";
import { Breadcrumbs, breadcrumbJsonLd, HOME_CRUMB } from "#app/components/breadcrumbs.tsx";
import { ConfirmSubmitButton } from "#app/components/confirm-dialog.tsx";
import { DeleteConfirmation } from "#app/components/delete-confirmation.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { articleJsonLd, JsonLd } from "#app/components/json-ld.tsx";
import { SHARE_BUTTON_CLASS, ShareButton } from "#app/components/share-button.tsx";
import { deleteNoteAction } from "#app/features/notes/note-actions.server.ts";
import { NoteBody } from "#app/features/notes/note-body.tsx";
import { noteExcerpt, sanitizeNoteHtml } from "#app/features/notes/note-html.server.ts";
import { withOwnNoteImages } from "#app/features/notes/note-images.server.ts";
import { NOTE_NOT_FOUND } from "#app/features/notes/note-schema.ts";
import { getNote } from "#app/features/notes/notes.server.ts";
import { absoluteUrl } from "#app/features/sitemap/sitemap.server.ts";
import { DEFAULT_AUTHOR_NAME } from "#app/features/users/users.server.ts";
import { deleteConfirmationOf } from "#app/lib/confirm-before-delete.ts";
import { formatDate } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/note-detail";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  const note = id === null ? null : await getNote(id);
  // The contract sends a missing note back to the list rather than to an error page.
  if (!note) throw await redirectWithToast("/sellernote", { type: "info", message: NOTE_NOT_FOUND });
  const user = await getUser(request);
  // Stored HTML was sanitised on write; it is sanitised again here, right before it is rendered, and its
  // pictures then point at our own copies (features/notes/note-images.server.ts).
  const sanitized = sanitizeNoteHtml(note.content);
  const html = await withOwnNoteImages(sanitized);
  const description = noteExcerpt(sanitized, 150) || note.title;
  const url = absoluteUrl(`/sellernote/${note.id}`);
  const publisher = siteConfig().siteName;
  const trail = [
    HOME_CRUMB,
    { name: "셀러 정보센터", path: "/seller-info" },
    { name: "셀러 노트", path: "/sellernote" },
    { name: note.title, path: `/sellernote/${note.id}` },
  ];
  return {
    trail,
    breadcrumbs: breadcrumbJsonLd(trail, absoluteUrl),
    note: { id: note.id, title: note.title, createdAt: note.createdAt, author: note.authorName.trim() || DEFAULT_AUTHOR_NAME, html },
    isAdmin: user?.role === "admin",
    description,
    canonical: url,
    jsonLd: articleJsonLd({
      headline: note.title,
      description,
      url,
      datePublished: note.createdAt?.toISOString(),
      dateModified: (note.updatedAt ?? note.createdAt)?.toISOString(),
      author: publisher,
      publisher,
    }),
  };
}

export function action({ request, params }: Route.ActionArgs) {
  return deleteNoteAction(request, params.id);
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  if (!loaderData) return [{ title: "셀러 노트" }];
  return pageMeta({ title: loaderData.note.title, description: loaderData.description, url: loaderData.canonical }, args).map((tag) =>
    "property" in tag && tag.property === "og:type" ? { property: "og:type", content: "article" } : tag,
  );
};

export default function NoteDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { note, isAdmin, jsonLd, trail, breadcrumbs } = loaderData;
  // A delete sent without confirm=1 (no JavaScript yet): the server asks first (lib/confirm-before-delete.ts).
  const confirmDelete = deleteConfirmationOf(actionData);
  if (confirmDelete) return <DeleteConfirmation fields={confirmDelete} />;
  return (
    <>
      <Breadcrumbs trail={trail} />
      <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <header className="border-b border-slate-100 pb-5">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{note.title}</h1>
          <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1.5">
              <dt>작성일</dt>
              <dd>
                {note.createdAt ? <time dateTime={new Date(note.createdAt).toISOString()}>{formatDate(note.createdAt)}</time> : "날짜 없음"}
              </dd>
            </div>
            <div className="flex gap-1.5">
              <dt>작성자</dt>
              <dd>{note.author}</dd>
            </div>
          </dl>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <ShareButton path={`/sellernote/${note.id}`} title={note.title} className={SHARE_BUTTON_CLASS} />
          </div>
          {isAdmin ? (
            <div className="mt-4 flex gap-2">
              <Link
                to={`/admin/sellernote-edit/${note.id}`}
                className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                수정
              </Link>
              <ConfirmSubmitButton
                fields={{ intent: "delete" }}
                message="정말 이 게시글을 삭제하시겠습니까?"
                className="rounded-lg border border-rose-300 bg-white px-4 py-2 text-sm font-medium text-rose-700 hover:bg-rose-50 disabled:opacity-60"
              />
            </div>
          ) : null}
          <div className="mt-2 empty:hidden">
            <FormAlert message={actionData?.message} />
          </div>
        </header>
        <div className="mt-6">
          <NoteBody html={note.html} />
        </div>
      </article>
      <JsonLd data={jsonLd} />
      <JsonLd data={breadcrumbs} />
    </>
  );
}
