import { Link } from "react-router";
import { formatDate } from "#app/lib/format.ts";
import type { RegulatoryNote } from "#content/regulatory-notes.ts";

const readOn = (date: string) => formatDate(`${date}T00:00:00+09:00`);

function Note({ note }: { note: RegulatoryNote }) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3">
      <h3 className="font-semibold text-slate-900">{note.title}</h3>
      <p className="mt-1 text-sm leading-6 text-slate-800">{note.text}</p>
      <p className="mt-2 text-sm">
        <a href={note.official.url} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline">
          {note.official.label}
          <span className="sr-only"> (새 탭)</span>
        </a>
      </p>
      <p className="mt-1 text-xs leading-5 text-slate-600">
        출처:{" "}
        {note.sources.map((source, i) => (
          <span key={source.url}>
            {i > 0 ? "; " : ""}
            <a href={source.url} target="_blank" rel="noopener noreferrer" className="underline">
              {source.publisher}, 「{source.name}」
            </a>{" "}
            ({source.date})
          </span>
        ))}{" "}
        · {readOn(note.read)} 확인
      </p>
    </div>
  );
}

// The notes reach these components from the loaders (`notesForCategory` on the server): the whole table of notes
// stays out of the pages' JavaScript, which only ever shows one category's.

/** On /list with a category chosen: what selling that category needs (nothing renders for other categories). */
export function CategoryRegulatoryNotes({ category, notes }: { category: string; notes: RegulatoryNote[] }) {
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="regulatory-notes" className="mb-6">
      <h2 id="regulatory-notes" className="mb-2 text-base font-semibold text-slate-900">
        {category} 판매 전 확인하세요
      </h2>
      {/* Plain blocks, not a list: on /list the list items are the supplier cards. */}
      <div className="grid gap-3 md:grid-cols-2">
        {notes.map((note) => (
          <Note key={note.id} note={note} />
        ))}
      </div>
    </section>
  );
}

/**
 * On a supplier's page: the notes of its category and the margin calculator. `shipping` (the supplier's shipping
 * fee, when known) is handed to the calculator as its 판매자 부담 배송비.
 */
export function SupplierSellingHelp({ notes, shipping }: { notes: RegulatoryNote[]; shipping?: number | null }) {
  const marginHref =
    typeof shipping === "number" && Number.isSafeInteger(shipping) && shipping >= 0
      ? `/tools/margin?shipping=${shipping}`
      : "/tools/margin";
  return (
    <section aria-labelledby="selling-help" className="mt-8">
      <h2 id="selling-help" className="text-lg font-bold text-slate-900">
        판매 전 확인
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        이 도매처 상품으로 얼마가 남는지{" "}
        <Link to={marginHref} className="font-medium text-blue-700 underline">
          마진 계산기
        </Link>
        로 미리 계산해 보세요.
      </p>
      {notes.length > 0 ? (
        <div className="mt-3 grid gap-3">
          {notes.map((note) => (
            <Note key={note.id} note={note} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
