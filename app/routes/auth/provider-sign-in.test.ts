import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { account, consents, user } from "#app/db/schema.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import { signedUpAccount } from "#tests/factories.ts";
import { setAllowHosts } from "#tests/network.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { mailText, useSmtpStandIn } from "#tests/smtp.ts";
import { type StandInOAuth, type StandInProvider, startStandInOAuth } from "#tests/stand-in-oauth.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();
const smtp = useSmtpStandIn();

let oauth: StandInOAuth;
beforeAll(async () => {
  oauth = await startStandInOAuth();
  Object.assign(process.env, oauth.env());
  setAllowHosts(oauth.allowHost);
});
afterAll(async () => {
  for (const name of Object.keys(oauth.env())) delete process.env[name];
  setAllowHosts("");
  await oauth.close();
});
beforeEach(() => {
  oauth.member.kakao = { id: 4_200_000_001, email: "kakao.seller@example.com" };
  oauth.member.naver = { id: "naver-member-1", email: "naver.seller@example.com" };
  oauth.deny.kakao = false;
});

const ALL_CONSENTS = { agreeTerms: "yes", agreePrivacy: "yes", agreeAge: "yes" };

/** The provider's address a page's button sent the browser to, and the cookies it set on the way. */
async function start(path: string, fields: Record<string, string>, cookie = "") {
  const started = await caught(() => callAction(formRequest(path, fields, { cookie })));
  return { ...started, cookie: cookiesFrom(new Response(null, { headers: started.headers }), cookie) };
}

/**
 * A whole round: the button on `path`, the service's sign-in page (the stand-in answers at once, as a person
 * already signed in there who agrees), and the return to /api/auth/callback/<provider>. What the browser ends on.
 */
async function round(path: string, provider: StandInProvider, fields: Record<string, string> = {}, cookie = "") {
  const started = await start(path, { provider, ...fields }, cookie);
  expect(started.status, JSON.stringify(started.data)).toBe(302);
  const atService = await fetch(started.location ?? "", { redirect: "manual" });
  expect(atService.status).toBe(302);
  const back = new URL(atService.headers.get("location") ?? "");
  const finished = asResponse(await callLoader(getRequest(`${back.pathname}${back.search}`, { cookie: started.cookie })));
  return { ...finished, back, cookie: cookiesFrom(new Response(null, { headers: finished.headers }), started.cookie) };
}

async function accountsOf(email: string) {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) return null;
  const linked = await db()
    .select({ providerId: account.providerId, accountId: account.accountId })
    .from(account)
    .where(eq(account.userId, row.id));
  const agreed = await db().select({ kind: consents.kind }).from(consents).where(eq(consents.userId, row.id));
  return { id: row.id, providers: linked.map((item) => item.providerId).sort(), consents: agreed.map((item) => item.kind).sort() };
}

test("카카오 sign-up with the consents makes an account with the provider's e-mail and those consents, signed in, on /account", async () => {
  const done = await round("/signup", "kakao", { ...ALL_CONSENTS, agreeNews: "yes" });
  expect(done.status).toBe(302);
  expect(done.location).toBe("/account?joined=1");
  expect(await accountsOf("kakao.seller@example.com")).toMatchObject({
    providers: ["kakao"],
    consents: ["age", "news", "privacy", "terms"],
  });
  const signedIn = await getUser(getRequest("/account", { cookie: done.cookie }));
  expect(signedIn?.email).toBe("kakao.seller@example.com");
  // No name is taken from the provider (docs/spec/decisions.md 29).
  const [row] = await db().select({ name: user.name }).from(user).where(eq(user.email, "kakao.seller@example.com"));
  expect(row?.name).toBe("");

  // The next time, 카카오 로그인 on /login signs in to the same account and goes where the person was.
  const again = await round("/login", "kakao", { redirectTo: "/favorites" });
  expect(again.location).toBe("/favorites");
  expect((await getUser(getRequest("/", { cookie: again.cookie })))?.id).toBe((await accountsOf("kakao.seller@example.com"))?.id);
});

test("네이버 sign-up and sign-in: the same, with Naver's own answer shapes", async () => {
  const done = await round("/signup", "naver", { agreeAll: "yes" });
  expect(done.location).toBe("/account?joined=1");
  expect(await accountsOf("naver.seller@example.com")).toMatchObject({
    providers: ["naver"],
    consents: ["age", "news", "privacy", "terms"],
  });
  const again = await round("/login", "naver");
  expect(again.location).toBe("/list");
  expect((await getUser(getRequest("/", { cookie: again.cookie })))?.email).toBe("naver.seller@example.com");
});

