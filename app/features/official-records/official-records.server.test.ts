import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "#app/db/client.server.ts";
import { jobs, officialRecords, rateLimits, recordIssues, wholesalerChanges, wholesalers } from "#app/db/schema.ts";
import { registerSiteChecks } from "#app/features/site-checks/site-check-jobs.server.ts";
import { listWholesalers } from "#app/features/wholesalers/wholesalers.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import { useUpRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import { validBusinessNumbers } from "#tests/factories.ts";
import { setAllowHosts } from "#tests/network.ts";
import { type Fault, registryJobs, type StandInRegistries, startStandInRegistries } from "#tests/stand-in-registries.ts";
import { PAGE_NUMBERS, SITE_NAMES, type StandInSites, startStandInSites } from "#tests/stand-in-sites.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { callsLeft, type OfficialRecordSettings } from "./official-record-jobs.server.ts";
import {
  adoptPageNumber,
  afterSupplierChanged,
  businessAlertsAmong,
  countOpenRecordIssues,
  listRecordIssues,
  recordViewOf,
  requestRecordsCheck,
  syncVerifiedFlags,
} from "./official-records.server.ts";
import { numberRow, recordRows } from "./record-rows.ts";

withTestDatabase();

/** A key with characters that must be encoded in a query string: the stand-in sees it decoded, whole. */
const KEY = "stand-in/KEY+with=odd&chars";
const ENCODED_KEY = encodeURIComponent(KEY);

let sites: StandInSites;
let registries: StandInRegistries;
let clock = new Date("2026-11-23T03:00:00Z"); // noon in Seoul
const output: string[] = [];

beforeAll(async () => {
  sites = await startStandInSites();
  registries = await startStandInRegistries({ slowMs: 5_000 });
  setAllowHosts([...SITE_NAMES, registries.allowHost].join(","));
  // Every log line of the file, to show that the key is never in one.
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      output.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write);
  }
});

afterAll(async () => {
  vi.restoreAllMocks();
  await sites?.close();
  await registries?.close();
});

beforeEach(async () => {
  process.env.DATA_GO_KR_KEY = KEY;
  await db().delete(jobs);
  await db().delete(rateLimits);
  await db().delete(wholesalerChanges);
  await db().delete(wholesalers);
  registries.reset();
  clock = new Date("2026-11-23T03:00:00Z");
});

afterEach(() => {
  delete process.env.DATA_GO_KR_KEY;
});

const nextDay = (days = 1) => {
  clock = new Date(clock.getTime() + days * 24 * 3600_000);
};

function runnerWith(settings: Partial<OfficialRecordSettings> = {}) {
  const runner = registryJobs(registries, { key: KEY, now: () => clock, ...settings });
  registerSiteChecks(runner, { days: 7, fetch: { resolve: sites.resolve, timeoutMs: 1_500 }, now: () => clock });
  return runner;
}

/** The day's scheduled work (site checks and registry checks), run to the end. */
async function dailyRun(runner = runnerWith()) {
  await runner.enqueueScheduled(clock.getTime());
  await runner.runDue();
}

async function addSupplier(
  name: string,
  values: { businessNumber?: string | null; siteUrl?: string; status?: "published" | "review" } = {},
) {
  const [row] = await db()
    .insert(wholesalers)
    .values({ name, siteUrl: values.siteUrl ?? "", businessNumber: values.businessNumber ?? null, status: values.status ?? "published" })
    .returning({ id: wholesalers.id });
  return row!.id;
}

const rowsOf = async (id: number, siteUrl = "") =>
  recordRows({ enabled: true, answers: (await recordViewOf(id)).answers, siteUrl }).map((row) => `${row.label}: ${row.value}`);
/** The number as the detail page shows it. */
const numberRowOf = async (id: number, enabled = true) => {
  const view = await recordViewOf(id);
  return numberRow(view.number, view.answers, enabled).value;
};

const registryPart = async (id: number) => {
  const [row] = await db().select().from(officialRecords).where(eq(officialRecords.wholesalerId, id));
  if (!row) return null;
  const { ntsAskedAt: _a, ntsFailure: _b, ftcAskedAt: _c, ftcFailure: _d, updatedAt: _e, ...answers } = row;
  return answers;
};

const historyOf = (id: number) =>
  db()
    .select({ source: wholesalerChanges.source, actorId: wholesalerChanges.actorId, changes: wholesalerChanges.changes })
    .from(wholesalerChanges)
    .where(eq(wholesalerChanges.wholesalerId, id))
    .orderBy(asc(wholesalerChanges.id));

