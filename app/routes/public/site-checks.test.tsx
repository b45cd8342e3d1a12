import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { jobs, siteCheckRuns, siteStatus, wholesalers } from "#app/db/schema.ts";
import { WholesalerCard } from "#app/features/wholesalers/wholesaler-card.tsx";
import * as list from "#app/routes/public/list.tsx";
import * as detail from "#app/routes/public/wholesaler-detail.tsx";
import { createSuppliers, signedUpAdmin, signedUpCookie } from "#tests/factories.ts";
import { asResponse, caught, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

let adminCookie = "";
let userCookie = "";
let down = 0;
let fine = 0;

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

beforeAll(async () => {
  adminCookie = (await signedUpAdmin()).cookie;
  userCookie = await signedUpCookie("seller@example.com");
});

beforeEach(async () => {
  await db().delete(jobs);
  await db().delete(siteCheckRuns);
  await db().delete(wholesalers);
  [down, fine] = (await createSuppliers(
    { name: "닫힌 도매", siteUrl: "https://closed.example.com/", updatedAt: new Date("2026-11-20T16:30:00Z") },
    { name: "정상 도매", siteUrl: "https://fine.example.com/" },
  )) as [number, number];
  const checkedAt = new Date("2026-11-23T01:00:00Z");
  await db().insert(siteStatus).values({
    wholesalerId: down,
    status: "down",
    lastOutcome: "failed",
    lastErrorKind: "dns",
    checkedAt,
    checkedDay: "2026-11-23",
    problemSince: checkedAt,
  });
});

afterEach(() => {
  delete process.env.LINK_CHECK;
});

describe("freshness on public pages", () => {
  test("the detail page has 사이트 상태, 마지막 확인 and 최근 수정 (Korean calendar days)", async () => {
    const closed = asResponse(await detail.loader(args(getRequest(`/wholesaler/${down}`), { id: String(down) })));
    expect(closed.data).toMatchObject({ siteStatus: "연결 안 됨", checkedDay: "2026. 11. 23.", updatedDay: "2026. 11. 21." });
    const unchecked = asResponse(await detail.loader(args(getRequest(`/wholesaler/${fine}`), { id: String(fine) })));
    expect(unchecked.data).toMatchObject({ siteStatus: "확인 전", checkedDay: null });
  });

  test("/favorites draws the same card: a saved supplier whose site is down says 연결 안 됨 there too", async () => {
    for (const id of [down, fine]) await callAction(formRequest("/favorites", { intent: "add", id: String(id) }, { cookie: userCookie }));
    const page = asResponse(await callLoader(getRequest("/favorites", { cookie: userCookie })));
    const { extras, items } = page.data as { extras: { siteDownIds: number[]; favorites: number[] }; items: { id: number }[] };
    expect(items.map((item) => item.id).sort()).toEqual([down, fine].sort());
    expect(extras.siteDownIds).toEqual([down]);
    expect(extras.favorites.sort()).toEqual([down, fine].sort());
  });

  test("a /list card of a 연결 안 됨 supplier says so; others do not", async () => {
    const page = asResponse(await list.loader(args(getRequest("/list"))));
    expect((page.data as { extras: { siteDownIds: number[] } }).extras.siteDownIds).toEqual([down]);
    const card = (id: number, siteDown: boolean) =>
      renderToString(
        <MemoryRouter>
          <ul>
            <WholesalerCard
              wholesaler={{
                id,
                name: "도매",
                summary: "",
                category: "",
                siteUrl: "",
                logoUrl: "",
                views: 0,
                status: "published",
                factMask: 0,
              }}
              siteDown={siteDown}
            />
          </ul>
        </MemoryRouter>,
      );
    expect(card(down, true)).toContain("연결 안 됨");
    expect(card(fine, false)).not.toContain("연결 안 됨");
  });
});

describe("/admin/site-checks", () => {
  test("problems first; 지금 점검 and 전체 점검 only queue jobs", async () => {
    const page = asResponse(await callLoader(getRequest("/admin/site-checks", { cookie: adminCookie })));
    const data = page.data as { items: { id: number; status: string }[]; enabled: boolean };
    expect(data.enabled).toBe(true);
    expect(data.items.map((item) => [item.id, item.status])).toEqual([
      [down, "down"],
      [fine, "unchecked"],
    ]);

    const one = await caught(() =>
      callAction(formRequest("/admin/site-checks", { intent: "check", id: String(fine) }, { cookie: adminCookie })),
    );
    expect(one.status).toBe(302);
    const all = await caught(() => callAction(formRequest("/admin/site-checks?page=1", { intent: "check-all" }, { cookie: adminCookie })));
    expect(all.location).toBe("/admin/site-checks?page=1");
    const queued = await db().select({ kind: jobs.kind, state: jobs.state }).from(jobs);
    expect(queued).toEqual([
      { kind: "site-checks.check", state: "queued" },
      { kind: "site-checks.sweep", state: "queued" },
    ]);
  });

  test("with LINK_CHECK=0 the page says checks are off and the buttons queue nothing", async () => {
    process.env.LINK_CHECK = "0";
    const page = asResponse(await callLoader(getRequest("/admin/site-checks", { cookie: adminCookie })));
    expect((page.data as { enabled: boolean }).enabled).toBe(false);
    const refused = await caught(() => callAction(formRequest("/admin/site-checks", { intent: "check-all" }, { cookie: adminCookie })));
    expect(refused.status).toBe(302);
    expect(await db().select().from(jobs)).toEqual([]);
  });

  test("only admins: the page redirects others, the actions answer 403 (401 anonymous), nothing is queued", async () => {
    for (const [cookie, where] of [
      [userCookie, "/"],
      ["", "/login"],
    ] as const) {
      const page = await caught(() => callLoader(getRequest("/admin/site-checks", { cookie })));
      expect(page.status).toBe(302);
      expect(page.location?.startsWith(where)).toBe(true);
    }
    for (const fields of [{ intent: "check", id: String(fine) }, { intent: "check-all" }] as Record<string, string>[]) {
      expect(await caught(() => callAction(formRequest("/admin/site-checks", fields, { cookie: userCookie })))).toMatchObject({
        status: 403,
      });
      expect(await caught(() => callAction(formRequest("/admin/site-checks", fields)))).toMatchObject({ status: 401 });
    }
    expect(await db().select().from(jobs)).toEqual([]);
  });
});
