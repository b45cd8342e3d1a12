import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { consents, session, user } from "#app/db/schema.ts";
import { signupSchema } from "#app/features/users/auth-schema.ts";
import { hasConsent } from "#app/features/users/consents.server.ts";
import { CONSENT_ALL_FIELD, CONSENT_ITEMS, CONSENT_TEXT_VERSIONS } from "#app/features/users/signup-consent.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { signupFields } from "#tests/factories.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { shippedSiteConfig } from "#tests/site-config-files.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const PASSWORD = "correct-horse-9";

async function signUp(email: string, fields: Record<string, string>) {
  const res = asResponse(await callAction(formRequest("/signup", { email, password: PASSWORD, ...fields })));
  return { ...res, cookie: cookiesFrom(new Response(null, { headers: res.headers })) };
}

async function consentRows(email: string) {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) return [];
  return db().select().from(consents).where(eq(consents.userId, row.id));
}

async function toastOf(headers: Headers) {
  return (await readToast(getRequest("/", { cookie: cookiesFrom(new Response(null, { headers })) }))).toast;
}

test("the schema's consent fields are the items' own, and the contract's words", () => {
  expect(Object.keys(signupSchema.shape).filter((name) => name.startsWith("agree"))).toEqual([
    CONSENT_ALL_FIELD,
    ...CONSENT_ITEMS.map((item) => item.field),
  ]);
  expect(CONSENT_ITEMS.map((item) => [item.field, item.label])).toEqual([
    ["agreeTerms", "[필수] 이용약관 동의"],
    ["agreePrivacy", "[필수] 개인정보 수집·이용 동의"],
    ["agreeAge", "[필수] 만 14세 이상입니다"],
    ["agreeNews", "[선택] 새 소식 메일 받기"],
  ]);
});

test("each consent is stored with its time and the version of its text; `전체 동의` alone is every item, the optional one too", async () => {
  const before = Date.now() - 1000;
  expect((await signUp("all@example.com", { agreeAll: "yes" })).status).toBe(302);
  const all = await consentRows("all@example.com");
  expect(Object.fromEntries(all.map((row) => [row.kind, row.version]))).toEqual({
    terms: shippedSiteConfig.legal.termsEffectiveDate,
    privacy: CONSENT_TEXT_VERSIONS.privacy,
    age: CONSENT_TEXT_VERSIONS.age,
    news: CONSENT_TEXT_VERSIONS.news,
  });
  for (const row of all) {
    expect(row.agreedAt.getTime()).toBeGreaterThan(before);
    expect(row.withdrawnAt).toBeNull();
  }

  // The required items only: no 새 소식 메일.
  expect((await signUp("required@example.com", signupFields("required@example.com", PASSWORD))).status).toBe(302);
  expect((await consentRows("required@example.com")).map((row) => row.kind).sort()).toEqual(["age", "privacy", "terms"]);
  const [required] = await db().select({ id: user.id }).from(user).where(eq(user.email, "required@example.com"));
  expect(await hasConsent(required!.id, "news")).toBe(false);
  expect(await hasConsent(required!.id, "terms")).toBe(true);
});

test("/account lists the consents; 새 소식 메일 is withdrawn and given again there, with the date in the message", async () => {
  const { cookie } = await signUp("news@example.com", { agreeAll: "yes" });
  const page = asResponse(await callLoader(getRequest("/account", { cookie })));
  const listed = (page.data as { consents: { kind: string; state: string; at: string | null; version: string | null }[] }).consents;
  expect(listed.map((entry) => [entry.kind, entry.state])).toEqual([
    ["terms", "agreed"],
    ["privacy", "agreed"],
    ["age", "agreed"],
    ["news", "agreed"],
  ]);
  expect(listed[0]?.version).toContain("문구");
  expect(listed[0]?.at).toMatch(/^\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}$/);

  const withdrawn = asResponse(await callAction(formRequest("/account", { intent: "news-consent", news: "withdraw" }, { cookie })));
  expect(withdrawn.location).toBe("/account");
  expect((await toastOf(withdrawn.headers))?.message).toMatch(
    /^\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}에 새 소식 메일 받기 동의를 철회했습니다\.$/,
  );
  const [row] = (await consentRows("news@example.com")).filter((consent) => consent.kind === "news");
  expect(row?.withdrawnAt).not.toBeNull();
  const userId = row!.userId;
  expect(await hasConsent(userId, "news")).toBe(false);
  const after = asResponse(await callLoader(getRequest("/account", { cookie })));
  expect((after.data as { consents: { kind: string; state: string }[] }).consents.find((c) => c.kind === "news")?.state).toBe("withdrawn");

  const again = asResponse(await callAction(formRequest("/account", { intent: "news-consent", news: "agree" }, { cookie })));
  expect((await toastOf(again.headers))?.message).toMatch(/에 새 소식 메일 받기에 동의했습니다\.$/);
  expect(await hasConsent(userId, "news")).toBe(true);
  // Only `agree` and `withdraw` of the news mail are understood: anything else is a 400 that changes nothing.
  for (const fields of [{ news: "maybe" }, {}] as Record<string, string>[]) {
    const refused = asResponse(await callAction(formRequest("/account", { intent: "news-consent", ...fields }, { cookie })));
    expect(refused.status).toBe(400);
  }
  expect(await hasConsent(userId, "news")).toBe(true);
  // Signed out: a 401, nothing changed.
  const anonymous = await caught(() => callAction(formRequest("/account", { intent: "news-consent", news: "withdraw" })));
  expect(anonymous.status).toBe(401);
  expect(await hasConsent(userId, "news")).toBe(true);
  // A required item cannot be taken back here: a post naming one withdraws the news mail alone.
  await callAction(formRequest("/account", { intent: "news-consent", news: "withdraw", kind: "terms" }, { cookie }));
  expect(await hasConsent(userId, "terms")).toBe(true);
  expect(await hasConsent(userId, "news")).toBe(false);

  // 회원 탈퇴 takes the consents with the account.
  await callAction(formRequest("/account", { intent: "delete-account", confirm: "yes" }, { cookie })).catch(() => {});
  expect(await db().select().from(consents).where(eq(consents.userId, userId))).toEqual([]);
});

test("a sign-up whose consents cannot be stored keeps no account and signs nobody in", async () => {
  await db().execute(sql`CREATE FUNCTION refuse_consents() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'consents refused by the test'; END $$`);
  await db().execute(sql`CREATE TRIGGER refuse_consents BEFORE INSERT ON consents FOR EACH ROW EXECUTE FUNCTION refuse_consents()`);
  const sessionsBefore = (await db().select().from(session)).length;
  try {
    const failed = await signUp("broken@example.com", { agreeAll: "yes" });
    expect(failed.status).toBe(500);
    expect(failed.data).toMatchObject({ ok: false, message: "회원가입 실패: 잠시 후 다시 시도해 주세요." });
    expect(failed.headers.getSetCookie().some((cookie) => cookie.includes("session_token=") && !cookie.includes("Max-Age=0"))).toBe(false);
    expect(await db().select().from(user).where(eq(user.email, "broken@example.com"))).toEqual([]);
    expect(await db().select().from(session)).toHaveLength(sessionsBefore);
  } finally {
    await db().execute(sql`DROP TRIGGER refuse_consents ON consents`);
    await db().execute(sql`DROP FUNCTION refuse_consents()`);
  }
  expect((await signUp("broken@example.com", { agreeAll: "yes" })).status).toBe(302);
});
