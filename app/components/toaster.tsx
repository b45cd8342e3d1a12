import { lazy, Suspense } from "react";
import { useHydrated } from "./use-hydrated.ts";

export type ToastMessage = { id: string; type: "success" | "error" | "info"; message: string };

// Toasts only ever appear in the browser: sonner is fetched after hydration instead of with every page's
// first-load JavaScript. Pages whose forms call toast() import sonner themselves, so there it is already
// loaded and the toaster mounts right after hydration.
const ClientToaster = lazy(() => import("./toaster-client.tsx"));

const NO_SCRIPT_TONE: Record<ToastMessage["type"], string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-rose-200 bg-rose-50 text-rose-900",
  info: "border-slate-200 bg-white text-slate-900",
};

/**
 * Top-right toasts that close after 3 s; `toast` is a flash message that came with the page. Without
 * JavaScript the same message is drawn in the same corner by the server (inside `<noscript>`, so a
 * browser that runs scripts never shows it twice): every action answers success with a redirect and
 * such a message, and a person without JavaScript must read it too.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return toast ? (
      <noscript>
        <p
          role={toast.type === "error" ? "alert" : "status"}
          className={`fixed top-4 right-4 z-50 max-w-sm rounded-lg border px-4 py-3 text-sm shadow-md ${NO_SCRIPT_TONE[toast.type]}`}
        >
          {toast.message}
        </p>
      </noscript>
    ) : null;
  }
  return (
    <Suspense fallback={null}>
      <ClientToaster toast={toast} />
    </Suspense>
  );
}
