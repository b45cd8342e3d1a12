import { createCookie } from "react-router";
import { wholesalerExists } from "#app/features/wholesalers/wholesalers.server.ts";
import { buttonPostAnswer } from "#app/lib/button-post.server.ts";
import { env } from "#app/lib/env.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { parseCompareIds } from "./compare-ids.server.ts";
import { MAX_COMPARE, TOO_MANY_MESSAGE } from "./compare-ids.ts";

/**
 * The suppliers a visitor chose to compare live in a cookie (`3.17.5`), not in the database: no
 * account needed, it lasts across page loads for 30 days, and nothing about a visitor is stored.
 * Only the server reads it (httpOnly); every id in it is checked again when it is read.
 */
function compareCookie() {
  return createCookie("compare", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60 * 60 * 24 * 30,
    secure: env().publicUrl.startsWith("https://"),
    secrets: [env().authSecret],
  });
}

export async function readCompareIds(request: Request): Promise<number[]> {
  let value: unknown;
  try {
    value = await compareCookie().parse(request.headers.get("Cookie"));
  } catch {
    return []; // a cookie that is not ours to read
  }
  return typeof value === "string" ? parseCompareIds(value, ".").ids : [];
}

async function compareCookieHeader(ids: readonly number[]) {
  return ids.length ? compareCookie().serialize(ids.join(".")) : compareCookie().serialize("", { maxAge: 0 });
}

const NOT_FOUND = "도매처를 찾을 수 없습니다.";

/**
 * POST /compare: `intent` add / remove / clear with the supplier's `id`. Adding a fifth is refused with
 * `최대 4곳까지 비교할 수 있습니다.`, an unknown supplier with `도매처를 찾을 수 없습니다.` (404); the answer
 * goes back to the page the button was on (lib/button-post.server.ts).
 */
export async function compareAction(request: Request, form: FormData) {
  const current = await readCompareIds(request);
  const intent = form.get("intent");
  const answer = async (ids: number[]) =>
    buttonPostAnswer(form, { ok: true, headers: { "Set-Cookie": await compareCookieHeader(ids) }, fallback: "/list" });
  if (intent === "clear") return answer([]);
  const id = parseIdParam(form.get("id"));
  if (intent === "remove") return answer(current.filter((chosen) => chosen !== id));
  if (intent !== "add") return buttonPostAnswer(form, { ok: false, message: "요청을 처리할 수 없습니다.", fallback: "/list" });
  if (id === null || !(await wholesalerExists(id))) return buttonPostAnswer(form, { ok: false, message: NOT_FOUND, fallback: "/list" });
  if (current.includes(id)) return answer(current);
  if (current.length >= MAX_COMPARE) return buttonPostAnswer(form, { ok: false, message: TOO_MANY_MESSAGE, fallback: "/list" });
  return answer([...current, id]);
}
