import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { correctionRequests, rateLimits, user, wholesalers } from "#app/db/schema.ts";
import { REPORT_RECEIVED } from "#app/features/reports/report-schema.ts";
import { HONEYPOT_FIELD } from "#app/features/users/honeypot.ts";
import { env } from "#app/lib/env.server.ts";
import * as reportPage from "#app/routes/public/wholesaler-report.tsx";
import { createSupplier, signedUpAdmin, signedUpCookie } from "#tests/factories.ts";
import { asResponse, caught, formRequest, getRequest, retryAfterPassedOn } from "#tests/request.ts";
import { callAction, callLoader, callRoute } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

let adminCookie = "";
let userCookie = "";
let supplier = 0;

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const send = (fields: Record<string, string>, init: { cookie?: string; ip?: string; id?: string } = {}) => {
  const id = init.id ?? String(supplier);
  return caught(() => reportPage.action(args(formRequest(`/wholesaler/${id}/report`, fields, init), { id })));
};
const stored = () => db().select().from(correctionRequests);
const valid = { reason: "wrong", body: "연락처가 바뀌었습니다: 02-000-0000" };

beforeAll(async () => {
  adminCookie = (await signedUpAdmin()).cookie;
  userCookie = await signedUpCookie("seller@example.com");
});

beforeEach(async () => {
  await db().delete(correctionRequests);
  await db().delete(rateLimits);
  await db().delete(wholesalers);
  supplier = await createSupplier({ name: "도매꾹", siteUrl: "https://domeggook.com/" });
});

describe("sending a correction request", () => {
  test("anyone may send one: a visitor's has no account, a member's keeps only the account id", async () => {
    const anonymous = await send(valid, { ip: "10.0.0.1" });
    expect(anonymous.status).toBe(200);
    expect(anonymous.data).toEqual({ ok: true, message: REPORT_RECEIVED });
    const member = await send(
      { reason: "closed", body: "폐업했다고 공지가 올라왔습니다.\n두 번째 줄" },
      { cookie: userCookie, ip: "10.0.0.2" },
    );
    expect(member.status).toBe(200);

    const [first, second] = await stored();
    expect(first).toMatchObject({ wholesalerId: supplier, reason: "wrong", body: valid.body, reporterId: null, status: "open" });
    const [seller] = await db().select({ id: user.id }).from(user).where(eq(user.email, "seller@example.com"));
    expect(second).toMatchObject({ reason: "closed", body: "폐업했다고 공지가 올라왔습니다.\n두 번째 줄", reporterId: seller!.id });
    expect(JSON.stringify(second)).not.toContain("seller@example.com");
    // The admin queue shows who sent each: the signed-in sender's account, or a visitor.
    const queue = (await callLoader(getRequest("/admin/reports", { cookie: adminCookie }))) as {
      items: { body: string; reporterEmail: string | null }[];
    };
    expect(queue.items.map((item) => item.reporterEmail).sort()).toEqual(["seller@example.com", null].sort());
  });

  test("bad input gets a Korean message and a 4xx, never a 500, and nothing is stored", async () => {
    const cases: [string, Record<string, string>, number, RegExp][] = [
      ["empty text", { reason: "wrong", body: "   " }, 400, /내용을 입력해 주세요/],
      ["1,001 characters", { reason: "wrong", body: "가".repeat(1001) }, 400, /1,000자 이하/],
      ["unknown reason", { reason: "spam", body: "내용" }, 400, /사유를 목록에서 골라 주세요/],
      ["no reason", { body: "내용" }, 400, /사유를 목록에서 골라 주세요/],
      ["filled honeypot", { ...valid, [HONEYPOT_FIELD]: "bot" }, 400, /잘못된 요청/],
    ];
    for (const [name, fields, status, message] of cases) {
      const res = await send(fields);
      expect(res.status, name).toBe(status);
      expect((res.data as { message: string }).message, name).toMatch(message);
    }
    expect(await stored()).toEqual([]);
    // Exactly 1,000 characters is fine.
    expect((await send({ reason: "other", body: "가".repeat(1000) })).status).toBe(200);
  });

  test("an unknown or malformed supplier is a 404, for the page and for a post", async () => {
    for (const id of ["999999", "abc", "0", "1e3"]) {
      expect((await caught(() => reportPage.loader(args(getRequest(`/wholesaler/${id}/report`), { id })))).status).toBe(404);
      expect((await send(valid, { id })).status).toBe(404);
    }
    expect(await stored()).toEqual([]);
  });

  afterEach(() => {
    delete process.env.REPORT_RATE_LIMIT;
  });

  test("a burst from one address gets 429 with Retry-After; another address is unaffected", async () => {
    // REPORT_RATE_LIMIT's default: 5 per address per 10 minutes.
    const REPORTS_PER_ADDRESS = 5;
    for (let i = 0; i < REPORTS_PER_ADDRESS; i++) expect((await send(valid, { ip: "10.9.9.9" })).status).toBe(200);
    const refused = await send(valid, { ip: "10.9.9.9" });
    expect(refused.status).toBe(429);
    expect((refused.data as { message: string }).message).toMatch(/잠시 후 다시/);
    // The route passes the header on to the response.
    const retryAfter = retryAfterPassedOn(reportPage, refused);
    expect(Number(retryAfter.sent)).toBeGreaterThan(0);
    expect(retryAfter.passedOn).toBe(retryAfter.sent);
    expect((await send(valid, { ip: "10.8.8.8" })).status).toBe(200);
    expect(await stored()).toHaveLength(REPORTS_PER_ADDRESS + 1);
  });

  test("REPORT_RATE_LIMIT sets the allowance per address (an office behind one address may need more); 0 turns it off", async () => {
    process.env.REPORT_RATE_LIMIT = "2";
    for (let i = 0; i < 2; i++) expect((await send(valid, { ip: "10.7.7.7" })).status).toBe(200);
    expect((await send(valid, { ip: "10.7.7.7" })).status).toBe(429);

    process.env.REPORT_RATE_LIMIT = "0";
    for (let i = 0; i < 12; i++) expect((await send(valid, { ip: "10.6.6.6" })).status).toBe(200);
    expect(await stored()).toHaveLength(14);

    process.env.REPORT_RATE_LIMIT = "-1";
    expect(() => env()).toThrow(/REPORT_RATE_LIMIT/);
  });

  test("a deleted account's requests are kept without it", async () => {
    const leaving = await signedUpCookie("leaving@example.com");
    expect((await send(valid, { cookie: leaving, ip: "10.0.0.3" })).status).toBe(200);
    await db().delete(user).where(eq(user.email, "leaving@example.com"));
    const [kept] = await stored();
    expect(kept).toMatchObject({ body: valid.body, reporterId: null });
  });
});

