import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AdminNav } from "#app/components/admin-nav.tsx";
import { db } from "#app/db/client.server.ts";
import { jobs, officialRecords, recordIssues, wholesalerChanges, wholesalers } from "#app/db/schema.ts";
import { RECORDS_AFTER_CHANGE_KIND, registerRecordsFollowUp } from "#app/features/official-records/official-record-follow-up.server.ts";
import { OfficialRecordsSection } from "#app/features/official-records/official-records-section.tsx";
import type { RecordRow } from "#app/features/official-records/record-rows.ts";
import { WholesalerSearchForm } from "#app/features/wholesalers/wholesaler-search-form.tsx";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import * as list from "#app/routes/public/list.tsx";
import * as detail from "#app/routes/public/wholesaler-detail.tsx";
import { signedUpAdmin, signedUpCookie } from "#tests/factories.ts";
import { asResponse, caught, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader, callRoute } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

/**
 * The pages of the official records, through their loaders and actions: /admin/records (admins only, for
 * the page and for replayed forms), the admin menu's count, the detail page's section, the /list card labels
 * and filter, and the shared 지금 점검 button. The registries themselves are covered in
 * official-records.server.test.ts; here the stored answers are written directly.
 */

let adminCookie = "";
let userCookie = "";
let closed = 0;
let verified = 0;
let mismatch = 0;

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const at = new Date("2026-11-23T03:00:00Z");

beforeAll(async () => {
  adminCookie = (await signedUpAdmin()).cookie;
  userCookie = await signedUpCookie("seller@example.com");
});

beforeEach(async () => {
  process.env.DATA_GO_KR_KEY = "route-test-key";
  process.env.LINK_CHECK = "0";
  await db().delete(jobs);
  await db().delete(wholesalerChanges);
  await db().delete(wholesalers);
  const rows = await db()
    .insert(wholesalers)
    .values([
      { name: "닫은 도매", siteUrl: "https://closed.co.kr", businessNumber: "2208112341" },
      { name: "확인된 도매", siteUrl: "https://verified.co.kr", businessNumber: "1058100003" },
      { name: "번호 다른 도매", siteUrl: "https://mismatch.co.kr", businessNumber: "1111111119" },
    ])
    .returning({ id: wholesalers.id });
  [closed, verified, mismatch] = rows.map((row) => row.id) as [number, number, number];
  const answered = { ntsCheckedAt: at, ntsAskedAt: at, ftcCheckedAt: at, ftcAskedAt: at, mailOrderFound: true };
  await db()
    .insert(officialRecords)
    .values([
      {
        wholesalerId: closed,
        businessNumber: "2208112341",
        ntsState: "closed",
        ntsStateCode: "03",
        taxType: "부가가치세 일반과세자",
        taxTypeCode: "01",
        closedOn: "2026-11-01",
        mailOrderNumber: "2018-서울중구-0100",
        mailOrderState: "폐업",
        declaredDomains: ["closed.co.kr"],
        ...answered,
      },
      {
        wholesalerId: verified,
        businessNumber: "1058100003",
        ntsState: "active",
        ntsStateCode: "01",
        taxType: "부가가치세 간이과세자",
        taxTypeCode: "02",
        mailOrderNumber: "2019-서울강남-01234",
        mailOrderState: "정상영업",
        declaredDomains: ["www.verified.co.kr"],
        verifiedFor: "1058100003 https://verified.co.kr",
        ...answered,
      },
      { wholesalerId: mismatch, pageNumber: "2222222227", pageUrl: "https://mismatch.co.kr/", pageReadAt: at },
    ]);
  await db().update(wholesalers).set({ recordsVerifiedFor: "1058100003 https://verified.co.kr" }).where(eq(wholesalers.id, verified));
  await db()
    .insert(recordIssues)
    .values([
      { wholesalerId: closed, reason: "closed", detail: "2026-11-01", since: at },
      { wholesalerId: mismatch, reason: "number-mismatch", detail: "2222222227", since: new Date(at.getTime() + 60_000) },
    ]);
});

afterEach(() => {
  delete process.env.DATA_GO_KR_KEY;
  delete process.env.LINK_CHECK;
});

