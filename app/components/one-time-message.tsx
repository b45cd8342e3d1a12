import { useSyncExternalStore } from "react";
import { noToasts, shownToasts, subscribeToToasts, type ToastMessage } from "./browser-messages.ts";

const TONE: Record<ToastMessage["type"], string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-rose-200 bg-rose-50 text-rose-900",
  info: "border-slate-200 bg-white text-slate-900",
};

/**
 * The one-time messages, top right: the one that came with the page (a redirect's flash cookie, read by the root
 * loader) and, on a hydrated page, those its scripts show (`toast` in browser-messages.ts). Drawn by the server and closed
 * after 3 s by CSS alone (`.one-time-message` in app.css), so they read the same with or without JavaScript; each
 * is keyed by its id, so a new message after a client-side navigation starts its 3 s again.
 */
export function OneTimeMessages({ toast }: { toast: ToastMessage | null }) {
  const fromScripts = useSyncExternalStore(subscribeToToasts, shownToasts, noToasts);
  // A page's own error is already an alert on the page (its form's alert); the copy up here is only a status.
  const messages = [
    ...(toast ? [{ ...toast, role: toast.type === "error" ? "alert" : "status" }] : []),
    ...fromScripts.map((m) => ({ ...m, role: "status" })),
  ];
  if (messages.length === 0) return null;
  return (
    <div className="pointer-events-none fixed top-4 right-4 left-4 z-50 flex flex-col items-end gap-2">
      {messages.map((message) => (
        <p
          key={message.id}
          role={message.role}
          className={`one-time-message pointer-events-auto max-w-sm rounded-lg border px-4 py-3 text-sm shadow-md ${TONE[message.type]}`}
        >
          {message.message}
        </p>
      ))}
    </div>
  );
}
