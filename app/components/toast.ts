/**
 * toast.success/error/info for components on public pages: sonner is loaded on first use (with the
 * toaster, after hydration) instead of with the page's first-load JavaScript. A message waits until
 * the toaster is mounted, so none is lost however early it is shown.
 */
type Kind = "success" | "error" | "info";
type Options = { id?: string | number };

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the toaster once sonner's <Toaster> is on the page. */
export function toasterMounted() {
  markMounted();
}

function show(kind: Kind) {
  return (message: string, options?: Options) => {
    void Promise.all([import("sonner"), mounted]).then(([{ toast }]) => {
      toast[kind](message, options);
    });
  };
}

export const toast = { success: show("success"), error: show("error"), info: show("info") };
