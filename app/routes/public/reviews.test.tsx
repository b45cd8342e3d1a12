import { eq, sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import {
  evidenceFiles,
  rateLimits,
  reviewFlags,
  reviewScoreDays,
  reviews,
  reviewTakedowns,
  user,
  wholesalerManagers,
  wholesalers,
} from "#app/db/schema.ts";
import type { ReviewsSection } from "#app/features/reviews/review-actions.server.ts";
import { tradeMonths } from "#app/features/reviews/review-schema.ts";
import { ReviewSection } from "#app/features/reviews/review-section.tsx";
import {
  FLAG_RECEIVED,
  REVIEW_REFUSALS,
  REVIEW_SAVED,
  SCORES_PENDING,
  TAKEN_DOWN_PLACEHOLDER,
  writerLabel,
} from "#app/features/reviews/review-words.ts";
import { reviewScoresAmong, writerPseudonym } from "#app/features/reviews/reviews.server.ts";
import { accountAction } from "#app/features/users/account-actions.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { purgeEvidence } from "#app/platform/evidence/evidence.server.ts";
import { backgroundSettled } from "#app/platform/mail/background.server.ts";
import { createSuppliers, signedUpAccount, signedUpAdmin, type TestAccount, verifiedAccount } from "#tests/factories.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest, multipartRequest } from "#tests/request.ts";
import { callAction, callLoader, callRoute } from "#tests/routes.ts";
import { mailSubject, mailText, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();
const smtp = useSmtpStandIn();

const DAY_MS = 86_400_000;
const BUSINESS_NUMBER = "1208800767";

let admin: TestAccount;
let seller: TestAccount;
let manager: TestAccount;
let supplier = 0;
/** Another listing of the same business (the same 사업자등록번호), and one of another business. */
let sameBusiness = 0;
let otherBusiness = 0;

const valid = () => ({
  shipping: "5",
  stock: "4",
  support: "na",
  returns: "3",
  tradedOn: tradeMonths()[1]!,
  body: "출고가 빠르고 재고 표시가 정확했습니다. 다음에도 거래하겠습니다.",
  honest: "yes",
});
const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: "#2255aa" } })
    .png()
    .toBuffer();

type Files = Parameters<typeof multipartRequest>[2];
const write = (account: { cookie: string } | null, fields: Record<string, string> = valid(), files: Files = {}, id = supplier) =>
  caught(() => callAction(multipartRequest(`/wholesaler/${id}/review`, fields, files, account ? { cookie: account.cookie } : {})));
const act = (account: { cookie: string } | null, path: string, fields: Record<string, string>) =>
  caught(() => callAction(formRequest(path, fields, account ? { cookie: account.cookie } : {})));
const queue = (intent: string, id: number, cookie = admin.cookie) =>
  caught(() => callAction(formRequest("/admin/reviews", { intent, id: String(id) }, { cookie })));
const storedReviews = () => db().select().from(reviews).orderBy(reviews.id);
const messageOf = (answer: { data: unknown }) => (answer.data as { message?: string } | null)?.message;
const toastOf = async (answer: { headers: Headers }) =>
  (await readToast(getRequest("/", { cookie: cookiesFrom(new Response(null, { headers: answer.headers })) }))).toast?.message;

async function detail(id = supplier, account?: TestAccount, query = "") {
  const page = asResponse(await callLoader(getRequest(`/wholesaler/${id}${query}`, account ? { cookie: account.cookie } : {})));
  return (page.data as { reviews: ReviewsSection }).reviews;
}

async function manage(account: TestAccount, wholesalerId: number) {
  await db().insert(wholesalerManagers).values({ wholesalerId, userId: account.id, method: "meta", proofUrl: "https://example.com/" });
}

beforeAll(async () => {
  admin = await signedUpAdmin();
  seller = await verifiedAccount("seller@example.com");
  manager = await verifiedAccount("manager@example.com");
});