test("a sign-up without each required consent never reaches the provider; /login never makes an account", async () => {
  const tokenRequests = oauth.tokenRequests.length;
  const refused = await start("/signup", { provider: "kakao", agreeTerms: "yes", agreeAge: "yes" });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.data)).toContain("필수 항목에 모두 동의해 주세요.");
  expect(oauth.tokenRequests).toHaveLength(tokenRequests);

  // 카카오 로그인 on /login by someone who never signed up: back on /login with the reason, no account.
  oauth.member.kakao = { id: 4_200_000_777, email: "stranger@example.com" };
  const done = await round("/login", "kakao");
  expect(done.location).toBe("/login?provider=kakao&error=signup_disabled");
  expect(await accountsOf("stranger@example.com")).toBeNull();
  const page = asResponse(await callLoader(getRequest(done.location ?? "")));
  expect((page.data as { providerError: string }).providerError).toBe(
    "카카오 계정으로 가입한 회원이 아닙니다. 회원가입에서 필수 항목에 동의한 뒤 카카오 로그인을 눌러 주세요.",
  );

  // A provider the operator did not set up, or no provider at all, is a plain 400.
  for (const provider of ["google", ""]) expect((await start("/login", { provider })).status).toBe(400);
});

test("the provider's e-mail of an existing password account: never joined by the e-mail; linked on /account after signing in", async () => {
  oauth.member.kakao = { id: 4_200_000_101, email: "owner@example.com" };
  const owner = await signedUpAccount("owner@example.com");
  const joined = await round("/signup", "kakao", ALL_CONSENTS);
  expect(joined.location).toBe("/signup?provider=kakao&error=account_not_linked");
  expect(await getUser(getRequest("/", { cookie: joined.cookie }))).toBeNull();
  expect(await accountsOf("owner@example.com")).toMatchObject({ id: owner.id, providers: ["credential"] });
  const refusedPage = asResponse(await callLoader(getRequest(joined.location ?? "")));
  expect((refusedPage.data as { providerError: string }).providerError).toContain(
    "그 계정으로 로그인한 뒤 내 계정에서 카카오 계정을 연결해 주세요.",
  );

  // Signed in with the password, the owner links 카카오 on /account (the provider's e-mail may differ).
  oauth.member.kakao = { id: 4_200_000_101, email: "another.address@example.com" };
  const linked = await round("/account", "kakao", { intent: "link-provider" }, owner.cookie);
  expect(linked.location).toBe("/account?linked=1");
  expect(await accountsOf("owner@example.com")).toMatchObject({ id: owner.id, providers: ["credential", "kakao"] });
  const page = asResponse(await callLoader(getRequest("/account?linked=1", { cookie: owner.cookie })));
  expect(page.data).toMatchObject({
    providers: [
      { id: "kakao", linked: true },
      { id: "naver", linked: false },
    ],
    providerNotice: "간편 로그인을 연결했습니다.",
  });

  // From now on 카카오 로그인 opens that account.
  const again = await round("/login", "kakao");
  expect((await getUser(getRequest("/", { cookie: again.cookie })))?.id).toBe(owner.id);

  // The same 카카오 member cannot be linked to a second account.
  const other = await signedUpAccount("other@example.com");
  const twice = await round("/account", "kakao", { intent: "link-provider" }, other.cookie);
  expect(twice.location).toBe("/account?provider=kakao&error=account_already_linked_to_different_user");
  expect(await accountsOf("other@example.com")).toMatchObject({ providers: ["credential"] });
  // Linking needs a signed-in account.
  expect((await start("/account", { intent: "link-provider", provider: "kakao" })).status).toBe(401);
});

test("a forged state, a replayed code, a cancelled consent or a profile without an id: back to the page with a reason, nothing made", async () => {
  // Forged: a state Better Auth never issued.
  const forged = asResponse(await callLoader(getRequest("/api/auth/callback/kakao?code=abc&state=forged-state")));
  expect(forged.status).toBe(302);
  expect(forged.location).toMatch(/\/login\?error=/);

  // Replayed: a second sign-in whose return carries the first one's (used) code.
  oauth.member.kakao = { id: 4_200_000_202, email: "replay@example.com" };
  const first = await round("/signup", "kakao", ALL_CONSENTS);
  expect(first.location).toBe("/account?joined=1");
  const usedCode = first.back.searchParams.get("code") ?? "";
  const second = await start("/login", { provider: "kakao" });
  const state = new URL(second.location ?? "").searchParams.get("state") ?? "";
  const replay = asResponse(
    await callLoader(getRequest(`/api/auth/callback/kakao?${new URLSearchParams({ code: usedCode, state })}`, { cookie: second.cookie })),
  );
  expect(replay.location).toBe("/login?provider=kakao&error=invalid_code");
  expect(oauth.tokenRequests.at(-1)).toMatchObject({ code: usedCode, granted: false });

  // The same return twice: the state is used up by the first.
  const again = asResponse(await callLoader(getRequest(`${first.back.pathname}${first.back.search}`, { cookie: first.cookie })));
  expect(again.location).toMatch(/error=/);

  // The person presses 취소 at Naver.
  oauth.deny.naver = true;
  const cancelled = await round("/signup", "naver", ALL_CONSENTS);
  oauth.deny.naver = false;
  expect(cancelled.location).toBe("/signup?provider=naver&error=access_denied&error_description=User+denied+access");
  const page = asResponse(await callLoader(getRequest(cancelled.location ?? "")));
  expect((page.data as { providerError: string }).providerError).toBe("네이버 로그인을 취소했습니다.");

  // A profile answer without an id.
  oauth.member.naver = { id: null, email: "noid@example.com" };
  const noId = await round("/signup", "naver", ALL_CONSENTS);
  expect(noId.location).toBe("/signup?provider=naver&error=unable_to_get_user_info");
  expect(await accountsOf("noid@example.com")).toBeNull();
});

