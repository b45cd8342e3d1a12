import { Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { formatDate } from "#app/lib/format.ts";

type Row = { id: number; title: string; createdAt: Date | string | null; excerpt: string };

/** Note rows: the title links to the note, then the date (or `날짜 없음`) and a plain-text excerpt. */
export function NoteList({ notes }: { notes: Row[] }) {
  if (notes.length === 0) return <EmptyState />;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {notes.map((note) => (
        <li key={note.id} className="px-5 py-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <Link to={`/sellernote/${note.id}`} className="font-semibold text-slate-900 hover:text-blue-700 hover:underline">
              {note.title}
            </Link>
            {note.createdAt ? (
              <time dateTime={new Date(note.createdAt).toISOString()} className="shrink-0 text-sm text-slate-500">
                {formatDate(note.createdAt)}
              </time>
            ) : (
              <span className="shrink-0 text-sm text-slate-500">날짜 없음</span>
            )}
          </div>
          {note.excerpt ? <p className="mt-1 line-clamp-2 text-sm leading-6 text-slate-600">{note.excerpt}</p> : null}
        </li>
      ))}
    </ul>
  );
}
