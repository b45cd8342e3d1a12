import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { evidenceFiles, jobs, rateLimits, termReports, wholesalerChanges, wholesalerManagers, wholesalers } from "#app/db/schema.ts";
import { ALERT_DIGEST_KIND } from "#app/features/alerts/alert-kinds.ts";
import { NO_EVIDENCE, NO_TERM_REPORTED, TERM_REPORT_RECEIVED } from "#app/features/reports/term-report-words.ts";
import type { OpenTermReport } from "#app/features/reports/term-reports.server.ts";
import { termHistoryOf } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { REPORTED_SOURCE, SUPPLIED_SOURCE, termRows, UNKNOWN_TERMS } from "#app/features/wholesalers/wholesaler-terms.ts";
import { getWholesaler, saveSupplierTerms } from "#app/features/wholesalers/wholesalers.server.ts";
import { addDays, seoulDay } from "#app/lib/format.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { backgroundSettled } from "#app/platform/mail/background.server.ts";
import { createSupplier, signedUpAccount, signedUpAdmin, type TestAccount, verifiedAccount } from "#tests/factories.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest, multipartRequest } from "#tests/request.ts";
import { callAction, callLoader, callRoute } from "#tests/routes.ts";
import { mailSubject, mailText, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();
const smtp = useSmtpStandIn();

let admin: TestAccount;
let seller: TestAccount;
let manager: TestAccount;
let supplier = 0;
const EVIDENCE = "https://domeggook.com/notice/terms";

const report = (account: TestAccount | null, fields: Record<string, string>, files: Parameters<typeof multipartRequest>[2] = {}) =>
  caught(() =>
    callAction(multipartRequest(`/wholesaler/${supplier}/terms-report`, fields, files, account ? { cookie: account.cookie } : {})),
  );
const valid = (extra: Record<string, string> = {}) => ({ dropshipping: "yes", evidenceUrl: EVIDENCE, checkedOn: seoulDay(), ...extra });
const adminPost = (fields: Record<string, string>, cookie = admin.cookie) =>
  caught(() => callAction(formRequest("/admin/reports", fields, { cookie })));
/** `반영` with the ticked terms (a form sends each ticked box as a `terms` field of its own). */
const apply = (id: number, terms: string[], extra: Record<string, string> = {}) => {
  const request = formRequest("/admin/reports", { intent: "apply-terms", id: String(id), ...extra }, { cookie: admin.cookie });
  return caught(async () => {
    const body = new URLSearchParams(await request.text());
    for (const term of terms) body.append("terms", term);
    return callAction(new Request(request, { body }));
  });
};
const queue = async () =>
  (
    asResponse(await callLoader(getRequest("/admin/reports", { cookie: admin.cookie }))).data as {
      termReports: { items: OpenTermReport[] };
    }
  ).termReports.items;
const toastOf = async (answer: { headers: Headers }) =>
  (await readToast(getRequest("/", { cookie: cookiesFrom(new Response(null, { headers: answer.headers })) }))).toast?.message;
const sourceRow = async () => termRows((await getWholesaler(supplier))!).find((row) => row.label === "조건 출처");

beforeAll(async () => {
  admin = await signedUpAdmin();
  seller = await verifiedAccount("seller@example.com");
  manager = await verifiedAccount("manager@example.com");
});
beforeEach(async () => {
  await db().delete(wholesalers);
  await db().delete(termReports);
  await db().delete(rateLimits);
  await db().delete(evidenceFiles);
  supplier = await createSupplier({
    name: "도매꾹",
    siteUrl: "https://domeggook.com/",
    termsSource: "https://domeggook.com/guide",
    returns: "no",
  });
});
afterEach(() => {
  delete process.env.TERM_REPORTS_PER_DAY;
});

describe("sending a term report", () => {
  test("a signed-in seller reports the terms it set, with an address or a picture; only those terms are kept", async () => {
    expect((await caught(() => callLoader(getRequest(`/wholesaler/${supplier}/terms-report`)))).location).toMatch(/^\/login\?redirectTo=/);
    expect((await report(null, valid())).status).toBe(401);

    const sent = await report(seller, valid({ shippingFee: "3,000원", freeShippingOver: "50000", minOrder: "", imageUse: "unknown" }));
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/wholesaler/${supplier}`);
    expect(await toastOf(sent)).toBe(TERM_REPORT_RECEIVED);
    const picture = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(
      (
        await report(
          seller,
          { pricePolicy: "minimum", checkedOn: seoulDay() },
          { evidenceImage: { bytes: picture, name: "a.png", type: "image/png" } },
        )
      ).status,
    ).toBe(302);
    const rows = await db().select().from(termReports).orderBy(termReports.id);
    expect(rows[0]).toMatchObject({
      terms: { dropshipping: "yes", shippingFee: 3000, freeShippingOver: 50000, shippingFeeVaries: false },
      evidenceUrl: EVIDENCE,
      evidenceFileId: null,
      status: "open",
    });
    expect(rows[1]).toMatchObject({ terms: { pricePolicy: "minimum" }, evidenceUrl: null });
    expect(rows[1]?.evidenceFileId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  test("refused with a Korean message and a 4xx, nothing stored: no term, no evidence, a bad day, address or picture", async () => {
    const cases: [string, Record<string, string>, RegExp | string][] = [
      ["no term", { evidenceUrl: EVIDENCE, checkedOn: seoulDay() }, NO_TERM_REPORTED],
      ["only 확인 필요", { dropshipping: "unknown", returns: "unknown", evidenceUrl: EVIDENCE, checkedOn: seoulDay() }, NO_TERM_REPORTED],
      ["no evidence", valid({ evidenceUrl: "" }), NO_EVIDENCE],
      ["a script address", valid({ evidenceUrl: "javascript:alert(1)" }), /http:\/\/ 또는 https:\/\//],
      ["tomorrow", valid({ checkedOn: addDays(seoulDay(), 1) }), /오늘 이후/],
      ["91 days ago", valid({ checkedOn: addDays(seoulDay(), -91) }), /최근 90일/],
      ["no day", valid({ checkedOn: "" }), /확인한 날짜를 입력/],
      ["a value off the list", valid({ dropshipping: "maybe" }), /목록에 있는 값/],
      ["a negative fee", valid({ shippingFee: "-100" }), /0원 이상/],
    ];
    for (const [name, fields, message] of cases) {
      const answer = await report(seller, fields);
      expect(answer.status, name).toBe(400);
      expect((answer.data as { message: string }).message, name).toMatch(message);
    }
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await report(seller, valid({ evidenceUrl: "" }), { evidenceImage: { bytes: svg, name: "a.png", type: "image/png" } });
    expect(refused.status).toBe(400);
    expect(await db().select().from(termReports)).toEqual([]);
    expect(await db().select().from(evidenceFiles)).toEqual([]);
    // 90 days ago exactly is fine; none of the refusals spent the day's allowance.
    expect((await report(seller, valid({ checkedOn: addDays(seoulDay(), -90) }))).status).toBe(302);
    const [slot] = await db().select().from(rateLimits);
    expect(slot?.count).toBe(1);
  });

  test("TERM_REPORTS_PER_DAY reports per account and day", async () => {
    process.env.TERM_REPORTS_PER_DAY = "2";
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await report(seller, valid()));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 429]);
    expect((answers[2]!.data as { message: string }).message).toBe("조건 제보는 하루에 2건까지 할 수 있습니다. 내일 다시 해 주세요.");
    expect((await report(await signedUpAccount("other@example.com"), valid())).status).toBe(302);
  });
});

describe("/admin/reports: 반영 and 반려", () => {
  test("반영 saves the ticked terms with the evidence as 조건 출처 and the report's day, as 셀러 제보 in the history; the managers are mailed", async () => {
    await db()
      .insert(wholesalerManagers)
      .values({ wholesalerId: supplier, userId: manager.id, method: "meta", proofUrl: "https://domeggook.com/" });
    const checkedOn = addDays(seoulDay(), -3);
    expect((await report(seller, valid({ returns: "yes", pricePolicy: "free", checkedOn }))).status).toBe(302);
    const [item] = await queue();
    expect(item?.terms).toEqual([
      { group: "dropshipping", label: "위탁 판매", now: "확인 필요", reported: "가능", supplied: false },
      { group: "returns", label: "단순 변심 반품", now: "불가", reported: "가능", supplied: false },
      { group: "pricePolicy", label: "가격 정책", now: "확인 필요", reported: "자율", supplied: false },
    ]);
    const menu = async () =>
      (
        (await callRoute("loader", getRequest("/admin", { cookie: admin.cookie }), { file: "routes/admin/layout.tsx" })) as {
          openReports: number;
        }
      ).openReports;
    expect(await menu()).toBe(1);

    // A replayed admin form by anyone else changes nothing.
    expect((await adminPost({ intent: "apply-terms", id: String(item!.id), terms: "dropshipping" }, seller.cookie)).status).toBe(403);
    expect((await getWholesaler(supplier))?.dropshipping).toBeNull();

    // 가격 정책 unticked: left as it was.
    const mailsBefore = smtp.received.length;
    const applied = await apply(item!.id, ["dropshipping", "returns"]);
    expect(applied.status).toBe(302);
    expect(await toastOf(applied)).toBe("제보한 조건을 반영했습니다.");
    const after = (await getWholesaler(supplier))!;
    expect(after).toMatchObject({ dropshipping: "yes", returns: "yes", pricePolicy: null, termsCheckedAt: checkedOn });
    // 조건 출처: the report's page for the terms it gave, the listing's own page for the rest.
    expect(await sourceRow()).toEqual({ label: "조건 출처", value: EVIDENCE, href: EVIDENCE });
    const [history] = await db().select().from(wholesalerChanges).where(eq(wholesalerChanges.wholesalerId, supplier));
    expect(history).toMatchObject({ source: "seller-report" });
    expect((history!.changes as { field: string }[]).map((change) => change.field).sort()).toEqual([
      "dropshipping",
      "returns",
      "termsCheckedAt",
    ]);
    expect((await termHistoryOf(supplier))[0]?.changes).toEqual([
      { label: "위탁 판매", before: "확인 필요", after: "가능" },
      { label: "단순 변심 반품", before: "불가", after: "가능" },
    ]);
    // The 찜 alerts follow the history by themselves: a digest is queued in the same transaction.
    expect(await db().select().from(jobs).where(eq(jobs.kind, ALERT_DIGEST_KIND))).toHaveLength(1);
    const mail = await smtp.nextMail((m) => m.to.includes(manager.email) && smtp.received.indexOf(m) >= mailsBefore);
    expect(mailSubject(mail)).toContain("셀러 제보");
    expect(mailText(mail)).toContain("위탁 판매: 확인 필요 → 가능");
    expect(mailText(mail)).not.toContain(seller.email);
    expect(await queue()).toEqual([]);
    expect(await menu()).toBe(0);
    expect(await toastOf(await apply(item!.id, ["dropshipping"]))).toBe("이미 처리된 제보입니다.");

    // When the terms change again by another hand, the report no longer names their source.
    await db().update(wholesalers).set({ dropshipping: "no" }).where(eq(wholesalers.id, supplier));
    expect(await sourceRow()).toMatchObject({ value: `https://domeggook.com/guide (위탁 판매) · ${EVIDENCE} (단순 변심 반품)` });
    await backgroundSettled();
  });

  test("공급사 제공 terms stay unless 공급사 제공 조건도 바꾸기 is ticked; a picture's terms read 셀러 제보 (관리자 확인)", async () => {
    await saveSupplierTerms(
      supplier,
      { summary: "", contact: "", terms: { ...withoutDayAndSource(), dropshipping: "no" } },
      { id: manager.id, label: "공급사 운영자" },
    );
    const picture = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    const files = { evidenceImage: { bytes: picture, name: "terms.webp", type: "image/webp" } };
    expect((await report(seller, { dropshipping: "yes", imageUse: "yes", checkedOn: seoulDay() }, files)).status).toBe(302);
    const [item] = await queue();
    expect(item?.terms.map((term) => [term.group, term.supplied])).toEqual([
      ["dropshipping", true],
      ["imageUse", false],
    ]);
    // Only the supplier's own term ticked, without the box: refused, nothing changes.
    expect(await toastOf(await apply(item!.id, ["dropshipping"]))).toMatch(/공급사 제공 조건도 바꾸기/);
    expect(await toastOf(await apply(item!.id, []))).toBe("반영할 조건을 하나 이상 골라 주세요.");
    // Both ticked, no box: the supplier's term stays, the unknown one is filled.
    expect((await apply(item!.id, ["dropshipping", "imageUse"])).status).toBe(302);
    expect(await getWholesaler(supplier)).toMatchObject({ dropshipping: "no", imageUse: "yes" });
    expect((await db().select().from(termReports))[0]).toMatchObject({ status: "applied", applied: ["imageUse"] });
    expect(await sourceRow()).toMatchObject({ value: `${SUPPLIED_SOURCE} (위탁 판매) · ${REPORTED_SOURCE} (상세페이지 이미지 사용)` });

    // With the box, the supplier's term is replaced too.
    expect((await report(seller, valid())).status).toBe(302);
    const [second] = await queue();
    expect((await apply(second!.id, ["dropshipping"], { overrideSupplied: "yes" })).status).toBe(302);
    expect((await getWholesaler(supplier))?.dropshipping).toBe("yes");
  });

  test("반려: the report leaves the queue unapplied and its picture is deleted 30 days later; only admins", async () => {
    const picture = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect((await report(seller, valid(), { evidenceImage: { bytes: picture, name: "a.png", type: "image/png" } })).status).toBe(302);
    const [item] = await queue();
    expect((await adminPost({ intent: "reject-terms", id: String(item!.id) }, seller.cookie)).status).toBe(403);
    expect((await caught(() => callAction(formRequest("/admin/reports", { intent: "reject-terms", id: String(item!.id) })))).status).toBe(
      401,
    );
    expect((await adminPost({ intent: "reject-terms", id: String(item!.id) })).status).toBe(302);
    expect((await db().select().from(termReports))[0]).toMatchObject({ status: "rejected", handledBy: admin.id });
    const [file] = await db().select().from(evidenceFiles);
    expect(file?.deleteAfter?.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await getWholesaler(supplier))?.dropshipping).toBeNull();
  });
});

function withoutDayAndSource() {
  const { termsCheckedAt: _day, termsSource: _source, ...terms } = UNKNOWN_TERMS;
  return terms;
}