test("카카오 without an e-mail: an account with no address, asked for one and its confirmation before alerts, saved searches and reviews", async () => {
  oauth.member.kakao = { id: 4_200_000_555, email: null };
  const done = await round("/signup", "kakao", ALL_CONSENTS);
  expect(done.location).toBe("/account?joined=1");
  const page = asResponse(await callLoader(getRequest("/account?joined=1", { cookie: done.cookie })));
  expect(page.data).toMatchObject({ email: null, emailVerified: false, hasPassword: false, joined: true });

  // 찜 alerts are refused until an address is added; 확인 메일 보내기 of an address it does not have sends nothing.
  const alerts = await caught(() => callAction(formRequest("/account", { intent: "alerts", alerts: "on" }, { cookie: done.cookie })));
  expect(alerts.status).toBe(409);
  const noVerify = await caught(() => callAction(formRequest("/account", { intent: "send-verification" }, { cookie: done.cookie })));
  expect(noVerify.status).toBe(400);

  // An address another account uses is refused.
  await signedUpAccount("taken@example.com");
  const taken = await caught(() =>
    callAction(formRequest("/account", { intent: "add-email", email: "taken@example.com" }, { cookie: done.cookie })),
  );
  expect(taken.status).toBe(409);

  // A free address: the link goes to it; until it is used, the account has no address.
  const asked = await caught(() =>
    callAction(formRequest("/account", { intent: "add-email", email: "Kakao.Buyer@Example.com" }, { cookie: done.cookie })),
  );
  expect(asked.status).toBe(302);
  const mail = await smtp.nextMail((m) => m.to.includes("kakao.buyer@example.com"));
  const linkText = /http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec(mailText(mail))?.[0] ?? "";
  // Nothing was ever handed to the mail server for the stand-in address.
  expect(smtp.received.filter((m) => m.to.includes("no-email.invalid"))).toEqual([]);
  const [me] = await db()
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, (await getUser(getRequest("/", { cookie: done.cookie })))?.id ?? ""));
  expect(me?.email).toMatch(/@no-email\.invalid$/);
  const link = new URL(linkText);
  const shown = asResponse(await callLoader(getRequest(`${link.pathname}${link.search}`, { cookie: done.cookie })));
  expect(shown.data).toMatchObject({ valid: true, account: { email: "kakao.buyer@example.com" }, signedInAsAccount: true });
  const confirmed = await caught(() => callAction(formRequest(`${link.pathname}${link.search}`, {}, { cookie: done.cookie })));
  expect(confirmed.status).toBe(302);
  const after = asResponse(await callLoader(getRequest("/account", { cookie: done.cookie })));
  expect(after.data).toMatchObject({ email: "kakao.buyer@example.com", emailVerified: true });
  expect(
    (await caught(() => callAction(formRequest("/account", { intent: "alerts", alerts: "on" }, { cookie: done.cookie })))).status,
  ).toBe(302);
});

test("without their keys there is no 카카오 or 네이버 button, and a provider post is a plain 400", async () => {
  const saved = oauth.env();
  delete process.env.KAKAO_CLIENT_SECRET;
  delete process.env.NAVER_CLIENT_ID;
  try {
    for (const path of ["/login", "/signup"]) expect(asResponse(await callLoader(getRequest(path))).data).toMatchObject({ providers: [] });
    expect((await start("/login", { provider: "kakao" })).status).toBe(400);
    expect((await start("/signup", { provider: "naver", agreeAll: "yes" })).status).toBe(400);
  } finally {
    Object.assign(process.env, saved);
  }
  expect(asResponse(await callLoader(getRequest("/login"))).data).toMatchObject({
    providers: [
      { id: "kakao", name: "카카오" },
      { id: "naver", name: "네이버" },
    ],
  });
});