const verifiedNames = async () => (await listWholesalers({ facts: ["business-verified"] })).items.map((item) => item.name).sort();

const KEY_FORMS = [KEY, ENCODED_KEY, "stand-in/KEY", "odd&chars"];

/** Nothing stored holds the key: not the jobs (payloads, errors), the answers, the counters or the queue. */
async function expectNoKeyStored() {
  const stored = JSON.stringify([
    await db().select().from(jobs),
    await db().select().from(officialRecords),
    await db().select().from(rateLimits),
    await db().select().from(recordIssues),
  ]);
  for (const form of KEY_FORMS) expect(stored).not.toContain(form);
}

const [N_OK, N_PAUSED, N_CLOSED, N_UNKNOWN, N_NO_SHOP, N_OTHER_SITE] = validBusinessNumbers(6);

describe("every state of both registries, as stored and shown", () => {
  test("each answer becomes the rows of 사업자 정보, the card labels, the 사업자 확인 filter and the /admin/records items", async () => {
    const site = "https://www.bizdome.co.kr/";
    const ok = await addSupplier("확인된 도매", { businessNumber: N_OK, siteUrl: site });
    const paused = await addSupplier("쉬는 도매", { businessNumber: N_PAUSED, siteUrl: "https://paused.co.kr" });
    const closed = await addSupplier("닫은 도매", { businessNumber: N_CLOSED, siteUrl: "https://closed.co.kr" });
    const unknown = await addSupplier("모르는 번호 도매", { businessNumber: N_UNKNOWN, siteUrl: "https://unknown.co.kr" });
    const noShop = await addSupplier("신고 없는 도매", { businessNumber: N_NO_SHOP, siteUrl: "https://noshop.co.kr" });
    const otherSite = await addSupplier("다른 도메인 도매", { businessNumber: N_OTHER_SITE, siteUrl: "https://mine.co.kr" });
    const noNumber = await addSupplier("번호 없는 도매");
    registries.setNts(N_OK!, { state: "01" });
    registries.setFtc(N_OK!, { found: true, mailOrderNumber: "2019-서울강남-01234", state: "정상영업", domains: "http://bizdome.co.kr" });
    registries.setNts(N_PAUSED!, { state: "02", taxTypeCode: "02" });
    registries.setFtc(N_PAUSED!, { found: true, mailOrderNumber: "2020-부산진구-0077", state: "휴업", domains: "paused.co.kr" });
    registries.setNts(N_CLOSED!, { state: "03", endDt: "20261101", taxTypeCode: "04" });
    registries.setFtc(N_CLOSED!, { found: true, mailOrderNumber: "2018-서울중구-0100", state: "폐업", domains: "closed.co.kr" });
    registries.setNts(N_NO_SHOP!, { state: "01", taxTypeCode: "05" });
    registries.setNts(N_OTHER_SITE!, { state: "01" });
    registries.setFtc(N_OTHER_SITE!, {
      found: true,
      mailOrderNumber: "2021-서울마포-0500",
      state: "정상영업",
      domains: "www.someone-else.co.kr, other.co.kr",
    });

    await dailyRun();

    // One 국세청 call for the six numbers, one 공정위 call a number, each with the key as given.
    const nts = registries.calls.filter((call) => call.service === "nts");
    expect(nts).toHaveLength(1);
    expect(nts[0]!.numbers.sort()).toEqual([N_OK, N_PAUSED, N_CLOSED, N_UNKNOWN, N_NO_SHOP, N_OTHER_SITE].sort());
    expect(registries.calls.filter((call) => call.service === "ftc")).toHaveLength(6);
    expect(new Set(registries.calls.map((call) => call.key))).toEqual(new Set([KEY]));

    expect(await rowsOf(ok, site)).toEqual([
      "국세청 상태: 계속사업자",
      "과세 유형: 일반과세자",
      "통신판매업 신고: 2019-서울강남-01234 (정상영업)",
      "신고 도메인: 사이트 주소와 일치",
      "공식 기록 확인일: 2026. 11. 23.",
    ]);
    expect(await rowsOf(paused, "https://paused.co.kr")).toEqual([
      "국세청 상태: 휴업",
      "과세 유형: 간이과세자",
      "통신판매업 신고: 2020-부산진구-0077 (휴업)",
      "신고 도메인: 사이트 주소와 일치",
      "공식 기록 확인일: 2026. 11. 23.",
    ]);
    expect((await rowsOf(closed, "https://closed.co.kr")).slice(0, 2)).toEqual([
      "국세청 상태: 폐업 (2026. 11. 01.)",
      "과세 유형: 면세사업자",
    ]);
    expect(await rowsOf(unknown, "https://unknown.co.kr")).toEqual([
      "국세청 상태: 등록되지 않은 번호",
      "과세 유형: 국세청에 등록되지 않은 사업자등록번호입니다.",
      "통신판매업 신고: 신고 내역 없음",
      "신고 도메인: 확인 전",
      "공식 기록 확인일: 2026. 11. 23.",
    ]);
    // Another 과세 유형 is shown in the registry's own words.
    expect((await rowsOf(noShop, "https://noshop.co.kr")).slice(1, 3)).toEqual([
      "과세 유형: 수익사업을 영위하지 않는 비영리법인이거나 고유번호가 부여된 단체,국가기관 등",
      "통신판매업 신고: 신고 내역 없음",
    ]);
    expect((await rowsOf(otherSite, "https://mine.co.kr"))[3]).toBe("신고 도메인: 일치하지 않음");
    expect(await rowsOf(noNumber)).toEqual([
      "국세청 상태: 확인 전",
      "과세 유형: 확인 전",
      "통신판매업 신고: 확인 전",
      "신고 도메인: 확인 전",
      "공식 기록 확인일: 확인 전",
    ]);

    // 사업자 확인 needs all three: 계속사업자, 정상영업 and the site's domain.
    expect(await verifiedNames()).toEqual(["확인된 도매"]);
    expect(await businessAlertsAmong([ok, paused, closed, unknown, noShop])).toEqual({ [paused]: "suspended", [closed]: "closed" });

    const issues = (await listRecordIssues()).items.map((item) => `${item.name}: ${item.reason}`).sort();
    expect(issues).toEqual(
      [
        "닫은 도매: closed",
        "쉬는 도매: suspended",
        "모르는 번호 도매: unregistered",
        "모르는 번호 도매: no-mail-order",
        "신고 없는 도매: no-mail-order",
        "다른 도메인 도매: domain-mismatch",
      ].sort(),
    );
    expect(await countOpenRecordIssues()).toBe(6);

    // A first answer other than 계속사업자 is an event in the supplier's history; a first 계속사업자 is not.
    expect(await historyOf(closed)).toEqual([
      { source: "official-records", actorId: null, changes: [{ field: "ntsState", before: "", after: "폐업자" }] },
    ]);
    expect(await historyOf(paused)).toEqual([
      { source: "official-records", actorId: null, changes: [{ field: "ntsState", before: "", after: "휴업자" }] },
    ]);
    expect(await historyOf(ok)).toEqual([]);
  });

  test("a change of 국세청 state is recorded in the history in the answer's transaction; the card and the filter follow", async () => {
    const site = "https://bizdome.co.kr";
    const id = await addSupplier("바뀌는 도매", { businessNumber: N_OK, siteUrl: site });
    registries.setNts(N_OK!, { state: "01" });
    registries.setFtc(N_OK!, { found: true, mailOrderNumber: "2019-서울강남-01234", state: "정상영업", domains: "bizdome.co.kr" });
    await dailyRun();
    expect(await verifiedNames()).toEqual(["바뀌는 도매"]);

    registries.setNts(N_OK!, { state: "03", endDt: "20261125" });
    nextDay(7);
    await dailyRun();
    expect(await historyOf(id)).toEqual([
      { source: "official-records", actorId: null, changes: [{ field: "ntsState", before: "계속사업자", after: "폐업자" }] },
    ]);
    expect(await verifiedNames()).toEqual([]);
    expect(await businessAlertsAmong([id])).toEqual({ [id]: "closed" });
    expect((await listRecordIssues()).items.map((item) => item.reason)).toEqual(["closed"]);

    // The same state on the next answer is no news.
    nextDay(7);
    await dailyRun();
    expect(await historyOf(id)).toHaveLength(1);
  });

  test("an edit of the site address or the number takes 사업자 확인 away at once; the old answers are not shown for a new number", async () => {
    const site = "https://bizdome.co.kr";
    const id = await addSupplier("고치는 도매", { businessNumber: N_OK, siteUrl: site });
    registries.setNts(N_OK!, { state: "01" });
    registries.setFtc(N_OK!, { found: true, mailOrderNumber: "2019-서울강남-01234", state: "정상영업", domains: "bizdome.co.kr" });
    await dailyRun();
    expect(await verifiedNames()).toEqual(["고치는 도매"]);
    await db().update(wholesalers).set({ siteUrl: "https://elsewhere.co.kr" }).where(eq(wholesalers.id, id));
    expect(await verifiedNames()).toEqual([]);
    await db().update(wholesalers).set({ siteUrl: site }).where(eq(wholesalers.id, id));
    expect(await verifiedNames()).toEqual(["고치는 도매"]);
    await db().update(wholesalers).set({ businessNumber: N_PAUSED }).where(eq(wholesalers.id, id));
    expect(await verifiedNames()).toEqual([]);
    expect((await rowsOf(id, site))[0]).toBe("국세청 상태: 확인 전");
  });
});

