import { data, redirect } from "react-router";
import { safeRedirectPath } from "./safe-redirect.ts";
import { toastCookie } from "./toast.server.ts";

export type ButtonPostResult = { ok: boolean; message?: string };

/** The page a button form came from (`redirectTo`, only a path on this site), else `fallback`. */
export function backTo(form: FormData, fallback: string): string {
  return safeRedirectPath(form.get("redirectTo"), fallback);
}

/**
 * The answer of a small button form (components/post-toggle.tsx) that changes one thing and stays on
 * its page: JSON for a fetcher (`js=1`, the page reloads its data itself), otherwise a redirect back
 * to `redirectTo`, a refusal's message riding along as a toast. `headers` (cookies) go with either.
 */
export async function buttonPostAnswer(
  form: FormData,
  { ok, message, status, headers, fallback }: { ok: boolean; message?: string; status?: number; headers?: HeadersInit; fallback: string },
) {
  const answerHeaders = new Headers(headers);
  if (form.get("js") === "1")
    return data<ButtonPostResult>({ ok, ...(message ? { message } : {}) }, { status: status ?? (ok ? 200 : 400), headers: answerHeaders });
  if (message) answerHeaders.append("Set-Cookie", await toastCookie({ type: ok ? "success" : "error", message }));
  return redirect(backTo(form, fallback), { headers: answerHeaders });
}
