import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";

export const TOGGLE_BUTTON_CLASS =
  "inline-flex items-center justify-center whitespace-nowrap rounded-md border px-3 py-1.5 text-sm font-medium transition disabled:opacity-60";

type Props = {
  /** The action that changes the state (`/compare`, `/favorites`). */
  action: string;
  /** Sent with the form besides `intent` (add/remove) and `redirectTo`. */
  fields: Record<string, string>;
  /** The state on the server now: on → the button removes, off → it adds. */
  on: boolean;
  label: { on: string; off: string };
  /** Mark the button as a toggle (`aria-pressed`). */
  pressable?: boolean;
  className?: (on: boolean) => string;
};

/**
 * A one-button form that adds or removes something and stays on the page: a real POST that redirects
 * back (lib/button-post.server.ts), sent by a fetcher with JavaScript: the button shows its new state at
 * once, and the redirect reloads the page's data and brings the one-time message of a refusal.
 */
export function PostToggle({ action, fields, on, label, pressable = false, className }: Props) {
  const fetcher = useFetcher();
  const location = useLocation();
  // What the last change did, and from which server state: a page whose loader does not run again after
  // the post (the detail page, so a view is not counted twice) still shows the new state.
  const submitted = useRef<{ from: boolean; to: boolean } | null>(null);
  const [settled, setSettled] = useState<{ from: boolean; to: boolean } | null>(null);
  const pending = fetcher.state !== "idle";
  const current = settled && settled.from === on ? settled.to : on;
  const shown = pending ? fetcher.formData?.get("intent") === "add" : current;
  // When the post is over, the state changed unless the redirect brought a new error message (a refusal).
  const message = (useRouteLoaderData("root") as { toast?: { id: string; type: string } | null } | undefined)?.toast;
  const messageAtSubmit = useRef<string | undefined>(undefined);
  const wasBusy = useRef(false);
  useEffect(() => {
    const busy = fetcher.state !== "idle";
    const refused = message?.type === "error" && message.id !== messageAtSubmit.current;
    if (wasBusy.current && !busy && !refused) setSettled(submitted.current);
    wasBusy.current = busy;
  }, [fetcher.state, message]);
  return (
    <fetcher.Form
      method="post"
      action={action}
      preventScrollReset
      onSubmit={() => {
        submitted.current = { from: on, to: !current };
        messageAtSubmit.current = message?.id;
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value={current ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        disabled={pending}
        aria-pressed={pressable ? shown : undefined}
        className={className?.(shown) ?? TOGGLE_BUTTON_CLASS}
      >
        {shown ? label.on : label.off}
      </button>
    </fetcher.Form>
  );
}
