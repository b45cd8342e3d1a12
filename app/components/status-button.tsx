import { type HTMLAttributes, type ReactNode, useState } from "react";
import { useHydrated } from "./use-hydrated.ts";

/**
 * A button that needs JavaScript and says what it did in a status beside it (`공유`, `복사`): until React runs it
 * stays hidden, so a page without JavaScript shows nothing that cannot work. `act` does the work and returns the
 * sentence to say ("" for nothing).
 */
export function StatusButton({
  act,
  children,
  className = "",
  ariaLabel,
  wrapper,
}: {
  act: () => Promise<string>;
  children: ReactNode;
  className?: string;
  ariaLabel?: string;
  /** Attributes of the box around the button and its status (the small module finds `공유` by its data-share). */
  wrapper?: HTMLAttributes<HTMLSpanElement> & Record<`data-${string}`, string>;
}) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState("");
  return (
    <span {...wrapper} className="inline-flex items-center gap-2">
      <button type="button" hidden={!hydrated} aria-label={ariaLabel} onClick={async () => setSaid(await act())} className={className}>
        {children}
      </button>
      <span role="status" className="text-sm text-slate-600">
        {said}
      </span>
    </span>
  );
}
