import { auth } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/oauth-callback";

/**
 * Where 카카오 and 네이버 send the browser back (the redirect URI an operator registers with each:
 * `<PUBLIC_URL>/api/auth/callback/kakao` and `…/naver`). Only this one Better Auth endpoint is served: sign-up and
 * sign-in go through the site's own forms (features/users/provider-sign-in.server.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}
