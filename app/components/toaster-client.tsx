import { useEffect } from "react";
import { Toaster as SonnerToaster, toast as showToast } from "sonner";
import { toasterMounted } from "./toast.ts";
import type { ToastMessage } from "./toaster.tsx";

/** Sonner's toaster and the page's flash message; loaded by toaster.tsx after hydration. */
export default function ClientToaster({ toast }: { toast: ToastMessage | null }) {
  // Runs after sonner's own effects: its toaster is listening by now.
  useEffect(() => toasterMounted(), []);
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : toast.type === "info" ? showToast.info : showToast.success;
    // The id keeps React's double effects and revalidations from showing one flash twice.
    show(toast.message, { id: toast.id });
  }, [toast]);
  return <SonnerToaster position="top-right" duration={3000} richColors closeButton />;
}
