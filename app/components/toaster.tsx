import { lazy, Suspense } from "react";
import { useHydrated } from "./use-hydrated.ts";

export type ToastMessage = { id: string; type: "success" | "error" | "info"; message: string };

// Toasts only ever appear in the browser: sonner is fetched after hydration instead of with every page's
// first-load JavaScript. Pages whose forms call toast() import sonner themselves, so there it is already
// loaded and the toaster mounts right after hydration.
const ClientToaster = lazy(() => import("./toaster-client.tsx"));

/** Top-right toasts that close after 3 s; `toast` is a flash message that came with the page. */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ClientToaster toast={toast} />
    </Suspense>
  );
}
