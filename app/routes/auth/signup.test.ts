import { expect, test } from "vitest";
import { finishPendingFavorite } from "#app/features/favorites/favorites.server.ts";
import { signUpAction } from "#app/features/users/auth-actions.server.ts";
import { signupFields } from "#tests/factories.ts";
import { asResponse, formRequest, getRequest } from "#tests/request.ts";
import { callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

// As the /login and /signup routes call them: a 찜 pressed while signed out is finished by the favourites.
async function signUp(email: string, password = "correct-horse-9", extra: Record<string, string> = {}) {
  return asResponse(
    await signUpAction(formRequest("/signup", signupFields(email, password, extra)), { afterSignIn: finishPendingFavorite }),
  );
}

test("a plain sign-up returns to the page of this site the person came from (its referrer), else /list", async () => {
  const cameFrom = async (referer?: string) => {
    const page = asResponse(await callLoader(getRequest("/signup", { headers: referer ? { referer } : {} })));
    expect(page.headers.get("Vary")).toBe("Cookie, Referer");
    return (page.data as { cameFrom: string | null }).cameFrom;
  };
  expect(await cameFrom("http://localhost:3000/compare?ids=3,4")).toBe("/compare?ids=3,4");
  expect(await cameFrom("http://localhost:3000/wholesaler/7")).toBe("/wholesaler/7");
  // Another site, a sign-in page, a path the redirect rules refuse, nothing: no page to go back to.
  for (const other of [
    "https://evil.example/compare",
    "http://localhost:3001/list",
    "http://localhost:3000/login?redirectTo=/add",
    "http://localhost:3000/signup",
    "http://localhost:3000/signup.data",
    "http://localhost:3000/%2F%2Fevil.example",
    "not a url",
    undefined,
  ])
    expect(await cameFrom(other), other).toBeNull();
  // The form sends it as redirectTo; the sign-up ends there.
  const back = await signUp("came-from@example.com", "correct-horse-9", { redirectTo: "/compare?ids=3,4" });
  expect(back.location).toBe("/compare?ids=3,4");
});