beforeEach(async () => {
  await db().delete(wholesalers);
  await db().delete(rateLimits);
  await db().delete(evidenceFiles);
  [supplier, sameBusiness, otherBusiness] = (await createSuppliers(
    { name: "도매꾹", siteUrl: "https://domeggook.com/", businessNumber: BUSINESS_NUMBER },
    { name: "도매꾹 2호점", siteUrl: "https://domeggook2.com/", businessNumber: BUSINESS_NUMBER },
    { name: "오너클랜", siteUrl: "https://ownerclan.com/", businessNumber: "2208162517" },
  )) as [number, number, number];
});

afterEach(() => {
  delete process.env.REVIEWS_PER_DAY;
  delete process.env.REVIEW_FLAGS_PER_DAY;
});

describe("writing a review", () => {
  test("a verified seller's review is public at once under a stable pseudonym; its picture is kept without metadata, for admins only", async () => {
    const picture = await sharp(await png())
      .jpeg()
      .withExif({ IFD0: { Copyright: "seller-home" } })
      .toBuffer();
    const sent = await write(
      seller,
      { ...valid(), evidenceNumber: "CJ-1234-5678" },
      { evidenceImage: { bytes: picture, name: "주문.jpg", type: "image/jpeg" } },
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/wholesaler/${supplier}#reviews`);
    expect(await toastOf(sent)).toBe(REVIEW_SAVED);

    const [stored] = await storedReviews();
    expect(stored).toMatchObject({ userId: seller.id, shipping: 5, stock: 4, support: null, returns: 3, evidence: "pending" });
    expect(stored?.evidenceKey).toBe("CJ12345678");
    const [file] = await db().select().from(evidenceFiles);
    expect(file?.id).toBe(stored?.evidenceFileId);
    expect(file?.body?.toString("latin1")).not.toContain("seller-home");

    const section = await detail();
    const pseudonym = writerPseudonym(seller.id);
    expect(pseudonym).toMatch(/^[A-Z2-9]{4}$/);
    expect(section.items).toHaveLength(1);
    expect(section.items[0]).toMatchObject({ takenDown: false, writer: writerLabel(pseudonym), confirmed: false });
    expect(section.scores).toBeNull();
    // Nothing that names the account, and nothing of the evidence, reaches the page.
    const shown = JSON.stringify(section);
    for (const secret of [seller.id, seller.email, "CJ-1234-5678", stored!.evidenceFileId!]) expect(shown).not.toContain(secret);

    // The same account is the same writer on every supplier's page; another account is another.
    expect((await write(seller, valid(), {}, otherBusiness)).status).toBe(302);
    expect((await detail(otherBusiness)).items[0]).toMatchObject({ writer: writerLabel(pseudonym) });
    expect(writerPseudonym(seller.id)).toBe(pseudonym);
    expect(writerPseudonym(manager.id)).not.toBe(pseudonym);
    // Keyed with the server's secret: without it the pseudonym cannot be made from an account id.
    expect(writerPseudonym(seller.id, "another-secret-of-at-least-32-characters")).not.toBe(pseudonym);
  });

  test("HTML or a script in a review is kept as typed and shown as text", async () => {
    const body = '<script>alert("xss")</script><img src=x onerror=alert(1)> 출고는 빨랐습니다만 포장이 아쉬웠어요.';
    expect((await write(seller, { ...valid(), body })).status).toBe(302);
    const section = await detail();
    const Stub = createRoutesStub([{ path: "/", Component: () => <ReviewSection wholesalerId={supplier} section={section} /> }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).toContain("&lt;script&gt;alert(");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain(SCORES_PENDING);
  });

  test("who may write: signed in, a verified address, not a manager of this business", async () => {
    // Anonymous: the page sends them to sign in and back; a post is refused.
    const page = await caught(() => callLoader(getRequest(`/wholesaler/${supplier}/review`)));
    expect(page.location).toBe(`/login?${new URLSearchParams({ redirectTo: `/wholesaler/${supplier}/review` })}`);
    expect((await write(null)).status).toBe(401);

    const unverified = await signedUpAccount("new@example.com");
    const shown = asResponse(await callLoader(getRequest(`/wholesaler/${supplier}/review`, { cookie: unverified.cookie })));
    expect(shown.data).toMatchObject({ block: REVIEW_REFUSALS.unverified, needsVerification: true });
    const refused = await write(unverified);
    expect(refused.status).toBe(403);
    expect(messageOf(refused)).toBe(REVIEW_REFUSALS.unverified);

    // A manager of this listing, or of another listing with the same 사업자등록번호: never.
    await manage(manager, sameBusiness);
    for (const id of [supplier, sameBusiness]) {
      const own = await write(manager, valid(), {}, id);
      expect(own.status).toBe(403);
      expect(messageOf(own)).toBe(REVIEW_REFUSALS.ownListing);
    }
    // Another business's listing: allowed.
    expect((await write(manager, valid(), {}, otherBusiness)).status).toBe(302);
    // A waiting or unknown supplier: 404.
    await db().update(wholesalers).set({ status: "review" }).where(eq(wholesalers.id, supplier));
    expect((await write(seller)).status).toBe(404);
    expect((await write(seller, valid(), {}, 999_999)).status).toBe(404);
    expect(await storedReviews()).toHaveLength(1);
  });

  test("bad input: a Korean message and a 4xx, never a 500, and nothing stored", async () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ["score 0", { ...valid(), shipping: "0" }, /출고 속도는 1점부터 5점까지/],
      ["score 6", { ...valid(), stock: "6" }, /재고 정확도는 1점부터 5점까지/],
      ["score abc", { ...valid(), support: "abc" }, /CS 응답은 1점부터 5점까지/],
      ["no score", { ...valid(), shipping: "na", stock: "na", support: "na", returns: "na" }, /점수를 하나 이상/],
      ["a month 24 months ago", { ...valid(), tradedOn: tradeMonths(new Date(Date.now() - 730 * DAY_MS))[0]! }, /거래 시기를 목록에서/],
      ["next month", { ...valid(), tradedOn: tradeMonths(new Date(Date.now() + 40 * DAY_MS))[0]! }, /거래 시기를 목록에서/],
      ["not a month", { ...valid(), tradedOn: "2026-13" }, /거래 시기를 목록에서/],
      ["19 characters", { ...valid(), body: "가".repeat(19) }, /20자 이상/],
      ["1,001 characters", { ...valid(), body: "가".repeat(1001) }, /1,000자 이하/],
      ["a mobile number", { ...valid(), body: "사장님 번호 010-1234-5678 로 연락하면 빨리 처리해 줍니다." }, /전화번호나 이메일 주소/],
      ["an area number", { ...valid(), body: "대표번호 (02)123-4567 로 전화하면 친절하게 안내해 줍니다." }, /전화번호나 이메일 주소/],
      [
        "full-width digits",
        { ...valid(), body: "담당자 ０１０ ９８７６ ５４３２ 에게 문의하면 빠릅니다. 좋아요." },
        /전화번호나 이메일 주소/,
      ],
      ["an e-mail address", { ...valid(), body: "문의는 owner@shop.co.kr 로 하시면 하루 안에 답이 옵니다." }, /전화번호나 이메일 주소/],
      ["no honesty box", { ...valid(), honest: "" }, /확인란에 체크/],
      ["a forged honesty value", { ...valid(), honest: "maybe" }, /체크하거나 비워/],
      ["a bad evidence number", { ...valid(), evidenceNumber: "<b>1234</b>" }, /영문, 숫자와 하이픈/],
    ];
    for (const [name, fields, message] of cases) {
      const answer = await write(seller, fields);
      expect(answer.status, name).toBe(400);
      expect(messageOf(answer), name).toMatch(message);
    }
    // Exactly 20 and 1,000 characters, and a price, a date and an order number (not a phone number) are fine.
    expect((await write(seller, { ...valid(), body: "가".repeat(20) }, {}, supplier)).status).toBe(302);
    expect((await write(seller, { ...valid(), body: "나".repeat(1000) }, {}, sameBusiness)).status).toBe(302);
    const plain = "12,000원에 2026-11-28 주문해 12월 1일에 받았습니다. 주문번호 20261128-0001, 송장 6070-1234-5678.";
    expect((await write(seller, { ...valid(), body: plain }, {}, otherBusiness)).status).toBe(302);
    expect(await storedReviews()).toHaveLength(3);
  });

  test("an evidence file that is not a PNG, JPEG or WebP of at most 5 MB is refused, and nothing is stored", async () => {
    const program = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(4096, 0x90)]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const cases: [string, Files, number, RegExp][] = [
      ["a renamed program", { evidenceImage: { bytes: program, name: "capture.png", type: "image/png" } }, 400, /PNG, JPEG, WebP/],
      ["an SVG", { evidenceImage: { bytes: svg, name: "capture.svg", type: "image/svg+xml" } }, 400, /PNG, JPEG, WebP/],
      [
        "20,000 pixels on a side",
        { evidenceImage: { bytes: await png(20_000, 1_500), name: "wide.png", type: "image/png" } },
        400,
        /너무 큽니다/,
      ],
      ["50 MB", { evidenceImage: { bytes: Buffer.alloc(50 * 1024 * 1024, 1), name: "big.png", type: "image/png" } }, 413, /너무 큽니다/],
    ];
    for (const [name, files, status, message] of cases) {
      const answer = await write(seller, { ...valid(), evidenceNumber: "123456" }, files);
      expect(answer.status, name).toBe(status);
      if (status === 400) expect(messageOf(answer), name).toMatch(message);
    }
    expect(await storedReviews()).toEqual([]);
    expect(await db().select().from(evidenceFiles)).toEqual([]);
    // An empty file field (nothing chosen) is no evidence at all.
    expect((await write(seller, valid(), { evidenceImage: null })).status).toBe(302);
    expect((await storedReviews())[0]?.evidence).toBe("none");
  });

  test("one review per account and supplier in 90 days: two tabs at once store exactly one", async () => {
    const answers = await Promise.all([write(seller), write(seller), write(seller)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409, 409]);
    expect(messageOf(answers.find((answer) => answer.status === 409)!)).toBe(REVIEW_REFUSALS.tooSoon);
    expect(await storedReviews()).toHaveLength(1);
    // The day's allowance is not spent by the refused ones.
    const [slot] = await db().select().from(rateLimits);
    expect(slot?.count).toBe(1);
    // 89 days later still refused; after 90, a new one.
    await db()
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 89 * DAY_MS) });
    expect((await write(seller)).status).toBe(409);
    await db()
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 91 * DAY_MS) });
    expect((await write(seller)).status).toBe(302);
    expect(await storedReviews()).toHaveLength(2);
  });

  test("100 reviews in a minute from one account or from 20 fresh accounts: 4xx in Korean, at most the day's 5", async () => {
    const many = await createSuppliers(
      ...Array.from({ length: 100 }, (_, i) => ({ name: `도매처 ${i}`, siteUrl: `https://shop${i}.example/` })),
    );
    const statuses: number[] = [];
    for (const id of many) {
      const answer = await caught(() => callAction(formRequest(`/wholesaler/${id}/review`, valid(), { cookie: seller.cookie })));
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(messageOf(answer)).toBe("후기는 하루에 5건까지 쓸 수 있습니다. 내일 다시 써 주세요.");
        expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((status) => status === 302)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(95);

    const fresh = await Promise.all(Array.from({ length: 20 }, (_, i) => signedUpAccount(`fresh${i}@example.com`)));
    for (const account of fresh) {
      const answer = await caught(() => callAction(formRequest(`/wholesaler/${many[99]}/review`, valid(), { cookie: account.cookie })));
      expect(answer.status).toBe(403);
      expect(messageOf(answer)).toBe(REVIEW_REFUSALS.unverified);
    }
    expect(await storedReviews()).toHaveLength(5);
  }, 240_000);
});