/** The admin menu's count (the admin layout's loader; a non-admin never reaches it). */
const openCount = async (cookie = adminCookie) =>
  ((await callRoute("loader", getRequest("/admin", { cookie }), { file: "routes/admin/layout.tsx" })) as { openRecords: number })
    .openRecords;

describe("/admin/records", () => {
  test("the open items, newest first, with their reasons; the admin menu links it with the count", async () => {
    const page = asResponse(await callLoader(getRequest("/admin/records", { cookie: adminCookie })));
    const data = page.data as { items: { wholesalerId: number; reason: string }[]; enabled: boolean; total: number };
    expect(data.enabled).toBe(true);
    expect(data.items.map((item) => [item.wholesalerId, item.reason])).toEqual([
      [mismatch, "number-mismatch"],
      [closed, "closed"],
    ]);
    expect(await openCount()).toBe(2);
    // A plain user never gets the count: the layout sends them home.
    expect((await caught(() => openCount(userCookie))).location).toBe("/");

    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: () => <AdminNav openReports={0} openRecords={2} openReviews={0} />,
        loader: () => ({ openRecords: 2, openReports: 0 }),
        HydrateFallback: () => null,
      },
    ]);
    // The menu shows the layout loader's counts: rendered here with the route stub's data.
    const html = renderToString(
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { openRecords: 2, openReports: 0 } } }} />,
    );
    expect(html).toContain('href="/admin/records"');
    // Its name begins with what it shows and says what waits: `공식 기록 2건 대기`.
    expect(html).toMatch(/<a[^>]*aria-label="공식 기록 2건 대기"[^>]*>공식 기록(<!-- -->)? (<!-- -->)?<span[^>]*>2건<\/span><\/a>/);
  });

  test("확인함 takes an item off the list; it comes back when its subject changes", async () => {
    const done = await caught(() =>
      callAction(formRequest("/admin/records", { intent: "acknowledge", id: String(closed), reason: "closed" }, { cookie: adminCookie })),
    );
    expect(done.status).toBe(302);
    expect(await openCount()).toBe(1);
    // Twice: already done.
    await caught(() =>
      callAction(formRequest("/admin/records", { intent: "acknowledge", id: String(closed), reason: "closed" }, { cookie: adminCookie })),
    );
    expect(await openCount()).toBe(1);
    // Bad input is a Korean message, never a 500.
    for (const fields of [
      { intent: "acknowledge", id: String(closed), reason: "nonsense" },
      { intent: "acknowledge", id: "abc", reason: "closed" },
      { intent: "explode", id: String(closed) },
    ] as Record<string, string>[]) {
      const refused = await caught(() => callAction(formRequest("/admin/records", fields, { cookie: adminCookie })));
      expect(refused.status).toBe(302);
    }
    expect(await openCount()).toBe(1);
  });

  test("상호 불일치 is listed with both names, and 확인함 takes it off", async () => {
    await db()
      .insert(recordIssues)
      .values({
        wholesalerId: verified,
        reason: "name-mismatch",
        detail: "사이트 상호 (주)남의가게",
        since: new Date(at.getTime() + 120_000),
      });
    const page = asResponse(await callLoader(getRequest("/admin/records", { cookie: adminCookie })));
    const items = (page.data as { items: { wholesalerId: number; reason: string; detail: string }[] }).items;
    expect(items[0]).toMatchObject({ wholesalerId: verified, reason: "name-mismatch", detail: "사이트 상호 (주)남의가게" });
    const { REASON_WORDS } = await import("#app/features/official-records/record-words.ts");
    expect(REASON_WORDS["name-mismatch"]).toBe("상호 불일치");
    await caught(() =>
      callAction(
        formRequest("/admin/records", { intent: "acknowledge", id: String(verified), reason: "name-mismatch" }, { cookie: adminCookie }),
      ),
    );
    expect(await openCount()).toBe(2);
  });

  test("사이트의 번호로 바꾸기 sets the page's number, records who did it, and asks the registries about it", async () => {
    await caught(() =>
      callAction(formRequest("/admin/records", { intent: "adopt-number", id: String(mismatch) }, { cookie: adminCookie })),
    );
    const [row] = await db().select({ number: wholesalers.businessNumber }).from(wholesalers).where(eq(wholesalers.id, mismatch));
    expect(row?.number).toBe("2222222227");
    const [change] = await db().select().from(wholesalerChanges).where(eq(wholesalerChanges.wholesalerId, mismatch));
    expect(change).toMatchObject({ source: "official-records", actorLabel: "관리자" });
    expect(change?.actorId).not.toBeNull();
    expect((await db().select({ kind: jobs.kind, payload: jobs.payload }).from(jobs)).map((job) => job.kind).sort()).toEqual([
      "official-records.ftc",
      "official-records.nts",
    ]);
    expect(await openCount()).toBe(1);
  });

  test("only admins: the page sends others away, replayed forms answer 403 (401 anonymous) and change nothing", async () => {
    for (const [cookie, where] of [
      [userCookie, "/"],
      ["", "/login"],
    ] as const) {
      const page = await caught(() => callLoader(getRequest("/admin/records", { cookie })));
      expect(page.status).toBe(302);
      expect(page.location?.startsWith(where)).toBe(true);
    }
    for (const fields of [
      { intent: "acknowledge", id: String(closed), reason: "closed" },
      { intent: "adopt-number", id: String(mismatch) },
    ] as Record<string, string>[]) {
      expect(await caught(() => callAction(formRequest("/admin/records", fields, { cookie: userCookie })))).toMatchObject({
        status: 403,
      });
      expect(await caught(() => callAction(formRequest("/admin/records", fields)))).toMatchObject({ status: 401 });
    }
    expect(await openCount()).toBe(2);
    const [row] = await db().select({ number: wholesalers.businessNumber }).from(wholesalers).where(eq(wholesalers.id, mismatch));
    expect(row?.number).toBe("1111111119");
    expect(await db().select().from(jobs)).toEqual([]);
  });

  test("no page an admin sees carries the key, even with the last calls failed", async () => {
    await db().update(officialRecords).set({ ntsFailure: "timeout", ftcFailure: "http" });
    const pages = [
      await callLoader(getRequest("/admin/records", { cookie: adminCookie })),
      await callLoader(getRequest("/admin/site-checks", { cookie: adminCookie })),
      await detail.loader(args(getRequest(`/wholesaler/${closed}`), { id: String(closed) })),
    ];
    expect(JSON.stringify(pages)).not.toContain("route-test-key");
  });

  test("without a key the page says the checks are off (the page's own items stay)", async () => {
    delete process.env.DATA_GO_KR_KEY;
    const page = asResponse(await callLoader(getRequest("/admin/records", { cookie: adminCookie })));
    expect(page.data).toMatchObject({ enabled: false, total: 2 });
  });
});

