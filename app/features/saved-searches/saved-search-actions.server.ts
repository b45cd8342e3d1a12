import { buttonPostAnswer } from "#app/lib/button-post.server.ts";
import { log } from "#app/lib/log.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { SAVED_SEARCH_WORDS } from "./saved-search-params.ts";
import { deleteSavedSearch, type SaveResult, saveSearch } from "./saved-searches.server.ts";

const SAVE_ANSWERS: Record<SaveResult, { ok: boolean; message: string }> = {
  saved: { ok: true, message: SAVED_SEARCH_WORDS.saved },
  already: { ok: true, message: SAVED_SEARCH_WORDS.already },
  "too-many": { ok: false, message: SAVED_SEARCH_WORDS.tooMany },
  "too-long": { ok: false, message: SAVED_SEARCH_WORDS.tooLong },
  empty: { ok: false, message: SAVED_SEARCH_WORDS.empty },
  unverified: { ok: false, message: SAVED_SEARCH_WORDS.unverified },
};

/**
 * POST /saved-searches, the two buttons of saved searches: `이 조건 저장` on /list (`intent=save`, `search` the list's
 * query string) and `삭제` on /account (`intent=delete`, `id`). Each goes back to its page with a one-time message,
 * a refusal as an error message (lib/button-post.server.ts), with or without JavaScript.
 */
export async function savedSearchAction(userId: string, form: FormData) {
  const intent = form.get("intent");
  if (intent === "save") {
    const search = form.get("search");
    const result = await saveSearch(userId, typeof search === "string" ? search : "");
    if (result === "saved") log.info("search saved");
    return buttonPostAnswer(form, { ...SAVE_ANSWERS[result], fallback: "/list" });
  }
  if (intent === "delete") {
    const id = parseIdParam(form.get("id"));
    const deleted = id !== null && (await deleteSavedSearch(userId, id));
    return buttonPostAnswer(form, {
      ok: deleted,
      message: deleted ? SAVED_SEARCH_WORDS.deleted : SAVED_SEARCH_WORDS.gone,
      fallback: "/account",
    });
  }
  return buttonPostAnswer(form, { ok: false, message: "요청을 처리할 수 없습니다.", fallback: "/list" });
}