describe("when the registries are asked", () => {
  test("never again about a number within the check interval, unless an admin presses 지금 점검", async () => {
    const id = await addSupplier("주기 도매", { businessNumber: N_OK, siteUrl: "https://bizdome.co.kr" });
    // A supplier waiting for review is not on the schedule.
    await addSupplier("검토 대기 도매", { businessNumber: N_PAUSED, status: "review" });
    await dailyRun();
    expect(registries.calls.map((call) => `${call.service} ${call.numbers.join(",")}`)).toEqual([`nts ${N_OK}`, `ftc ${N_OK}`]);

    for (let day = 1; day < 7; day++) {
      nextDay();
      await dailyRun();
    }
    expect(registries.calls).toHaveLength(2);

    const outcome = await requestRecordsCheck(id);
    expect(outcome).toEqual({ ok: true, message: "공식 기록 확인을 예약했습니다." });
    expect(await requestRecordsCheck(id)).toEqual({ ok: true, message: "공식 기록 확인이 이미 예약되어 있습니다." });
    await runnerWith().runDue();
    expect(registries.calls).toHaveLength(4);

    // Seven days after its last answer the number is due again.
    nextDay(7);
    await dailyRun();
    expect(registries.calls).toHaveLength(6);
  });

  test("at most 100 numbers a 국세청 call, and each service's daily limit spreads the work over days", {
    timeout: 120_000,
  }, async () => {
    const numbers = validBusinessNumbers(150, 400_000_000);
    await db()
      .insert(wholesalers)
      .values(numbers.map((businessNumber, i) => ({ name: `한도 도매 ${i}`, businessNumber })));
    const runner = () => runnerWith({ ntsDailyLimit: 1, ftcDailyLimit: 60 });
    const callsOf = (service: string) => registries.calls.filter((call) => call.service === service);

    await dailyRun(runner());
    expect(callsOf("nts").map((call) => call.numbers.length)).toEqual([100]);
    expect(callsOf("ftc")).toHaveLength(60);

    nextDay();
    await dailyRun(runner());
    expect(callsOf("nts").map((call) => call.numbers.length)).toEqual([100, 50]);
    expect(callsOf("ftc")).toHaveLength(120);

    nextDay();
    await dailyRun(runner());
    expect(callsOf("nts")).toHaveLength(2);
    expect(callsOf("ftc")).toHaveLength(150);
    // Every number asked once per service: none twice, none left out.
    expect(new Set(callsOf("nts").flatMap((call) => call.numbers)).size).toBe(150);
    expect(new Set(callsOf("ftc").flatMap((call) => call.numbers)).size).toBe(150);

    // A 지금 점검 on a day whose calls are used up waits for the next day's calls.
    const [first] = await db().select({ id: wholesalers.id }).from(wholesalers).where(eq(wholesalers.businessNumber, numbers[0]!));
    for (const service of ["nts", "ftc"]) await useUpRateLimit(`registry-calls:${service}:${seoulDay(clock)}`, 1_000_000, 3_600_000);
    await requestRecordsCheck(first!.id);
    await runner().runDue();
    expect(registries.calls).toHaveLength(152);
  });
});