describe("what visitors see", () => {
  test("the detail page's 사업자 정보 rows", async () => {
    const rows = async (id: number) =>
      (
        asResponse(await detail.loader(args(getRequest(`/wholesaler/${id}`), { id: String(id) }))).data as { records: { value: string }[] }
      ).records.map((row) => row.value);
    expect(await rows(verified)).toEqual([
      "계속사업자",
      "간이과세자",
      "2019-서울강남-01234 (정상영업)",
      "사이트 주소와 일치",
      "2026. 11. 23.",
    ]);
    expect((await rows(closed))[0]).toBe("폐업 (2026. 11. 01.)");
    expect(await rows(mismatch)).toEqual(Array(5).fill("확인 전"));
    delete process.env.DATA_GO_KR_KEY;
    // Without a key: one line, no 확인 전 rows.
    expect(await rows(verified)).toEqual(["공식 기록은 아직 확인하지 않았습니다."]);
  });

  test("without a key the page shows the number and 공식 기록은 아직 확인하지 않았습니다., no rows, no 출처 line", async () => {
    // The section as the page renders it from its loader's data.
    const html = async () => {
      const { records, recordsEnabled, recordNumber } = asResponse(
        await detail.loader(args(getRequest(`/wholesaler/${verified}`), { id: String(verified) })),
      ).data as { records: RecordRow[]; recordsEnabled: boolean; recordNumber: string };
      return renderToString(<OfficialRecordsSection rows={records} enabled={recordsEnabled} number={recordNumber} />);
    };
    const withKey = await html();
    expect(withKey).toContain("출처: 국세청 사업자등록 상태조회");
    expect(withKey).toContain("국세청 상태");
    expect(withKey).not.toContain("공식 기록은 아직 확인하지 않았습니다.");
    delete process.env.DATA_GO_KR_KEY;
    const withoutKey = await html();
    expect(withoutKey).toContain("105-81-00003");
    expect(withoutKey).toContain("공식 기록은 아직 확인하지 않았습니다.");
    expect(withoutKey).not.toContain("출처:");
    expect(withoutKey).not.toContain("국세청 상태");
    expect(withoutKey).not.toContain("확인 전");
  });

  test("/list: the seventh filter 사업자 확인, and the 폐업 label on a card", async () => {
    const page = async (search: string) =>
      asResponse(await list.loader(args(getRequest(`/list${search}`)))).data as {
        items: { name: string }[];
        extras: { businessAlerts: Record<number, string> };
      };
    expect((await page("?filter=business-verified")).items.map((item) => item.name)).toEqual(["확인된 도매"]);
    // A shared link's toggle works as for the other six.
    const toggled = await caught(() => list.loader(args(getRequest("/list?toggle=business-verified"))));
    expect(toggled.location).toBe("/list?filter=business-verified");
    expect((await page("")).extras.businessAlerts).toEqual({ [closed]: "closed" });
  });

  test("/list without a key: no 사업자 확인 button, and a link with the filter goes to the list without it", async () => {
    const data = async () => asResponse(await list.loader(args(getRequest("/list")))).data as { recordsOn: boolean };
    expect((await data()).recordsOn).toBe(true);
    delete process.env.DATA_GO_KR_KEY;
    expect((await data()).recordsOn).toBe(false);
    const dropped = await caught(() => list.loader(args(getRequest("/list?q=도매&filter=business-verified&filter=returns"))));
    expect(dropped.status).toBe(302);
    expect(dropped.location).not.toContain("business-verified");
    expect(dropped.location).toContain("filter=returns");
    const form = (businessFilter: boolean) => {
      const Stub = createRoutesStub([
        {
          path: "/list",
          Component: () => (
            <WholesalerSearchForm state={{ q: "", category: "", sort: "views", page: 1, facts: [] }} businessFilter={businessFilter} />
          ),
        },
      ]);
      return renderToString(<Stub initialEntries={["/list"]} />);
    };
    expect(form(true)).toContain("사업자 확인");
    expect(form(false)).not.toContain("사업자 확인");
    expect(form(false)).toContain("반품 가능");
  });
});