describe("scores", () => {
  test("only evidence-confirmed public reviews of the last 365 days count, from 3 on, on the page and the card", async () => {
    const writers = [seller, await verifiedAccount("second@example.com"), await verifiedAccount("third@example.com")];
    const scores = [
      { shipping: "5", stock: "4", support: "na", returns: "na" },
      { shipping: "4", stock: "4", support: "3", returns: "na" },
      { shipping: "3", stock: "5", support: "na", returns: "na" },
    ];
    for (const [i, account] of writers.entries()) {
      expect((await write(account, { ...valid(), ...scores[i], evidenceNumber: `ORDER-${i}` })).status).toBe(302);
    }
    // A fourth without evidence never counts.
    expect((await write(await verifiedAccount("fourth@example.com"), { ...valid(), shipping: "1", stock: "1" })).status).toBe(302);
    const ids = (await storedReviews()).map((row) => row.id);

    expect((await queue("confirm", ids[0]!)).status).toBe(302);
    expect((await queue("confirm", ids[1]!)).status).toBe(302);
    expect((await detail()).scores).toBeNull();
    expect(await reviewScoresAmong([supplier])).toEqual({});

    expect((await queue("confirm", ids[2]!)).status).toBe(302);
    expect((await detail()).scores).toEqual([
      { label: "출고 속도", average: "4.0", count: 3 },
      { label: "재고 정확도", average: "4.3", count: 3 },
      { label: "CS 응답", average: "3.0", count: 1 },
      { label: "반품 처리", average: null, count: 0 },
    ]);
    // The card: the average of the scores given (4.0, 4.3, 3.0) and the number of counted reviews.
    expect(await reviewScoresAmong([supplier, otherBusiness])).toEqual({ [supplier]: { average: "3.8", reviews: 3 } });
    const list = asResponse(await callLoader(getRequest("/list")));
    expect((list.data as { extras: { reviewScores: Record<number, unknown> } }).extras.reviewScores).toEqual({
      [supplier]: { average: "3.8", reviews: 3 },
    });
    const confirmed = (await detail()).items.filter((item) => !item.takenDown && item.confirmed);
    expect(confirmed).toHaveLength(3);

    // A year and a day old: no longer counted.
    await db()
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 366 * DAY_MS) })
      .where(eq(reviews.id, ids[0]!));
    expect((await detail()).scores).toBeNull();
    await db().update(reviews).set({ createdAt: new Date() }).where(eq(reviews.id, ids[0]!));
    expect((await detail()).scores).not.toBeNull();

    // 회원 탈퇴: the writer's reviews go with the account, and the scores follow in the same transaction.
    const leaving = await caught(() =>
      accountAction(formRequest("/account", { intent: "delete-account", confirm: "yes" }, { cookie: writers[2]!.cookie })),
    );
    expect(leaving.status).toBe(302);
    expect((await storedReviews()).map((row) => row.id)).toEqual([ids[0], ids[1], ids[3]]);
    expect((await detail()).scores).toBeNull();
    const [sums] = await db()
      .select({ reviews: sql<number>`sum(${reviewScoreDays.reviews})::int` })
      .from(reviewScoreDays)
      .where(eq(reviewScoreDays.wholesalerId, supplier));
    expect(sums?.reviews).toBe(2);
  });
});