describe("the calls managers' saves cause", () => {
  test("all managers together use at most 10 % of a day's calls, each listing and account 1 %: the sweep is never starved", async () => {
    const numbers = validBusinessNumbers(5, 600_000_000);
    const ids: number[] = [];
    for (const [i, number] of numbers.entries()) ids.push(await addSupplier(`몫 도매 ${i}`, { businessNumber: number }));
    // 20 calls a day per service: each listing and each account 1, all managers 2.
    const runner = () => runnerWith({ ntsDailyLimit: 20, ftcDailyLimit: 20 });
    for (const [i, id] of ids.entries())
      await afterSupplierChanged(id, { number: numbers[i], charge: { wholesalerId: id, userId: `manager-${i}` } });
    // A manager's second save of the same number while its check waits queues nothing more.
    await afterSupplierChanged(ids[0]!, { number: numbers[0], charge: { wholesalerId: ids[0]!, userId: "manager-0" } });
    expect(await db().select().from(jobs)).toHaveLength(10);
    await runner().runDue();
    const callsOf = (service: string) => registries.calls.filter((call) => call.service === service);
    expect(callsOf("nts")).toHaveLength(2);
    expect(callsOf("ftc")).toHaveLength(2);
    expect(await callsLeft("nts", 20, clock)).toBe(18);
    expect(await callsLeft("ftc", 20, clock)).toBe(18);
    // The same day's sweep has its calls: it asks the three numbers left, in one 국세청 call.
    await dailyRun(runner());
    expect(callsOf("nts").map((call) => call.numbers.length)).toEqual([1, 1, 3]);
    expect(new Set(callsOf("ftc").flatMap((call) => call.numbers))).toEqual(new Set(numbers));
  });
});