describe("/admin/reports", () => {
  test("open requests newest first; 처리 완료 and 반려 take them off the list; the menu count follows", async () => {
    await send({ reason: "wrong", body: "첫 번째" }, { ip: "10.1.0.1" });
    await send({ reason: "unreachable", body: "두 번째" }, { ip: "10.1.0.2" });
    await send({ reason: "other", body: "세 번째" }, { ip: "10.1.0.3" });

    const page = asResponse(await callLoader(getRequest("/admin/reports", { cookie: adminCookie })));
    const items = (page.data as { items: { id: number; body: string; wholesalerName: string }[] }).items;
    expect(items.map((item) => item.body)).toEqual(["세 번째", "두 번째", "첫 번째"]);
    expect(items[0]?.wholesalerName).toBe("도매꾹");

    // The admin menu's count comes from the admin layout, which a non-admin never reaches.
    const menu = (cookie: string) => callRoute("loader", getRequest("/admin", { cookie }), { file: "routes/admin/layout.tsx" });
    expect(((await menu(adminCookie)) as { openReports: number }).openReports).toBe(3);
    expect((await caught(() => menu(userCookie))).location).toBe("/");

    const handle = (intent: string, id: number) =>
      caught(() => callAction(formRequest("/admin/reports", { intent, id: String(id) }, { cookie: adminCookie })));
    expect((await handle("done", items[0]!.id)).status).toBe(302);
    expect((await handle("rejected", items[1]!.id)).status).toBe(302);
    const after = asResponse(await callLoader(getRequest("/admin/reports", { cookie: adminCookie })));
    expect((after.data as { items: { body: string }[] }).items.map((item) => item.body)).toEqual(["첫 번째"]);
    expect(((await menu(adminCookie)) as { openReports: number }).openReports).toBe(1);

    const statuses = await db()
      .select({ body: correctionRequests.body, status: correctionRequests.status, handledBy: correctionRequests.handledBy })
      .from(correctionRequests);
    expect(statuses.find((s) => s.body === "세 번째")).toMatchObject({ status: "done" });
    expect(statuses.find((s) => s.body === "두 번째")?.status).toBe("rejected");
    expect(statuses.find((s) => s.body === "세 번째")?.handledBy).not.toBeNull();
    // Handling one twice changes nothing.
    expect((await handle("done", items[0]!.id)).status).toBe(302);
    expect((await db().select().from(correctionRequests).where(eq(correctionRequests.status, "done"))).length).toBe(1);
  });

  test("only admins: the page redirects others, the action answers 403 (401 anonymous), nothing changes", async () => {
    await send(valid, { ip: "10.2.0.1" });
    const [report] = await stored();
    for (const [cookie, where] of [
      [userCookie, "/"],
      ["", "/login"],
    ] as const) {
      const page = await caught(() => callLoader(getRequest("/admin/reports", { cookie })));
      expect(page.status).toBe(302);
      expect(page.location?.startsWith(where)).toBe(true);
    }
    expect(
      (await caught(() => callAction(formRequest("/admin/reports", { intent: "done", id: String(report!.id) }, { cookie: userCookie }))))
        .status,
    ).toBe(403);
    expect((await caught(() => callAction(formRequest("/admin/reports", { intent: "done", id: String(report!.id) })))).status).toBe(401);
    expect((await stored())[0]?.status).toBe("open");
  });
});