describe("the supplier's voice: answers and takedowns", () => {
  let reviewId = 0;
  beforeEach(async () => {
    await db().delete(wholesalerManagers);
    expect((await write(seller, { ...valid(), evidenceNumber: "INV-1" })).status).toBe(302);
    reviewId = (await storedReviews())[0]!.id;
    await manage(manager, supplier);
  });
  const path = (what: string, id = supplier, review = reviewId) => `/wholesaler/${id}/reviews/${review}/${what}`;

  test("a manager answers each review once; nobody else, and never for another listing", async () => {
    expect((await detail(supplier, manager)).items[0]).toMatchObject({ acts: ["flag", "answer", "takedown"] });
    expect((await detail(supplier, seller)).items[0]).toMatchObject({ acts: ["flag"] });

    const stranger = await verifiedAccount("stranger@example.com");
    expect((await act(stranger, path("answer"), { body: "답변" })).status).toBe(403);
    expect((await act(null, path("answer"), { body: "답변" })).status).toBe(401);
    // A manager of another listing: not this listing's review (404 under the other listing, 403 under this one).
    const otherManager = await verifiedAccount("other-manager@example.com");
    await manage(otherManager, otherBusiness);
    expect((await act(otherManager, path("answer", otherBusiness), { body: "답변" })).status).toBe(404);
    expect((await act(otherManager, path("answer"), { body: "답변" })).status).toBe(403);

    const tooLong = await act(manager, path("answer"), { body: "가".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(messageOf(tooLong)).toMatch(/1,000자 이하/);
    const answered = await act(manager, path("answer"), { body: "불편을 드려 죄송합니다. 포장을 개선했습니다." });
    expect(answered.status).toBe(302);
    expect(answered.location).toBe(`/wholesaler/${supplier}#review-${reviewId}`);
    expect((await detail()).items[0]).toMatchObject({ answer: { body: "불편을 드려 죄송합니다. 포장을 개선했습니다." } });
    expect((await act(manager, path("answer"), { body: "두 번째" })).status).toBe(409);
    expect((await detail(supplier, manager)).items[0]).toMatchObject({ acts: ["flag", "takedown"] });
  });

  test("게시 중단 요청: hidden at once, the writer mailed, 이의 신청 from /account, an administrator restores or deletes", async () => {
    const stranger = await verifiedAccount("stranger2@example.com");
    expect((await act(stranger, path("takedown"), { reason: "허위 사실입니다." })).status).toBe(403);
    expect((await act(manager, path("takedown"), { reason: "" })).status).toBe(400);
    const mailsBefore = smtp.received.length;
    const asked = await act(manager, path("takedown"), { reason: "주문한 적이 없는 사람이 쓴 허위 후기입니다." });
    expect(asked.status).toBe(302);
    expect((await detail()).items).toEqual([{ id: reviewId, takenDown: true }]);
    const section = await detail();
    const Stub = createRoutesStub([{ path: "/", Component: () => <ReviewSection wholesalerId={supplier} section={section} /> }]);
    expect(renderToString(<Stub initialEntries={["/"]} />)).toContain(TAKEN_DOWN_PLACEHOLDER);
    const mail = await smtp.nextMail((m) => m.to.includes(seller.email) && smtp.received.indexOf(m) >= mailsBefore);
    expect(mailSubject(mail)).toContain("임시 조치");
    expect(mailText(mail)).toContain("주문한 적이 없는 사람이 쓴 허위 후기입니다.");
    expect(mailText(mail)).not.toContain(manager.email);
    expect((await act(manager, path("takedown"), { reason: "다시" })).status).toBe(409);

    // The writer sees it on /account with 이의 신청; nobody else may object, and the writer once.
    const account = asResponse(await callLoader(getRequest("/account", { cookie: seller.cookie })));
    expect((account.data as { takenDownReviews: unknown[] }).takenDownReviews).toEqual([
      expect.objectContaining({ id: reviewId, objected: false, href: path("objection") }),
    ]);
    expect((await act(manager, path("objection"), { reason: "반대" })).status).toBe(403);
    const objected = await act(seller, path("objection"), { reason: "실제로 주문했고 주문번호를 증빙으로 냈습니다." });
    expect(objected.status).toBe(302);
    expect(objected.location).toBe("/account");
    expect((await act(seller, path("objection"), { reason: "또" })).status).toBe(409);

    // /admin/reviews: the request with its objection and days left; one past its 30 days comes first.
    const second = await verifiedAccount("second-writer@example.com");
    expect((await write(second)).status).toBe(302);
    const secondId = (await storedReviews()).at(-1)!.id;
    expect((await act(manager, path("takedown", supplier, secondId), { reason: "비방입니다." })).status).toBe(302);
    await db()
      .update(reviewTakedowns)
      .set({ createdAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(reviewTakedowns.reviewId, secondId));
    const queues = asResponse(await callLoader(getRequest("/admin/reviews", { cookie: admin.cookie })));
    const takedowns = (queues.data as { takedowns: { items: { id: number; daysLeft: number; objection: string | null }[] } }).takedowns
      .items;
    expect(takedowns.map((item) => item.id)).toEqual([secondId, reviewId]);
    expect(takedowns[0]!.daysLeft).toBeLessThanOrEqual(0);
    expect(takedowns[1]).toMatchObject({ daysLeft: 30, objection: "실제로 주문했고 주문번호를 증빙으로 냈습니다." });

    const decided = smtp.received.length;
    expect((await queue("restore", reviewId)).status).toBe(302);
    expect((await detail()).items.find((item) => item.id === reviewId)).toMatchObject({ takenDown: false });
    const back = await smtp.nextMail((m) => m.to.includes(seller.email) && smtp.received.indexOf(m) >= decided);
    expect(mailSubject(back)).toContain("다시 게시");
    // Decided: the manager cannot hide it again the same way, and the queue has moved on.
    expect((await act(manager, path("takedown"), { reason: "다시" })).status).toBe(409);
    expect(await toastOf(await queue("restore", reviewId))).toBe("이미 처리된 항목입니다.");

    expect((await queue("delete", secondId)).status).toBe(302);
    expect((await storedReviews()).map((row) => row.id)).toEqual([reviewId]);
    await backgroundSettled();
  });
});

describe("신고 and /admin/reviews", () => {
  test("any signed-in account may flag a review once; an administrator hides it or keeps it", async () => {
    expect((await write(seller)).status).toBe(302);
    const [first] = await storedReviews();
    const path = `/wholesaler/${supplier}/reviews/${first!.id}/flag`;
    expect((await act(null, path, { reason: "abuse" })).status).toBe(401);
    const reporter = await signedUpAccount("reporter@example.com");
    expect((await act(reporter, path, { reason: "spam" })).status).toBe(400);
    const flagged = await act(reporter, path, { reason: "abuse" });
    expect(flagged.status).toBe(302);
    expect(await toastOf(flagged)).toBe(FLAG_RECEIVED);
    expect((await act(reporter, path, { reason: "untrue" })).status).toBe(409);
    expect((await act(manager, path, { reason: "untrue" })).status).toBe(302);

    const menu = async () =>
      (
        (await callRoute("loader", getRequest("/admin", { cookie: admin.cookie }), { file: "routes/admin/layout.tsx" })) as {
          openReviews: number;
        }
      ).openReviews;
    expect(await menu()).toBe(1);
    const queues = asResponse(await callLoader(getRequest("/admin/reviews", { cookie: admin.cookie })));
    expect((queues.data as { flagged: { items: unknown[] } }).flagged.items).toEqual([
      expect.objectContaining({ id: first!.id, flags: 2, reasons: expect.arrayContaining(["abuse", "untrue"]) }),
    ]);
    expect((await queue("hide", first!.id)).status).toBe(302);
    expect((await detail()).items).toEqual([]);
    expect(await menu()).toBe(0);
    // A hidden review cannot be flagged again.
    expect((await act(await signedUpAccount("late@example.com"), path, { reason: "abuse" })).status).toBe(404);

    // `유지`: the flags are handled, the review stays.
    expect((await write(seller, valid(), {}, otherBusiness)).status).toBe(302);
    const kept = (await storedReviews()).at(-1)!;
    expect((await act(reporter, `/wholesaler/${otherBusiness}/reviews/${kept.id}/flag`, { reason: "other" })).status).toBe(302);
    expect((await queue("keep", kept.id)).status).toBe(302);
    expect((await detail(otherBusiness)).items).toHaveLength(1);
    expect(await db().select().from(reviewFlags).where(sql`${reviewFlags.handledAt} IS NULL`)).toEqual([]);
  });

  test(`신고 is limited per account and day (REVIEW_FLAGS_PER_DAY)`, async () => {
    process.env.REVIEW_FLAGS_PER_DAY = "2";
    const writers = [seller, await verifiedAccount("w2@example.com"), await verifiedAccount("w3@example.com")];
    for (const account of writers) expect((await write(account)).status).toBe(302);
    const reporter = await signedUpAccount("busy-reporter@example.com");
    const answers = [];
    for (const row of await storedReviews())
      answers.push(await act(reporter, `/wholesaler/${supplier}/reviews/${row.id}/flag`, { reason: "abuse" }));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 429]);
    expect(messageOf(answers[2]!)).toBe("신고는 하루에 2건까지 할 수 있습니다. 내일 다시 해 주세요.");
  });

  test("증빙 확인 대기 marks 같은 증빙 번호; decisions keep their date and the picture is deleted 30 days after", async () => {
    const second = await verifiedAccount("copycat@example.com");
    const picture = { evidenceImage: { bytes: await png(), name: "a.png", type: "image/png" } };
    expect((await write(seller, { ...valid(), evidenceNumber: "CJ 1234-5678" }, picture)).status).toBe(302);
    expect((await write(second, { ...valid(), evidenceNumber: "cj-12345678" })).status).toBe(302);
    expect((await write(manager, { ...valid(), evidenceNumber: "HANJIN-999" }, {}, otherBusiness)).status).toBe(302);
    const rows = await storedReviews();
    const queues = asResponse(await callLoader(getRequest("/admin/reviews", { cookie: admin.cookie })));
    const evidence = (queues.data as { evidence: { items: { id: number; sameNumber: boolean; evidenceFileId: string | null }[] } }).evidence
      .items;
    expect(evidence.map((item) => [item.id, item.sameNumber])).toEqual([
      [rows[0]!.id, true],
      [rows[1]!.id, true],
      [rows[2]!.id, false],
    ]);

    // The picture: administrators only (the writer, a manager, any account and a visitor are refused).
    const file = `/admin/evidence/${evidence[0]!.evidenceFileId}`;
    await manage(manager, supplier);
    for (const [who, cookie, where] of [
      ["visitor", "", "/login"],
      ["account", (await signedUpAccount("nosy@example.com")).cookie, "/"],
      ["writer", seller.cookie, "/"],
      ["manager", manager.cookie, "/"],
    ] as const) {
      const refused = await caught(() => callLoader(getRequest(file, { cookie })));
      expect(refused.status, who).toBe(302);
      expect(refused.location?.startsWith(where), who).toBe(true);
    }
    const served = (await callLoader(getRequest(file, { cookie: admin.cookie }))) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");

    // A replayed admin form by anyone else changes nothing.
    expect((await queue("confirm", rows[0]!.id, seller.cookie)).status).toBe(403);
    expect((await caught(() => callAction(formRequest("/admin/reviews", { intent: "confirm", id: String(rows[0]!.id) })))).status).toBe(
      401,
    );
    expect((await storedReviews())[0]?.evidence).toBe("pending");

    expect((await queue("reject", rows[0]!.id)).status).toBe(302);
    expect((await queue("confirm", rows[0]!.id)).status).toBe(302);
    const [decided] = await db().select().from(reviews).where(eq(reviews.id, rows[0]!.id));
    expect(decided).toMatchObject({ evidence: "rejected", evidenceDecidedBy: admin.id });
    const decidedAt = decided!.evidenceDecidedAt!;
    expect(await purgeEvidence({ now: new Date(decidedAt.getTime() + 29 * DAY_MS) })).toBe(0);
    expect(await purgeEvidence({ now: new Date(decidedAt.getTime() + 30 * DAY_MS + 1000) })).toBe(1);
    expect((await caught(() => callLoader(getRequest(file, { cookie: admin.cookie })))).status).toBe(404);
    // The decision and its date stay.
    expect((await db().select().from(reviews).where(eq(reviews.id, rows[0]!.id)))[0]).toMatchObject({
      evidence: "rejected",
      evidenceDecidedAt: decidedAt,
    });
    expect(await db().select({ id: user.id }).from(user).where(eq(user.id, seller.id))).toHaveLength(1);
  });
});
