import { redirect } from "react-router";
import { savedSearchAction } from "#app/features/saved-searches/saved-search-actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { requireUser } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/saved-searches";

/** `이 조건 저장` (/list) and `삭제` (/account): the signed-in account's own saved searches only (anonymous: 401). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  return savedSearchAction(user.id, await readForm(request));
}

/** Nothing to show at this address: the saved searches are listed on /account. */
export function loader() {
  return redirect("/account");
}