describe("a registry that misbehaves changes no stored answer", () => {
  async function verifiedSupplier() {
    const id = await addSupplier("튼튼한 도매", { businessNumber: N_OK, siteUrl: "https://bizdome.co.kr" });
    registries.setNts(N_OK!, { state: "01" });
    registries.setFtc(N_OK!, { found: true, mailOrderNumber: "2019-서울강남-01234", state: "정상영업", domains: "bizdome.co.kr" });
    await dailyRun();
    expect(await verifiedNames()).toEqual(["튼튼한 도매"]);
    // Answers that would change everything, if a broken answer were read.
    registries.setNts(N_OK!, { state: "03" });
    registries.setFtc(N_OK!, { found: true, mailOrderNumber: "2019-서울강남-01234", state: "폐업", domains: "other.co.kr" });
    return id;
  }

  const cases: { fault: Fault; cause: string }[] = [
    { fault: "500", cause: "http" },
    { fault: "429", cause: "rate-limited" },
    { fault: "quota-xml", cause: "rate-limited" },
    { fault: "html", cause: "not-json" },
    { fault: "missing-fields", cause: "unexpected-body" },
    { fault: "huge", cause: "too-large" },
    { fault: "slow", cause: "timeout" },
    { fault: "endless", cause: "timeout" },
    { fault: "other-number", cause: "other-number" },
    { fault: "long-fields", cause: "unexpected-body" },
  ];

  for (const { fault, cause } of cases) {
    test(`a ${fault} answer from either service: the last good answer and its date stay; the cause is logged and kept`, async () => {
      const id = await verifiedSupplier();
      const before = await registryPart(id);
      const logged = output.length;
      registries.fault.nts = fault;
      registries.fault.ftc = fault;
      nextDay();
      await requestRecordsCheck(id);
      await runnerWith().runDue();
      expect(await registryPart(id)).toEqual(before);
      expect(await verifiedNames()).toEqual(["튼튼한 도매"]);
      expect((await rowsOf(id, "https://bizdome.co.kr"))[4]).toBe("공식 기록 확인일: 2026. 11. 23.");
      const [row] = await db().select().from(officialRecords).where(eq(officialRecords.wholesalerId, id));
      // The 국세청 'huge' answer is JSON cut at the cap; the 공정위 one is the same bytes, so both are too large.
      expect([row!.ntsFailure, row!.ftcFailure]).toEqual([cause, cause]);
      const lines = output.slice(logged).join("");
      expect(lines).toContain(`"cause":"${cause}"`);
      expect(lines).toContain("the last good answer");
      await expectNoKeyStored();
    });
  }

  test("a kept field longer than its column makes the answer unusable: nothing of it is stored, the stored answers stay small", async () => {
    const id = await verifiedSupplier();
    registries.fault.nts = "long-fields";
    registries.fault.ftc = "long-fields";
    nextDay();
    await requestRecordsCheck(id);
    await runnerWith().runDue();
    expect(registries.calls.slice(-2).map((call) => call.service)).toEqual(["nts", "ftc"]);
    const [row] = await db().select().from(officialRecords).where(eq(officialRecords.wholesalerId, id));
    expect([row!.ntsFailure, row!.ftcFailure]).toEqual(["unexpected-body", "unexpected-body"]);
    expect(row!.taxType).toBe("부가가치세 일반과세자");
    expect(JSON.stringify(row).length).toBeLessThan(4_000);
  });

  test("a quota answer uses up the day's calls: nothing more is sent that day, and the next day it is asked again", async () => {
    const id = await verifiedSupplier();
    registries.fault.nts = "429";
    registries.fault.ftc = "429";
    nextDay();
    await requestRecordsCheck(id);
    await runnerWith().runDue();
    const calls = registries.calls.length;
    await requestRecordsCheck(id);
    await runnerWith().runDue();
    expect(registries.calls.length).toBe(calls);
    registries.fault.nts = null;
    registries.fault.ftc = null;
    nextDay();
    await requestRecordsCheck(id);
    await runnerWith().runDue();
    expect(registries.calls.length).toBe(calls + 2);
    expect((await rowsOf(id, "https://bizdome.co.kr"))[0]).toBe("국세청 상태: 폐업 (2026. 11. 01.)");
  });

  test("extra fields and `items` as one object are read (the contract allows both); what they add is not kept", async () => {
    const id = await addSupplier("여분 도매", { businessNumber: N_OK, siteUrl: "https://bizdome.co.kr" });
    registries.setNts(N_OK!, { state: "01" });
    registries.setFtc(N_OK!, { found: true, mailOrderNumber: "2019-서울강남-01234", state: "정상영업", domains: "bizdome.co.kr" });
    registries.fault.nts = "extra-fields";
    registries.fault.ftc = "items-object";
    await dailyRun();
    expect(await verifiedNames()).toEqual(["여분 도매"]);
    const [row] = await db().select().from(officialRecords).where(eq(officialRecords.wholesalerId, id));
    expect(JSON.stringify(row)).not.toContain("p_nm");
  });

  test("nothing about a person is stored, though the 공정위 stand-in returns a name, an e-mail, a phone and an address", async () => {
    await addSupplier("개인정보 도매", { businessNumber: N_OK, siteUrl: "https://bizdome.co.kr" });
    registries.setFtc(N_OK!, { found: true, mailOrderNumber: "2019-서울강남-01234", state: "정상영업", domains: "bizdome.co.kr" });
    registries.fault.nts = "extra-fields"; // the 국세청 stand-in adds p_nm (a representative's name)
    await dailyRun();
    const stored = JSON.stringify([
      await db().select().from(officialRecords),
      await db().select().from(wholesalerChanges),
      await db().select().from(recordIssues),
      await db().select().from(jobs),
    ]);
    expect(stored).toContain("2019-서울강남-01234");
    for (const personal of ["홍길동", "hong@example.com", "010-1234-5678", "테헤란로"]) expect(stored).not.toContain(personal);
  });
});

