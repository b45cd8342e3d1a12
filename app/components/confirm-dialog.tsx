import { useEffect, useId, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { DELETE_CONFIRMED } from "#app/lib/confirm-before-delete.ts";

type Props = {
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * An accessible confirmation (role="alertdialog", modal, Escape cancels, focus starts on the safe
 * choice). Mount it only while it is open.
 */
export function ConfirmDialog({ message, confirmLabel = "삭제", cancelLabel = "취소", onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const labelId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={labelId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(24rem,calc(100%-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <p id={labelId} className="text-base font-semibold">
        {message}
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <button
          type="button"
          // biome-ignore lint/a11y/noAutofocus: focus belongs on the harmless choice when the dialog opens
          autoFocus
          onClick={onCancel}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
        >
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} className="rounded-lg bg-rose-600 px-4 py-2 font-semibold text-white hover:bg-rose-700">
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/**
 * A post button that asks first (with JavaScript); without JavaScript (or before it has loaded) it posts at
 * once. The page's action answers with a redirect and a one-time message either way.
 *
 * `confirmedFields` (`confirm=1` unless given, lib/confirm-before-delete.ts) are sent only when the dialog's
 * confirm button was pressed. The action requires them (every delete, 회원 탈퇴), so the JavaScript-free
 * first post is answered with the server's own confirmation step, and nothing is deleted by one request.
 */
export function ConfirmSubmitButton({
  fields,
  confirmedFields = DELETE_CONFIRMED,
  label = "삭제",
  message = "정말 삭제하시겠습니까?",
  className = "",
  describedBy,
}: {
  fields: Record<string, string>;
  confirmedFields?: Record<string, string>;
  label?: string;
  message?: string;
  className?: string;
  /** The id of what the button acts on (a row's name), for screen readers: `삭제` alone says not what. */
  describedBy?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Form
        method="post"
        ref={formRef}
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" aria-describedby={describedBy} className={className}>
          {label}
        </button>
      </Form>
      {asking ? (
        <ConfirmDialog
          message={message}
          confirmLabel={label}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            const form = formRef.current;
            if (!form) return;
            const body = new FormData(form);
            for (const [name, value] of Object.entries(confirmedFields)) body.set(name, value);
            submit(body, { method: "post" });
          }}
        />
      ) : null}
    </>
  );
}
