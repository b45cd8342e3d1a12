import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { toast } from "./toast.ts";
import { useHydrated } from "./use-hydrated.ts";

export const TOGGLE_BUTTON_CLASS =
  "inline-flex items-center justify-center whitespace-nowrap rounded-md border px-3 py-1.5 text-sm font-medium transition disabled:opacity-60";

type Props = {
  /** The action that changes the state (`/compare`, `/favorites`). */
  action: string;
  /** Sent with the form besides `intent` (add/remove), `redirectTo` and, with JavaScript, `js=1`. */
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
 * back without JavaScript, a fetcher with JavaScript (the page's data reloads, the button shows its new
 * state at once and a refusal appears as a toast). lib/button-post.server.ts answers it.
 */
export function PostToggle({ action, fields, on, label, pressable = false, className }: Props) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const hydrated = useHydrated();
  const location = useLocation();
  // What the last change did, and from which server state: a page whose loader does not run again after
  // the post (the detail page, so a view is not counted twice) still shows the new state.
  const submitted = useRef<{ from: boolean; to: boolean } | null>(null);
  const [settled, setSettled] = useState<{ from: boolean; to: boolean } | null>(null);
  const pending = fetcher.state !== "idle";
  const current = settled && settled.from === on ? settled.to : on;
  const shown = pending ? fetcher.formData?.get("intent") === "add" : current;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) setSettled(submitted.current);
    else if (fetcher.data.message) toast.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form
      method="post"
      action={action}
      onSubmit={() => {
        submitted.current = { from: on, to: !current };
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value={current ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
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
