import { useEffect, useRef } from "react";
import { Form, useActionData, useNavigation, useSubmit } from "react-router";
import type { NoteDeleteData } from "./note-actions.server.ts";
import { toast } from "#app/components/toast.ts";

/**
 * `삭제` for an admin on a note page. With JavaScript it asks first in an accessible alert dialog
 * (`삭제` / `취소`); the form posts `intent=delete` to the note's own URL.
 */
export function DeleteNoteButton() {
  const formRef = useRef<HTMLFormElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = useActionData() as NoteDeleteData | undefined;

  useEffect(() => {
    if (result && !result.ok) toast.error(result.error);
  }, [result]);

  return (
    <>
      <Form
        method="post"
        ref={formRef}
        onSubmit={(event) => {
          // useSubmit below posts the form without this event, so every click here only asks.
          event.preventDefault();
          dialogRef.current?.showModal();
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg border border-rose-300 bg-white px-4 py-2 text-sm font-medium text-rose-700 hover:bg-rose-50 disabled:opacity-60"
        >
          삭제
        </button>
        {result && !result.ok ? (
          <p role="alert" className="mt-2 text-sm text-rose-600">
            {result.error}
          </p>
        ) : null}
      </Form>
      <dialog
        ref={dialogRef}
        role="alertdialog"
        aria-labelledby="delete-note-message"
        className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-slate-200 p-6 shadow-xl backdrop:bg-slate-900/40"
      >
        {/* The question is the dialog's name, as in the product delete dialog. */}
        <p id="delete-note-message" className="text-base font-semibold text-slate-900">
          정말 이 게시글을 삭제하시겠습니까?
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <button
            // First in the dialog, so showModal() focuses it: cancel is the safe default for Enter.
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            취소
          </button>
          <button
            type="button"
            onClick={() => {
              dialogRef.current?.close();
              if (formRef.current) submit(formRef.current);
            }}
            className="rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-700"
          >
            삭제
          </button>
        </div>
      </dialog>
    </>
  );
}