describe("the shared 지금 점검 button", () => {
  test("with LINK_CHECK=0 and a key, 지금 점검 and 전체 점검 queue the registry checks only", async () => {
    const one = await caught(() =>
      callAction(formRequest("/admin/site-checks", { intent: "check", id: String(verified) }, { cookie: adminCookie })),
    );
    expect(one.status).toBe(302);
    await caught(() => callAction(formRequest("/admin/site-checks", { intent: "check-all" }, { cookie: adminCookie })));
    expect((await db().select({ kind: jobs.kind }).from(jobs)).map((job) => job.kind).sort()).toEqual([
      "official-records.ftc",
      "official-records.nts",
      "official-records.sweep",
    ]);
    const page = asResponse(await callLoader(getRequest("/admin/site-checks", { cookie: adminCookie })));
    expect(page.data).toMatchObject({ enabled: false, recordsEnabled: true });
  });

  test("saving a supplier with a number never asked about asks the registries now", async () => {
    const saved = await caught(() =>
      callAction(
        formRequest(
          "/admin/wholesaler-add",
          {
            name: "새 도매",
            category: "",
            siteUrl: "https://new.co.kr",
            contact: "",
            logoUrl: "",
            summary: "",
            businessNumber: "123-45-67891",
          },
          { cookie: adminCookie },
        ),
      ),
    );
    expect(saved.status).toBe(302);
    // The save's history queued the records' follow-up (docs/decisions/0051), which queues the checks when it runs.
    expect((await db().select({ kind: jobs.kind }).from(jobs)).map((job) => job.kind)).toContain(RECORDS_AFTER_CHANGE_KIND);
    const followUp = new JobRunner();
    registerRecordsFollowUp(followUp);
    await followUp.runDue();
    const queued = await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.state, "queued"));
    expect(queued.map((job) => job.payload)).toEqual([
      { numbers: ["1234567891"], force: true },
      { numbers: ["1234567891"], force: true },
    ]);
  });
});
