import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { jobs, rateLimits, user, wholesalerChanges, wholesalerManagers, wholesalers } from "#app/db/schema.ts";
import type { WholesalerTerms } from "#app/db/term-values.ts";
import { callsLeft } from "#app/features/official-records/official-record-jobs.server.ts";
import { requestRecordsCheck } from "#app/features/official-records/official-records.server.ts";
import { ADMIN_FIELD_MESSAGE, FORBIDDEN_MESSAGE, NUMBER_LIMIT_MESSAGE } from "#app/features/suppliers/supplier-desk.server.ts";
import { SUPPLIED_SOURCE, TERM_FIELDS, termRows } from "#app/features/wholesalers/wholesaler-terms.ts";
import { createWholesaler, getWholesaler, updateWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import * as editRoute from "#app/routes/account/supplier-edit.tsx";
import { signedUpAdmin, signedUpCookie, validBusinessNumbers } from "#tests/factories.ts";
import { setAllowHosts } from "#tests/network.ts";
import { asResponse, caught, formRequest, getRequest, retryAfterPassedOn } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { registryJobs, type StandInRegistries, startStandInRegistries } from "#tests/stand-in-registries.ts";
import { withTestDatabase } from "#tests/test-database.ts";

// Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
withTestDatabase();

let managerCookie = "";
let strangerCookie = "";
let adminCookie = "";
let managerId = "";
let listing = 0;
let otherListing = 0;

const idOf = async (email: string) => (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

beforeAll(async () => {
  managerCookie = await signedUpCookie("manager@desk.test");
  strangerCookie = await signedUpCookie("stranger@desk.test");
  adminCookie = (await signedUpAdmin("admin@desk.test")).cookie;
  managerId = await idOf("manager@desk.test");
});

beforeEach(async () => {
  await db().delete(wholesalers);
  await db().delete(wholesalerChanges);
  const base = { category: "패션", contact: "02-000-0000", logoUrl: "", summary: "옷 도매" };
  listing = await createWholesaler({ ...base, name: "데스크몰", siteUrl: "https://desk.example.com/" });
  otherListing = await createWholesaler({ ...base, name: "옆집몰", siteUrl: "https://next.example.com/" });
  await db()
    .insert(wholesalerManagers)
    .values({ wholesalerId: listing, userId: managerId, method: "meta", proofUrl: "https://desk.example.com/" });
});

const form = (extra: Record<string, string> = {}) => ({
  summary: "여성 의류 위탁 전문",
  contact: "02-123-4567",
  dropshipping: "yes",
  minOrder: "1",
  shippingFee: "3000",
  freeShippingOver: "50000",
  returns: "conditional",
  imageUse: "yes",
  pricePolicy: "minimum",
  integration: "excel",
  businessNumber: "",
  ...extra,
});
const post = (id: number, fields: Record<string, string>, cookie = managerCookie) =>
  caught(() => callAction(formRequest(`/supplier/${id}/edit`, fields, { cookie })));
const rowOf = async (id: number) => (await db().select().from(wholesalers).where(eq(wholesalers.id, id)))[0]!;

describe("the desk", () => {
  test("/supplier lists the managed listings; /supplier/{id}/edit shows its terms; anyone else gets 403", async () => {
    const desk = asResponse(await callLoader(getRequest("/supplier", { cookie: managerCookie })));
    expect((desk.data as { listings: { id: number; name: string }[] }).listings.map((l) => l.name)).toEqual(["데스크몰"]);
    const empty = asResponse(await callLoader(getRequest("/supplier", { cookie: strangerCookie })));
    expect((empty.data as { listings: unknown[] }).listings).toEqual([]);
    const edit = asResponse(await callLoader(getRequest(`/supplier/${listing}/edit`, { cookie: managerCookie })));
    expect(edit.data).toMatchObject({
      id: listing,
      name: "데스크몰",
      values: { summary: "옷 도매", contact: "02-000-0000", dropshipping: "unknown" },
    });
    expect(Object.keys((edit.data as { values: object }).values)).not.toContain("termsSource");
    for (const [id, cookie] of [
      [listing, strangerCookie],
      [otherListing, managerCookie],
      [listing, adminCookie],
    ] as const) {
      const refused = await caught(() => callLoader(getRequest(`/supplier/${id}/edit`, { cookie })));
      expect(refused.status).toBe(403);
    }
    const anonymous = await caught(() => callLoader(getRequest(`/supplier/${listing}/edit`)));
    expect(anonymous.status).toBe(302);
  });

  test("저장 publishes the terms at once: 조건 출처 공급사 제공, 조건 확인일 today, every change in the history", async () => {
    await db()
      .update(wholesalers)
      .set({ termsCheckedAt: "2025-01-01", termsSource: "https://desk.example.com/terms" })
      .where(eq(wholesalers.id, listing));
    const saved = await post(listing, form());
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/supplier");
    const row = await rowOf(listing);
    expect(row).toMatchObject({
      name: "데스크몰",
      category: "패션",
      siteUrl: "https://desk.example.com/",
      summary: "여성 의류 위탁 전문",
      contact: "02-123-4567",
      dropshipping: "yes",
      shippingFee: 3000,
      freeShippingOver: 50000,
      returns: "conditional",
      pricePolicy: "minimum",
      integration: ["excel"],
      termsCheckedAt: seoulDay(),
      status: "published",
    });
    expect(row.termsSuppliedAt).not.toBeNull();
    const detail = await getWholesaler(listing);
    expect(termRows(detail!).find((r) => r.label === "조건 출처")).toEqual({ label: "조건 출처", value: SUPPLIED_SOURCE });
    const [history] = await db().select().from(wholesalerChanges).where(eq(wholesalerChanges.source, "supplier"));
    expect(history).toMatchObject({ wholesalerId: listing, action: "update", actorId: managerId, actorLabel: "공급사 운영자" });
    const fields = (history!.changes as { field: string }[]).map((change) => change.field);
    expect(fields).toEqual(expect.arrayContaining(["summary", "contact", "dropshipping", "shippingFee", "termsCheckedAt"]));
    expect(fields).not.toContain("termsSuppliedAt");

    // The public 조건 변경 이력, newest first, without who made it.
    await post(listing, form({ shippingFee: "0" }));
    const page = asResponse(await callLoader(getRequest(`/wholesaler/${listing}`)));
    const entries = (page.data as { termHistory: { day: string; changes: { label: string; before: string; after: string }[] }[] })
      .termHistory;
    expect(entries[0]!.changes).toEqual([{ label: "배송비", before: "3,000원", after: "무료" }]);
    expect(entries[1]!.changes).toEqual(
      expect.arrayContaining([
        { label: "위탁 판매", before: "확인 필요", after: "가능" },
        { label: "상품 연동", before: "확인 필요", after: "엑셀" },
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain("공급사 운영자");
    expect(JSON.stringify(entries)).not.toContain("manager@desk.test");
    expect((page.data as { supplierVerified: boolean }).supplierVerified).toBe(true);

    // An admin's later change of a term makes the terms the admin's again.
    const { name, category, siteUrl, contact, logoUrl, summary } = row;
    const terms = Object.fromEntries(TERM_FIELDS.map((field) => [field, detail![field]])) as unknown as WholesalerTerms;
    await updateWholesaler(listing, { name, category, siteUrl, contact, logoUrl, summary }, { terms: { ...terms, shippingFee: 2500 } });
    expect((await rowOf(listing)).termsSuppliedAt).toBeNull();
  });

  test("배송 방식, 사입 여부 and 해외 배송 are the manager's too: saved, shown on the public page, too long refused", async () => {
    const edit = asResponse(await callLoader(getRequest(`/supplier/${listing}/edit`, { cookie: managerCookie })));
    expect((edit.data as { values: object }).values).toMatchObject({ delivery: "", purchase: "", international: "" });
    const saved = await post(listing, form({ delivery: "택배 배송", purchase: "사입 가능", international: "해외 배송 가능" }));
    expect(saved.status).toBe(302);
    expect(await rowOf(listing)).toMatchObject({ delivery: "택배 배송", purchase: "사입 가능", international: "해외 배송 가능" });
    const detail = await import("#app/routes/public/wholesaler-detail.tsx");
    const page = asResponse(
      await detail.loader({ request: getRequest(`/wholesaler/${listing}`), params: { id: String(listing) }, context: {} } as never),
    );
    expect((page.data as { wholesaler: { delivery: string } }).wholesaler.delivery).toBe("택배 배송");
    const tooLong = await post(listing, form({ delivery: "가".repeat(201) }));
    expect(tooLong.status).toBe(400);
    expect((await rowOf(listing)).delivery).toBe("택배 배송");
  });

  test("the detail page offers its manager 내 도매처에서 수정 instead of the claim link", async () => {
    const detail = await import("#app/routes/public/wholesaler-detail.tsx");
    const manages = async (cookie: string) =>
      (
        asResponse(
          await detail.loader({
            request: getRequest(`/wholesaler/${listing}`, { cookie }),
            params: { id: String(listing) },
            context: {},
          } as never),
        ).data as { manages: boolean }
      ).manages;
    expect(await manages(managerCookie)).toBe(true);
    expect(await manages(strangerCookie)).toBe(false);
    expect(await manages("")).toBe(false);
  });

  test("a bad value is a 400 with the admin form's Korean message, nothing written", async () => {
    const before = await rowOf(listing);
    const failed = await post(listing, form({ shippingFee: "삼천원" }));
    expect(failed.status).toBe(400);
    expect((failed.data as { errors: Record<string, string> }).errors.shippingFee).toMatch(/배송비/);
    expect(await rowOf(listing)).toEqual(before);
  });

  test("a replayed form with name, category, siteUrl or another listing's id is refused whole", async () => {
    const before = await rowOf(listing);
    for (const extra of [
      { name: "해커몰" },
      { category: "기타" },
      { siteUrl: "https://evil.example.com" },
      { termsSource: "https://x.example.com" },
    ] as Record<string, string>[]) {
      const refused = await post(listing, form(extra));
      expect(refused.status).toBe(400);
      expect((refused.data as { message: string }).message).toBe(ADMIN_FIELD_MESSAGE);
    }
    const otherId = await post(listing, form({ id: String(otherListing) }));
    expect(otherId.status).toBe(403);
    expect(await rowOf(listing)).toEqual(before);
  });

  test("anyone but a manager of that listing gets 403, whatever the form says", async () => {
    const before = await db().select().from(wholesalers).orderBy(asc(wholesalers.id));
    for (const [id, cookie] of [
      [listing, strangerCookie],
      [otherListing, managerCookie],
      [listing, adminCookie],
    ] as const) {
      const refused = await post(id, form({ id: String(id) }), cookie);
      expect(refused.status).toBe(403);
      expect(String(refused.data ?? "")).not.toContain("500");
    }
    const anonymous = await post(listing, form(), "");
    expect(anonymous.status).toBe(401);
    expect(await db().select().from(wholesalers).orderBy(asc(wholesalers.id))).toEqual(before);
    expect(FORBIDDEN_MESSAGE).toMatch(/권한/);
  });
});

describe("admins and managers", () => {
  test("the admin edit page lists the managers; 운영자 해제 asks, then removes one", async () => {
    const page = asResponse(await callLoader(getRequest(`/admin/wholesaler-edit/${listing}`, { cookie: adminCookie })));
    expect((page.data as { managers: { userId: string; label: string }[] }).managers).toEqual([
      expect.objectContaining({ userId: managerId, label: "manager@desk.test" }),
    ]);
    const stranger = await caught(() =>
      callAction(
        formRequest(`/admin/wholesaler-edit/${listing}`, { intent: "remove-manager", userId: managerId }, { cookie: managerCookie }),
      ),
    );
    expect(stranger.status).toBe(403);
    // The first press asks (with or without JavaScript): nothing is removed yet.
    const release = { intent: "remove-manager", userId: managerId };
    const asked = await caught(() => callAction(formRequest(`/admin/wholesaler-edit/${listing}`, release, { cookie: adminCookie })));
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ ok: false, message: "정말 운영자를 해제하시겠습니까?", values: release });
    expect(await db().select().from(wholesalerManagers)).toHaveLength(1);
    const removed = await caught(() =>
      callAction(formRequest(`/admin/wholesaler-edit/${listing}`, { ...release, confirm: "1" }, { cookie: adminCookie })),
    );
    expect(removed.status).toBe(302);
    expect(await db().select().from(wholesalerManagers)).toEqual([]);
    const gone = await caught(() => callLoader(getRequest(`/supplier/${listing}/edit`, { cookie: managerCookie })));
    expect(gone.status).toBe(403);
  });
});

describe("사업자등록번호 changes, and the registry calls a manager's saves cause", () => {
  const KEY = "desk-stand-in-key";
  let registries: StandInRegistries;
  let clock = new Date();

  beforeAll(async () => {
    registries = await startStandInRegistries();
    setAllowHosts(registries.allowHost);
  });
  afterAll(async () => {
    setAllowHosts("");
    await registries?.close();
  });
  beforeEach(async () => {
    process.env.DATA_GO_KR_KEY = KEY;
    registries.reset();
    clock = new Date();
    await db().delete(jobs);
    await db().delete(rateLimits);
  });
  afterEach(() => {
    delete process.env.DATA_GO_KR_KEY;
  });

  /** The registry jobs as a server runs them, against the stand-ins, with a day's limit of `limit` calls per service. */
  function registryRunner(limit: number) {
    return registryJobs(registries, { key: KEY, ntsDailyLimit: limit, ftcDailyLimit: limit, timeoutMs: 2_000, now: () => clock });
  }
  const asked = (service: "nts" | "ftc") => registries.calls.filter((call) => call.service === service).flatMap((call) => call.numbers);
  const numberOf = async (id: number) => (await rowOf(id)).businessNumber;
  const manage = (...ids: number[]) =>
    db()
      .insert(wholesalerManagers)
      .values(ids.map((wholesalerId) => ({ wholesalerId, userId: managerId, method: "meta", proofUrl: "https://desk.example.com/" })));

  test("20 saves at once with 20 new numbers: 3 changes saved, 17 refused with 429 and nothing written; 1 call each", async () => {
    const numbers = validBusinessNumbers(20, 500_000_000);
    const runner = registryRunner(100);
    const saves = await Promise.all(numbers.map((businessNumber) => post(listing, form({ businessNumber }))));
    expect(saves.filter((save) => save.status === 302)).toHaveLength(3);
    const refused = saves.filter((save) => save.status !== 302);
    expect(refused).toHaveLength(17);
    for (const refusal of refused) {
      expect(refusal.status).toBe(429);
      expect(refusal.data).toMatchObject({ message: NUMBER_LIMIT_MESSAGE, errors: { businessNumber: NUMBER_LIMIT_MESSAGE } });
    }
    expect(NUMBER_LIMIT_MESSAGE).toBe("사업자등록번호는 하루에 3번까지 바꿀 수 있습니다.");
    const retryAfter = retryAfterPassedOn(editRoute, refused[0]!);
    expect(Number(retryAfter.sent)).toBeGreaterThan(0);
    expect(Number(retryAfter.sent)).toBeLessThanOrEqual(24 * 3600);
    expect(retryAfter.passedOn).toBe(retryAfter.sent);
    // Only the three saves were written: three history entries, the number one of theirs.
    const written = await db().select().from(wholesalerChanges).where(eq(wholesalerChanges.source, "supplier"));
    expect(written).toHaveLength(3);
    const current = await numberOf(listing);
    expect(numbers).toContain(current);
    // A save that keeps the number is not a change; a 4th change stays refused.
    expect((await post(listing, form({ businessNumber: current!, shippingFee: "0" }))).status).toBe(302);
    expect((await post(listing, form({ businessNumber: "" }))).status).toBe(429);

    await runner.runDue();
    // The numbers saved and replaced within the same moment are not asked about: only the listing's number is.
    expect(asked("nts")).toEqual([current]);
    expect(asked("ftc")).toEqual([current]);
  });

  test("one listing's saves cause at most its share of the day's calls; past it the sweep asks, and an admin's 지금 점검 goes at once", async () => {
    // 100 calls a day: 1 % is one call per service.
    const [first, second, third] = validBusinessNumbers(3, 510_000_000);
    await db().update(wholesalers).set({ businessNumber: third }).where(eq(wholesalers.id, otherListing));
    expect((await post(listing, form({ businessNumber: first! }))).status).toBe(302);
    await registryRunner(100).runDue();
    expect([asked("nts"), asked("ftc")]).toEqual([[first], [first]]);
    expect((await post(listing, form({ businessNumber: second! }))).status).toBe(302);
    await registryRunner(100).runDue();
    expect([asked("nts"), asked("ftc")]).toEqual([[first], [first]]);

    // An admin's check is not charged to any manager: it goes at once.
    await requestRecordsCheck(otherListing);
    await registryRunner(100).runDue();
    expect([asked("nts"), asked("ftc")]).toEqual([
      [first, third],
      [first, third],
    ]);

    // The number past the share is not lost: the next day's sweep asks it.
    clock = new Date(clock.getTime() + 24 * 3600_000);
    const runner = registryRunner(100);
    await runner.enqueueScheduled(clock.getTime());
    await runner.runDue();
    expect(asked("nts")).toEqual([first, third, second]);
    expect(asked("ftc")).toEqual([first, third, second]);
  });

  test("an account's saves over several listings at once stay within the account's share; the sweep asks the rest", async () => {
    const more = await Promise.all(
      ["셋째몰", "넷째몰"].map((name) => createWholesaler({ name, category: "패션", contact: "", logoUrl: "", summary: "", siteUrl: "" })),
    );
    const listings = [listing, otherListing, ...more];
    await manage(otherListing, ...more);
    const numbers = validBusinessNumbers(4, 520_000_000);
    // 200 calls a day: 1 % is two calls per service, for a listing and for an account.
    const runner = registryRunner(200);
    const saves = await Promise.all(listings.map((id, i) => post(id, form({ businessNumber: numbers[i]! }))));
    expect(saves.map((save) => save.status)).toEqual([302, 302, 302, 302]);
    await runner.runDue();
    expect(asked("nts")).toHaveLength(2);
    expect(asked("ftc")).toHaveLength(2);
    expect(await callsLeft("nts", 200, clock)).toBe(198);

    clock = new Date(clock.getTime() + 24 * 3600_000);
    await runner.enqueueScheduled(clock.getTime());
    await runner.runDue();
    expect(new Set(asked("nts"))).toEqual(new Set(numbers));
    expect(new Set(asked("ftc"))).toEqual(new Set(numbers));
  });
});
