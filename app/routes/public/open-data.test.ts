import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "#app/db/client.server.ts";
import { reviewScoreDays, wholesalers } from "#app/db/schema.ts";
import { termGroupValue } from "#app/db/term-values.ts";
import { RECORDS_NOT_CHECKED } from "#app/features/official-records/record-words.ts";
import { forgetOpenDataFiles, OPEN_DATA_CACHE_MS, openDataFile, openDataStream } from "#app/features/open-data/open-data-files.server.ts";
import { csvField } from "#app/features/open-data/open-data-format.ts";
import { seoulDay } from "#app/lib/format.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { captureLog } from "#tests/log-capture.ts";
import { asResponse, getRequest } from "#tests/request.ts";
import { callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const PHONE = "010-9876-5432";
const SUMMARY = '쉼표, "따옴표"와\n줄바꿈이 있는 소개';
let published = 0;

beforeEach(async () => {
  await forgetOpenDataFiles();
  await db().delete(wholesalers);
  const terms = { dropshipping: "yes" as const, returns: "yes" as const, shippingFee: 3000 };
  const [row] = await db()
    .insert(wholesalers)
    .values({
      name: '=HYPERLINK("http://evil.example")',
      category: "의류",
      siteUrl: "https://open.example.com/",
      summary: SUMMARY,
      contact: PHONE,
      ...terms,
      termsCheckedAt: "2026-11-20",
      termsSource: "https://open.example.com/terms",
      // A seller's report an administrator applied set 반품 (features/reports): its own source and day.
      termSources: { returns: { value: termGroupValue(terms, "returns"), url: "https://open.example.com/returns", day: "2026-11-25" } },
    })
    .returning();
  published = row!.id;
  await db().insert(wholesalers).values({ name: "검토대기몰", category: "의류", status: "review", contact: PHONE });
  await db()
    .insert(reviewScoreDays)
    .values({ wholesalerId: published, day: seoulDay(), reviews: 3, shippingSum: 12, shippingCount: 3, stockSum: 15, stockCount: 3 });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function download(path: string) {
  const response = (await callLoader(getRequest(path))) as Response;
  expect(response.status).toBe(200);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("/data/suppliers.csv", () => {
  test("UTF-8 with a BOM, RFC 4180 quoting of commas, quotes and line breaks, as Excel reads it; published suppliers' public facts only", async () => {
    const { response, bytes } = await download("/data/suppliers.csv");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="suppliers.csv"');
    expect(response.headers.get("Content-Length")).toBe(String(bytes.length));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain('"쉼표, ""따옴표""와\n줄바꿈이 있는 소개"');
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain("검토대기몰");

    const rows = parse(bytes, { bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    const [row] = rows;
    // A cell a spreadsheet would run as a formula starts with an apostrophe.
    expect(row!.이름).toBe('\'=HYPERLINK("http://evil.example")');
    expect(row!.소개).toBe(SUMMARY);
    expect(row!.카테고리).toBe("의류");
    expect(row!["도매온 페이지"]).toBe(`http://localhost:3000/wholesaler/${published}`);
    expect(row!["위탁 판매"]).toBe("가능");
    expect(row!["위탁 판매 출처"]).toBe("https://open.example.com/terms");
    expect(row!["위탁 판매 확인일"]).toBe("2026-11-20");
    expect(row!["단순 변심 반품 출처"]).toBe("https://open.example.com/returns");
    expect(row!["단순 변심 반품 확인일"]).toBe("2026-11-25");
    expect(row!.배송비).toBe("3,000원");
    expect(row!["가격 정책"]).toBe("확인 필요");
    expect(row!["가격 정책 출처"]).toBe("");
    // Without DATA_GO_KR_KEY the records were never checked, and the file says so instead of five empty rows.
    expect(row!["공식 기록"]).toBe(RECORDS_NOT_CHECKED);
    expect(row!["국세청 상태"]).toBe("");
    expect(row!["사업자 확인"]).toBe("아니요");
    expect(row!["후기 점수"]).toBe("4.5");
    expect(row!["후기 수"]).toBe("3");
    expect(Object.keys(row!).some((column) => column.includes("연락처"))).toBe(false);
  });

  test("a field is quoted only when it must be; formulas are defused", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvField("+82")).toBe("'+82");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(null)).toBe("");
  });
});

describe("/data/suppliers.json", () => {
  test("the licence line, the date it was made, and each published supplier's public fields", async () => {
    const { response, bytes } = await download("/data/suppliers.json");
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const file = JSON.parse(bytes.toString("utf8"));
    expect(file.license).toBe(siteConfig().dataLicense);
    expect(Date.parse(file.madeAt)).not.toBeNaN();
    expect(file.suppliers).toHaveLength(1);
    const [supplier] = file.suppliers;
    expect(Object.keys(supplier).sort()).toEqual(
      [
        "businessVerified",
        "category",
        "id",
        "name",
        "page",
        "records",
        "registeredOn",
        "reviewScore",
        "siteUrl",
        "summary",
        "terms",
      ].sort(),
    );
    expect(supplier.name).toBe('=HYPERLINK("http://evil.example")');
    expect(supplier.summary).toBe(SUMMARY);
    expect(supplier.terms.dropshipping).toEqual({
      label: "위탁 판매",
      value: "가능",
      source: "https://open.example.com/terms",
      checkedOn: "2026-11-20",
    });
    expect(supplier.terms.pricePolicy).toEqual({ label: "가격 정책", value: "확인 필요", source: null, checkedOn: null });
    expect(supplier.records).toEqual({ "공식 기록": RECORDS_NOT_CHECKED });
    expect(supplier.reviewScore).toEqual({ average: "4.5", reviews: 3 });
    expect(bytes.toString("utf8")).not.toContain(PHONE);
  });

  test("/data: the licence line and the files' links", async () => {
    const page = asResponse(await callLoader(getRequest("/data"))).data as { license: string; csvMadeAt: string | null };
    expect(page.license).toBe(siteConfig().dataLicense);
    expect(page.csvMadeAt).toBeNull();
    await download("/data/suppliers.csv");
    const after = asResponse(await callLoader(getRequest("/data"))).data as { csvMadeAt: string | null };
    expect(after.csvMadeAt).toMatch(/^\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}$/);
  });
});

describe("one file for 10 minutes", () => {
  test("concurrent downloads share one making and one file; a new supplier shows after 10 minutes", async () => {
    const lines = captureLog();
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => callLoader(getRequest("/data/suppliers.csv")) as Promise<Response>),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    vi.restoreAllMocks();
    expect(lines.filter((line) => line.msg === "open data made")).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.headers.get("Last-Modified"))).size).toBe(1);
    expect(new Set(bodies).size).toBe(1);

    await db().insert(wholesalers).values({ name: "새로온몰", category: "식품" });
    const cached = await openDataFile("csv");
    expect(cached.readers).toBe(0);
    const read = async (built: Awaited<ReturnType<typeof openDataFile>>) => new Response(openDataStream(built)).text();
    expect(await read(cached)).not.toContain("새로온몰");
    const later = await openDataFile("csv", Date.now() + OPEN_DATA_CACHE_MS + 1000);
    expect(later).not.toBe(cached);
    expect(await read(later)).toContain("새로온몰");
  });

  test("a download abandoned half-way gives its reader back", async () => {
    const built = await openDataFile("json");
    const reader = openDataStream(built).getReader();
    await reader.read();
    expect(built.readers).toBe(1);
    await reader.cancel();
    expect(built.readers).toBe(0);
  });
});
