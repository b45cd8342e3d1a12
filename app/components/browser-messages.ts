/**
 * toast.success/error/info for a hydrated page's own messages (a refusal a fetcher brought back, a rule the
 * editor checks): they join the one-time message region of the root (components/one-time-message.tsx) and
 * close after 3 s as the server's messages do, with CSS. No library: a list and its listeners.
 */
export type ToastMessage = { id: string; type: "success" | "error" | "info"; message: string };
type Options = { id?: string | number };

const NONE: ToastMessage[] = [];
let shown: ToastMessage[] = NONE;
const listeners = new Set<() => void>();

function publish(next: ToastMessage[]) {
  shown = next;
  for (const listener of listeners) listener();
}

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const shownToasts = () => shown;
export const noToasts = () => NONE;

function show(type: ToastMessage["type"]) {
  return (message: string, options?: Options) => {
    // A fresh id restarts the message's 3 s (the region keys each message by it); a given id replaces its last one.
    const id = `${options?.id ?? "toast"}-${crypto.randomUUID()}`;
    const kept = shown.filter((toast) => options?.id === undefined || !toast.id.startsWith(`${options.id}-`));
    publish([...kept.slice(-2), { id, type, message }]);
    // Gone from the list a little after the animation has hidden it.
    setTimeout(() => publish(shown.filter((toast) => toast.id !== id)), 4_000);
  };
}

export const toast = { success: show("success"), error: show("error"), info: show("info") };
