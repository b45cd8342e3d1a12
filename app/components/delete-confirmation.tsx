import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import { DELETE_CONFIRMED, DELETE_QUESTION } from "#app/lib/confirm-before-delete.ts";

/**
 * The server's confirmation step of a delete (lib/confirm-before-delete.ts): shown instead of the page when its
 * action asked, with 삭제 (the same fields and `confirm=1`) and 취소 (back to the page as it was). Another step
 * that cannot be undone by a click (`운영자 해제`) gives its own question, consequence and button.
 */
export function DeleteConfirmation({
  fields,
  what,
  question = DELETE_QUESTION,
  consequence = "삭제하면 되돌릴 수 없습니다.",
  confirmLabel = "삭제",
}: {
  fields: Record<string, string>;
  what?: string;
  question?: string;
  consequence?: string;
  confirmLabel?: string;
}) {
  const location = useLocation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto my-8 max-w-md rounded-xl border border-rose-200 bg-white p-6 text-slate-900 shadow-sm"
    >
      <h1 id={headingId} className="text-lg font-semibold">
        {question}
      </h1>
      {what ? <p className="mt-2 text-sm text-slate-600">{what}</p> : null}
      <p className="mt-2 text-sm text-slate-600">{consequence}</p>
      <div className="mt-6 flex items-center justify-end gap-3">
        <Link
          to={`${location.pathname}${location.search}`}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
        >
          취소
        </Link>
        <Form method="post">
          {Object.entries({ ...fields, ...DELETE_CONFIRMED }).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="rounded-lg bg-rose-600 px-4 py-2 font-semibold text-white hover:bg-rose-700">
            {confirmLabel}
          </button>
        </Form>
      </div>
    </section>
  );
}