describe("the supplier's own page, read by the site check", () => {
  test("numbers with and without hyphens and in EUC-KR are read; a supplier without a number gets it with its source", async () => {
    const bizinfo = await addSupplier("비즈 도매", { siteUrl: sites.url("bizinfo.co.kr") });
    const nohyphen = await addSupplier("붙인 도매", { siteUrl: sites.url("nohyphen.co.kr") });
    const euckr = await addSupplier("옛 도매", { siteUrl: sites.url("euckr.co.kr") });
    await dailyRun();

    const [row] = await db().select().from(officialRecords).where(eq(officialRecords.wholesalerId, bizinfo));
    expect(row).toMatchObject({
      pageNumber: PAGE_NUMBERS.bizinfo,
      pageMailOrderNumber: "2019-서울강남-01234",
      numberSourceUrl: sites.url("bizinfo.co.kr"),
      numberSourceAt: clock,
    });
    const numbers = await db().select({ id: wholesalers.id, number: wholesalers.businessNumber }).from(wholesalers).orderBy(wholesalers.id);
    expect(numbers).toEqual([
      { id: bizinfo, number: PAGE_NUMBERS.bizinfo },
      { id: nohyphen, number: PAGE_NUMBERS.bizinfo },
      { id: euckr, number: PAGE_NUMBERS.euckr },
    ]);
    const [euckrRow] = await db().select().from(officialRecords).where(eq(officialRecords.wholesalerId, euckr));
    expect(euckrRow?.pageMailOrderNumber).toBe("2015-제주아라-0032");
    expect((await historyOf(bizinfo))[0]).toEqual({
      source: "site-check",
      actorId: null,
      changes: [{ field: "businessNumber", before: "", after: PAGE_NUMBERS.bizinfo }],
    });
    // The new numbers were asked about at once (the key is set).
    expect(new Set(registries.calls.flatMap((call) => call.numbers))).toEqual(new Set([PAGE_NUMBERS.bizinfo, PAGE_NUMBERS.euckr]));
  });

  test("a different number never replaces the stored one: it is a 사업자등록번호 불일치 item, which an admin may adopt", async () => {
    const id = await addSupplier("불일치 도매", { businessNumber: N_OK, siteUrl: sites.url("mismatch.co.kr") });
    await dailyRun();
    const [supplier] = await db().select({ number: wholesalers.businessNumber }).from(wholesalers).where(eq(wholesalers.id, id));
    expect(supplier?.number).toBe(N_OK);
    const items = (await listRecordIssues()).items.filter((item) => item.reason === "number-mismatch");
    expect(items).toMatchObject([
      { wholesalerId: id, detail: PAGE_NUMBERS.mismatch, pageNumber: PAGE_NUMBERS.mismatch, businessNumber: N_OK },
    ]);

    const calls = registries.calls.length;
    expect(await adoptPageNumber(id, { id: null, label: "관리자" })).toBe(true);
    const [after] = await db().select({ number: wholesalers.businessNumber }).from(wholesalers).where(eq(wholesalers.id, id));
    expect(after?.number).toBe(PAGE_NUMBERS.mismatch);
    expect((await listRecordIssues()).items.filter((item) => item.reason === "number-mismatch")).toEqual([]);
    expect((await historyOf(id)).at(-1)).toMatchObject({
      source: "official-records",
      changes: [{ field: "businessNumber", before: N_OK, after: PAGE_NUMBERS.mismatch }],
    });
    await runnerWith().runDue();
    expect(registries.calls.slice(calls).map((call) => call.numbers)).toEqual([[PAGE_NUMBERS.mismatch], [PAGE_NUMBERS.mismatch]]);
    // Nothing left to adopt.
    expect(await adoptPageNumber(id, { id: null, label: "관리자" })).toBe(false);
  });

  test("spaces around the hyphens are read; the number shows (사이트 표기) until the 국세청 answers for it", async () => {
    delete process.env.DATA_GO_KR_KEY;
    const spaced = await addSupplier("띄운 도매", { siteUrl: sites.url("spaced.co.kr") });
    await dailyRun();
    const [supplier] = await db().select({ number: wholesalers.businessNumber }).from(wholesalers).where(eq(wholesalers.id, spaced));
    expect(supplier?.number).toBe(PAGE_NUMBERS.bizinfo);
    // Without a key the 국세청 never answers: the number is marked as the page's.
    expect(await numberRowOf(spaced, false)).toBe("220-81-12341 (사이트 표기)");
    expect(registries.calls).toEqual([]);

    process.env.DATA_GO_KR_KEY = KEY;
    expect(await numberRowOf(spaced)).toBe("220-81-12341 (사이트 표기)");
    registries.setNts(PAGE_NUMBERS.bizinfo, { state: "01" });
    nextDay();
    await dailyRun();
    expect(await numberRowOf(spaced)).toBe("220-81-12341");
  });

  test("a number typed by an admin shows as it is, and no number shows 확인 필요", async () => {
    const typed = await addSupplier("입력한 도매", { businessNumber: N_OK });
    const none = await addSupplier("번호 없는 도매");
    expect(await numberRowOf(typed)).toBe(`${N_OK!.slice(0, 3)}-${N_OK!.slice(3, 5)}-${N_OK!.slice(5)}`);
    expect(await numberRowOf(none)).toBe("확인 필요");
  });

  test("상호 불일치: the footer's 상호 shares no word with the supplier's name, nor does the 공정위's", async () => {
    const other = await addSupplier("바른도매 스토어", { siteUrl: sites.url("othername.co.kr") });
    const same = await addSupplier("(주) 비즈도매", { siteUrl: sites.url("bizinfo.co.kr") });
    registries.setNts(PAGE_NUMBERS.bizinfo, { state: "01" });
    await dailyRun();
    const [row] = await db().select().from(officialRecords).where(eq(officialRecords.wholesalerId, other));
    expect(row?.pageTradeName).toBe("(주)전혀다른상사");
    const names = (await listRecordIssues()).items.filter((item) => item.reason === "name-mismatch");
    expect(names).toMatchObject([{ wholesalerId: other, detail: "사이트 상호 (주)전혀다른상사" }]);

    // The 공정위 names the business as the supplier is named: no longer a mismatch.
    registries.setFtc(PAGE_NUMBERS.bizinfo, {
      found: true,
      mailOrderNumber: "2019-서울강남-01234",
      state: "정상영업",
      domains: "x.co.kr",
      name: "주식회사 바른도매",
    });
    nextDay(8);
    await dailyRun();
    expect((await listRecordIssues()).items.filter((item) => item.reason === "name-mismatch")).toEqual([]);
    expect(same).toBeGreaterThan(0);

    // A rename that shares nothing with either brings it back, with both names.
    await db().update(wholesalers).set({ name: "새이름" }).where(eq(wholesalers.id, other));
    await afterSupplierChanged(other);
    expect((await listRecordIssues()).items.filter((item) => item.reason === "name-mismatch")).toMatchObject([
      { wholesalerId: other, detail: "사이트 상호 (주)전혀다른상사 · 공정위 상호 주식회사 바른도매" },
    ]);
  });

  test("pages that read nothing: a wrong check digit, numbers in scripts and comments, ten numbers, another host, a cut page, not HTML, endless or huge bodies, a redirect loop, a private address", async () => {
    const names = [
      "wrongdigit.co.kr",
      "hidden.co.kr",
      "example.co.kr",
      "template.co.kr",
      "manynumbers.co.kr",
      "away.co.kr",
      "bigfooter.co.kr",
      "plaintext.co.kr",
      "bigpage.co.kr",
      "endless.co.kr",
      "huge.co.kr",
      "loop.co.kr",
      "sneaky.co.kr",
      "ok.co.kr",
    ];
    for (const name of names) await addSupplier(name, { siteUrl: sites.url(name) });
    const privateSite = await addSupplier("사설 주소 도매", { siteUrl: "http://10.0.0.7/" });
    await dailyRun();
    const numbers = await db().select({ number: wholesalers.businessNumber }).from(wholesalers);
    expect(numbers.every((row) => row.number === null)).toBe(true);
    const pages = await db().select({ pageNumber: officialRecords.pageNumber }).from(officialRecords);
    expect(pages.every((row) => row.pageNumber === null)).toBe(true);
    expect(await db().select().from(officialRecords).where(eq(officialRecords.wholesalerId, privateSite))).toEqual([]);
    // The redirect to 127.0.0.1 was refused before a connection was made.
    expect(sites.forbidden.connections()).toBe(0);
    expect(registries.calls).toEqual([]);
  });
});

