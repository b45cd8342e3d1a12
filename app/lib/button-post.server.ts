import { redirect } from "react-router";
import { safeRedirectPath } from "./safe-redirect.ts";
import { toastCookie } from "./toast.server.ts";

/** The page a button form came from (`redirectTo`, only a path on this site), else `fallback`. */
export function backTo(form: FormData, fallback: string): string {
  return safeRedirectPath(form.get("redirectTo"), fallback);
}

/**
 * The answer of a small button form (compare, 찜) that changes one thing and stays on its page: back to
 * `redirectTo`, with a one-time message when there is one to say. A refusal goes back too, its message as a
 * one-time error message: a button carries no typed values to show again, and the page that must show the
 * message is the one the button sits on, with or without JavaScript. `headers` (cookies) go with either.
 */
export async function buttonPostAnswer(
  form: FormData,
  { ok, message, headers, fallback }: { ok: boolean; message?: string; headers?: HeadersInit; fallback: string },
) {
  const answerHeaders = new Headers(headers);
  if (message) answerHeaders.append("Set-Cookie", await toastCookie({ type: ok ? "success" : "error", message }));
  return redirect(backTo(form, fallback), { headers: answerHeaders });
}
