import { redirect } from "react-router";
import { signOutAction } from "#app/features/users/auth-actions.server.ts";
import type { Route } from "./+types/logout";

export function loader() {
  // Logging out changes state, so it is a POST only; a GET (link prefetch, crawler) just goes home.
  return redirect("/");
}

export function action({ request }: Route.ActionArgs) {
  return signOutAction(request);
}
