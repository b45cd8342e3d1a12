import { useEffect } from "react";
import { Toaster as SonnerToaster, toast as showToast } from "sonner";

export type ToastMessage = { id: string; type: "success" | "error" | "info"; message: string };

/** Top-right toasts that close after 3 s; `toast` is a flash message that came with the page. */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : toast.type === "info" ? showToast.info : showToast.success;
    // The id keeps React's double effects and revalidations from showing one flash twice.
    show(toast.message, { id: toast.id });
  }, [toast]);
  return <SonnerToaster position="top-right" duration={3000} richColors closeButton />;
}
