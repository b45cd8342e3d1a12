import { createCookie, redirect } from "react-router";
import { env } from "./env.server.ts";
import { safeRedirectPath } from "./safe-redirect.ts";

/**
 * A one-time message carried to the next page by a cookie. `next`: a path on this site the page moves on to a
 * second after showing it (a meta refresh, so it works without JavaScript too).
 */
export type Toast = { id: string; type: "success" | "error" | "info"; message: string; next?: string };

function flashCookie() {
  return createCookie("flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: env().publicUrl.startsWith("https://"),
    secrets: [env().authSecret],
  });
}

/** Set-Cookie value that carries a toast to the next page (it survives the redirect). */
export async function toastCookie(toast: Omit<Toast, "id">) {
  return flashCookie().serialize({ ...toast, id: crypto.randomUUID() });
}

export async function redirectWithToast(to: string, toast: Omit<Toast, "id">, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(to, { ...init, headers });
}

/** Reads and clears the flash toast; the returned header must be sent with the page. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clearCookie: string | null }> {
  const cookie = flashCookie();
  const value = await cookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value.message !== "string") return { toast: null, clearCookie: null };
  return {
    toast: {
      id: String(value.id),
      type: value.type === "error" ? "error" : value.type === "info" ? "info" : "success",
      message: value.message,
      ...(typeof value.next === "string" ? { next: safeRedirectPath(value.next, "/") } : {}),
    },
    clearCookie: await cookie.serialize("", { maxAge: 0 }),
  };
}