describe("without a key", () => {
  test("nothing is sent, one line instead of the 확인 전 rows, no card label, and the 사업자 확인 filter is empty", async () => {
    const id = await addSupplier("키 없는 도매", { businessNumber: N_OK, siteUrl: "https://bizdome.co.kr" });
    registries.setNts(N_OK!, { state: "01" });
    registries.setFtc(N_OK!, { found: true, mailOrderNumber: "2019-서울강남-01234", state: "정상영업", domains: "bizdome.co.kr" });
    await dailyRun();
    expect(await verifiedNames()).toEqual(["키 없는 도매"]);

    delete process.env.DATA_GO_KR_KEY;
    await syncVerifiedFlags();
    expect(await requestRecordsCheck(id)).toBeNull();
    expect(await verifiedNames()).toEqual([]);
    expect(
      recordRows({ enabled: false, answers: (await recordViewOf(id)).answers, siteUrl: "https://bizdome.co.kr" }).map((row) => row.value),
    ).toEqual(["공식 기록은 아직 확인하지 않았습니다."]);
    expect(await numberRowOf(id, false)).toBe(`${N_OK!.slice(0, 3)}-${N_OK!.slice(3, 5)}-${N_OK!.slice(5)}`);
    expect(await businessAlertsAmong([id])).toEqual({});

    // The key back: the stored answers count again.
    process.env.DATA_GO_KR_KEY = KEY;
    await syncVerifiedFlags();
    expect(await verifiedNames()).toEqual(["키 없는 도매"]);
  });
});

test("the key is in no log line of this whole file (faults included)", () => {
  const logs = output.join("");
  expect(logs).toContain("official records");
  for (const form of KEY_FORMS) expect(logs).not.toContain(form);
});
