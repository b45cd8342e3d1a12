import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { alertSettings, appMeta, jobs, savedSearches, savedSearchMails, savedSearchNews, wholesalers } from "#app/db/schema.ts";
import { readUnsubscribeToken, setAlertsEnabled } from "#app/features/alerts/alerts.server.ts";
import { registerSavedSearches } from "#app/features/saved-searches/saved-search-jobs.server.ts";
import {
  MAX_SAVED_SEARCH_CHARS,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_WORDS,
  savedSearchLabel,
  savedSearchOf,
} from "#app/features/saved-searches/saved-search-params.ts";
import { runSavedSearches, savedSearchRun, saveSearch } from "#app/features/saved-searches/saved-searches.server.ts";
import { UNKNOWN_TERMS } from "#app/features/wholesalers/wholesaler-terms.ts";
import { createWholesaler, publishWholesaler, updateWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { signedUpAccount, type TestAccount, verifiedAccount } from "#tests/factories.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { mailHtml, mailSubject, mailText, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();
const smtp = useSmtpStandIn();

let seller: TestAccount;
let other: TestAccount;
let unverified: TestAccount;

beforeAll(async () => {
  seller = await verifiedAccount("seller@saved.test");
  other = await verifiedAccount("other@saved.test");
  unverified = await signedUpAccount("fresh@saved.test");
});

beforeEach(async () => {
  process.env.SAVED_SEARCH_MAIL_MINUTES = "60";
  await db().delete(wholesalers);
  await db().delete(savedSearches);
  await db().delete(savedSearchMails);
  await db().delete(alertSettings);
  await db().delete(appMeta);
  await db().delete(jobs);
  smtp.received.length = 0;
});
afterAll(() => {
  delete process.env.SAVED_SEARCH_MAIL_MINUTES;
});

const cookieOf = (headers: Headers) => cookiesFrom(new Response(null, { headers }));
/** Presses `이 조건 저장` on the /list of `search`: where it goes back to, and the one-time message it leaves. */
async function pressSave(account: { cookie: string }, search: string) {
  const res = await caught(() =>
    callAction(formRequest("/saved-searches", { intent: "save", search, redirectTo: `/list?${search}` }, { cookie: account.cookie })),
  );
  const toast = res.status === 302 ? (await readToast(getRequest("/list", { cookie: cookieOf(res.headers) }))).toast : null;
  return { status: res.status, location: res.location, toast };
}

let sites = 0;
const supplier = (name: string, category: string, summary = "") => {
  sites += 1;
  return createWholesaler({ name, category, summary, contact: "", logoUrl: "", siteUrl: `https://saved${sites}.example.com/` });
};
const withTerms = (id: number, name: string, category: string, terms: Partial<typeof UNKNOWN_TERMS>) =>
  updateWholesaler(
    id,
    { name, category, summary: "", contact: "", logoUrl: "", siteUrl: `https://terms${id}.example.com/` },
    {
      terms: { ...UNKNOWN_TERMS, ...terms },
    },
  );

const HOUR = 3_600_000;
/** The moment the test's runs count from (SAVED_SEARCH_MAIL_MINUTES=60: each hour after it is a run of its own). */
let base = 0;
beforeEach(() => {
  base = Date.now();
});
/** Runs the saved searches as the job does in the `period`-th hour from the test's start, then their send jobs. */
async function runAndSend(period: number) {
  const result = await runSavedSearches(new Date(base + period * HOUR));
  const runner = new JobRunner({ workerId: "saved-search-test" });
  registerSavedSearches(runner);
  await runner.runDue();
  return result;
}

describe("the saved form of a search", () => {
  test("one search is stored once however its URL is spelt; sort, page and unknown parameters are dropped", () => {
    const a = savedSearchOf("?q=%20%EC%96%91%EB%A7%90%20&utm_source=kakao&sort=name&page=3&filter=bogus&filter=dropshipping&category=의류");
    const b = savedSearchOf("category=%EC%9D%98%EB%A5%98&filter=dropshipping&q=양말");
    expect(a).toEqual(b);
    expect(a).toMatchObject({ q: "양말", category: "의류", facts: ["dropshipping"] });
    expect(savedSearchOf("q=SOCKS%20%20Shop")).toMatchObject({ q: "socks shop" });
    expect(savedSearchLabel((a as { query: string }).query)).toBe("‘양말’ · 의류 · 위탁 가능");
  });

  test("refused: nothing to narrow, an unknown category alone, or parameters past the limit", () => {
    expect(savedSearchOf("")).toBe("empty");
    expect(savedSearchOf("category=없는분류&sort=name&utm=1")).toBe("empty");
    expect(savedSearchOf(`q=${"가".repeat(5000)}`)).toBe("too-long");
    expect(savedSearchOf(`q=${"a".repeat(MAX_SAVED_SEARCH_CHARS)}`)).toBe("too-long");
  });

  test("the weekly run is Monday 08:00 in Seoul, for a day; SAVED_SEARCH_MAIL_MINUTES makes periods instead", () => {
    const at = (iso: string) => savedSearchRun(new Date(iso), 0);
    expect(at("2026-11-30T08:00:00+09:00")).toEqual({ key: "week-2026-11-30", due: true });
    expect(at("2026-12-01T07:59:00+09:00")).toEqual({ key: "week-2026-11-30", due: true });
    expect(at("2026-12-01T08:00:00+09:00")).toEqual({ key: "week-2026-11-30", due: false });
    expect(at("2026-11-30T07:59:00+09:00")).toEqual({ key: "week-2026-11-23", due: false });
    // Sunday in Seoul is still the week before, whatever the server's zone.
    expect(at("2026-11-29T23:00:00Z")).toEqual({ key: "week-2026-11-30", due: true });
    expect(savedSearchRun(new Date(3_600_000 * 5 + 10), 60)).toEqual({ key: "every-60m:5", due: true });
  });
});

describe("이 조건 저장 and /account", () => {
  test("/list offers the button to a signed-in account on a narrowed list only", async () => {
    const list = async (path: string, cookie?: string) =>
      (asResponse(await callLoader(getRequest(path, cookie ? { cookie } : {}))).data as { saveSearch: string | null }).saveSearch;
    expect(await list("/list?category=%EC%9D%98%EB%A5%98&filter=dropshipping&sort=name", seller.cookie)).toBe(
      "category=%EC%9D%98%EB%A5%98&filter=dropshipping",
    );
    expect(await list("/list?category=%EC%9D%98%EB%A5%98")).toBeNull();
    expect(await list("/list", seller.cookie)).toBeNull();
  });

  test("saved once, listed and deleted on /account; the 21st, an unverified account and a stranger's delete are refused", async () => {
    const saved = await pressSave(seller, "category=%EC%9D%98%EB%A5%98&filter=dropshipping&page=2");
    expect(saved).toMatchObject({ status: 302, location: "/list?category=%EC%9D%98%EB%A5%98&filter=dropshipping&page=2" });
    expect(saved.toast).toMatchObject({ type: "success", message: "검색 조건을 저장했습니다." });
    expect((await pressSave(seller, "filter=dropshipping&category=%EC%9D%98%EB%A5%98")).toast?.message).toBe(SAVED_SEARCH_WORDS.already);
    expect(await db().select().from(savedSearches)).toHaveLength(1);

    const refused = await pressSave(unverified, "q=%EC%96%91%EB%A7%90");
    expect(refused.toast).toMatchObject({ type: "error", message: SAVED_SEARCH_WORDS.unverified });
    // 5 KB of parameters (an unknown one among them): refused with the reason, nothing stored.
    expect((await pressSave(seller, `q=socks&utm_campaign=${"a".repeat(5000)}`)).toast?.message).toBe(SAVED_SEARCH_WORDS.tooLong);
    expect((await pressSave(seller, "utm_source=x")).toast?.message).toBe(SAVED_SEARCH_WORDS.empty);
    const anonymous = await caught(() => callAction(formRequest("/saved-searches", { intent: "save", search: "q=a" })));
    expect(anonymous.status).toBe(401);

    for (let n = 1; n < MAX_SAVED_SEARCHES; n++) expect(await saveSearch(seller.id, `q=word${n}`)).toBe("saved");
    expect((await pressSave(seller, "q=one-more")).toast).toMatchObject({ type: "error", message: "저장한 검색은 20개까지입니다." });
    expect(await db().select().from(savedSearches).where(eq(savedSearches.userId, seller.id))).toHaveLength(MAX_SAVED_SEARCHES);

    const account = asResponse(await callLoader(getRequest("/account", { cookie: seller.cookie }))).data as {
      savedSearches: { id: number; label: string; href: string }[];
    };
    expect(account.savedSearches).toHaveLength(MAX_SAVED_SEARCHES);
    const first = account.savedSearches.at(-1)!;
    expect(first).toMatchObject({ label: "의류 · 위탁 가능", href: "/list?category=%EC%9D%98%EB%A5%98&filter=dropshipping" });

    const strangers = await caught(() =>
      callAction(formRequest("/saved-searches", { intent: "delete", id: String(first.id) }, { cookie: other.cookie })),
    );
    expect((await readToast(getRequest("/account", { cookie: cookieOf(strangers.headers) }))).toast?.message).toBe(SAVED_SEARCH_WORDS.gone);
    const deleted = await caught(() =>
      callAction(
        formRequest("/saved-searches", { intent: "delete", id: String(first.id), redirectTo: "/account" }, { cookie: seller.cookie }),
      ),
    );
    expect(deleted.location).toBe("/account");
    expect((await readToast(getRequest("/account", { cookie: cookieOf(deleted.headers) }))).toast?.message).toBe(
      SAVED_SEARCH_WORDS.deleted,
    );
    expect(await db().select().from(savedSearches).where(eq(savedSearches.userId, seller.id))).toHaveLength(MAX_SAVED_SEARCHES - 1);
  });
});

describe("the weekly mail", () => {
  test("one mail per account naming what newly matches each search; nothing without news; never the same news twice", async () => {
    const known = await supplier("기존의류몰", "의류");
    expect(await saveSearch(seller.id, "category=%EC%9D%98%EB%A5%98&filter=dropshipping")).toBe("saved");
    expect(await saveSearch(seller.id, "q=%EC%96%91%EB%A7%90")).toBe("saved");
    expect(await saveSearch(seller.id, "q=%EC%98%B7")).toBe("saved");
    // Matches 의류 + 위탁 가능 (new) and `옷` (its category in a seller's words).
    const fresh = await supplier("새위탁몰", "의류");
    await withTerms(fresh, "새위탁몰", "의류", { dropshipping: "yes" });
    // Matches `양말` through its summary, in another category.
    const socks = await supplier("발편한상회", "생활", "국산 양말 도매");
    // 의류 but not 위탁 가능: matches `옷` only.
    const noDrop = await supplier("사입전용몰", "의류");
    await withTerms(noDrop, "사입전용몰", "의류", { dropshipping: "no" });
    // Known before the search was saved, 위탁 confirmed after: news for 의류 + 위탁 가능 as `조건 확인`.
    await withTerms(known, "기존의류몰", "의류", { dropshipping: "yes" });

    const first = await runAndSend(1);
    expect(first.mails).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["seller@saved.test"]);
    expect(mailSubject(mail)).toBe("[도매온] 저장한 검색에 새 도매처가 있습니다");
    const text = mailText(mail);
    const section = (label: string) => text.split("■ ").find((block) => block.startsWith(label)) ?? "";
    expect(section("의류 · 위탁 가능")).toContain("새위탁몰 (새 도매처)");
    expect(section("의류 · 위탁 가능")).toContain("기존의류몰 (조건 확인)");
    expect(section("의류 · 위탁 가능")).not.toContain("사입전용몰");
    expect(section("‘양말’")).toContain(`발편한상회 (새 도매처): http://localhost:3000/wholesaler/${socks}`);
    expect(section("‘양말’")).not.toContain("새위탁몰");
    expect(section("‘옷’")).toContain("사입전용몰");
    expect(section("‘옷’")).toContain("새위탁몰");
    expect(mailHtml(mail)).toContain("발편한상회");
    const token = /\/alerts\/unsubscribe\?token=([\w-]+)/.exec(text)?.[1];
    expect(readUnsubscribeToken(token)).toEqual({ userId: seller.id });

    // The same run again, and the next run without news: nothing.
    expect((await runAndSend(1)).mails).toBe(0);
    expect((await runAndSend(2)).mails).toBe(0);
    expect(smtp.received).toHaveLength(1);

    // The same supplier confirmed again: the same news, never mailed twice.
    await withTerms(fresh, "새위탁몰", "의류", { dropshipping: "yes", returns: "yes" });
    expect(await runAndSend(3)).toEqual({ found: 0, mails: 0 });
    expect(smtp.received).toHaveLength(1);

    // News after a run's mail waits for the next run.
    const later = await supplier("다음주양말", "생활", "양말");
    expect(await runAndSend(3)).toEqual({ found: 1, mails: 0 });
    expect((await runAndSend(4)).mails).toBe(1);
    expect(smtp.received).toHaveLength(2);
    expect(mailText(smtp.received[1]!)).toContain(`/wholesaler/${later}`);
    expect(mailText(smtp.received[1]!)).not.toContain("새위탁몰");
  });

  test("mails turned off (알림 끄기): nothing sent, and turning them on again sends no old news", async () => {
    expect(await saveSearch(other.id, "category=%EC%8B%9D%ED%92%88")).toBe("saved");
    await setAlertsEnabled(other.id, false);
    await supplier("과일도매", "식품");
    expect((await runAndSend(1)).mails).toBe(0);
    expect(smtp.received).toHaveLength(0);
    const [news] = await db().select().from(savedSearchNews).where(eq(savedSearchNews.userId, other.id));
    expect(news?.settledAt).not.toBeNull();

    await setAlertsEnabled(other.id, true);
    expect((await runAndSend(2)).mails).toBe(0);
    await supplier("채소도매", "식품");
    expect((await runAndSend(3)).mails).toBe(1);
    expect(mailText(smtp.received[0]!)).toContain("채소도매");
    expect(mailText(smtp.received[0]!)).not.toContain("과일도매");
  });

  test("a supplier waiting for review is no news until it is published; news from before a search was saved is not", async () => {
    await supplier("먼저온식품", "식품");
    expect(await saveSearch(other.id, "category=%EC%8B%9D%ED%92%88")).toBe("saved");
    const [waiting] = await db().insert(wholesalers).values({ name: "대기식품", category: "식품", status: "review" }).returning();
    expect((await runAndSend(1)).mails).toBe(0);
    await publishWholesaler(waiting!.id);
    expect((await runAndSend(2)).mails).toBe(1);
    const text = mailText(smtp.received[0]!);
    expect(text).toContain("대기식품 (새 도매처)");
    expect(text).not.toContain("먼저온식품");
  });
});
