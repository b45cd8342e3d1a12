import { randomBytes } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { rowsOf } from "#tests/import-files.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { createWholesaler, listWholesalers } from "../wholesalers/wholesalers.server.ts";
import { applyImport, previewImport } from "./wholesaler-import.server.ts";
import { decodeImportBytes, MAX_IMPORT_BYTES, parseImportText } from "./wholesaler-import-file.ts";

withTestDatabase();

beforeEach(async () => {
  await db().delete(wholesalers);
});

const errorOf = (text: string, name = "") => {
  const parsed = parseImportText(text, name);
  return parsed.ok ? "(accepted)" : parsed.error;
};

const snapshot = () => db().select().from(wholesalers).orderBy(asc(wholesalers.id));
const supplier = (name: string, siteUrl: string, extra: { category?: string; contact?: string; summary?: string } = {}) =>
  createWholesaler({
    name,
    siteUrl,
    category: extra.category ?? "종합",
    contact: extra.contact ?? "",
    logoUrl: "",
    summary: extra.summary ?? "",
  });

test("CSV, tab-separated text from Excel and JSON with the admin form's fields (and aliases) read the same", () => {
  const csv = rowsOf(
    'name,category,website,contact,image,summary,memo\n"도매, 꾹",종합,domeggook.com,"1588-""0000""",https://d.com/l.png,"두 줄\n요약",x\n',
  );
  const tsv = rowsOf(
    'name\tcategory\twebsite\tcontact\timage\tsummary\tmemo\n도매, 꾹\t종합\tdomeggook.com\t1588-"0000"\thttps://d.com/l.png\t"두 줄\n요약"\tx\n',
  );
  const json = rowsOf(
    JSON.stringify([
      {
        name: "도매, 꾹",
        category: "종합",
        website: "domeggook.com",
        contact: '1588-"0000"',
        image: "https://d.com/l.png",
        summary: "두 줄\n요약",
        memo: "x",
      },
    ]),
  );
  expect(csv).toEqual(json);
  expect(tsv).toEqual(json);
  expect({ ...csv[0]?.values }).toEqual({
    name: "도매, 꾹",
    category: "종합",
    siteUrl: "domeggook.com",
    contact: '1588-"0000"',
    logoUrl: "https://d.com/l.png",
    summary: "두 줄\n요약",
  });
  const parsed = parseImportText("\uFEFF이름,카테고리,사이트 URL\r\n도매꾹,종합,https://domeggook.com\r\n");
  expect(parsed.ok && { ...parsed.rows[0]?.values }).toEqual({ name: "도매꾹", category: "종합", siteUrl: "https://domeggook.com" });
  // Korean Excel saves CSV as EUC-KR/CP949; a UTF-8 BOM is dropped.
  const eucKr = Buffer.from([0xc0, 0xcc, 0xb8, 0xa7, 0x0a, 0xb5, 0xb5, 0xb8, 0xc5]); // "이름\n도매"
  expect(decodeImportBytes(eucKr)).toEqual({ ok: true, text: "이름\n도매" });
  expect(decodeImportBytes(new TextEncoder().encode("\uFEFFname\n가"))).toEqual({ ok: true, text: "name\n가" });
});

test("__proto__, constructor and prototype are unknown columns, never fields or prototypes", () => {
  const json = parseImportText('[{"name":"가","siteUrl":"https://a.com","__proto__":{"polluted":1},"constructor":"x","prototype":"y"}]');
  expect(json.ok && json.ignoredColumns).toEqual(["__proto__", "constructor", "prototype"]);
  expect(json.ok && Object.keys(json.rows[0]!.values)).toEqual(["name", "siteUrl"]);
  const csv = parseImportText("__proto__,name,constructor,prototype,siteUrl\nx,가,y,z,https://a.com\n");
  expect(csv.ok && { ...csv.rows[0]!.values }).toEqual(json.ok && { ...json.rows[0]!.values });
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("broken files get a clear Korean message", () => {
  expect(errorOf('[{"name": "a",')).toBe("JSON 형식이 올바르지 않습니다. 파일 내용을 확인해 주세요.");
  expect(errorOf("not json at all", "list.json")).toBe("JSON 형식이 올바르지 않습니다. 파일 내용을 확인해 주세요.");
  expect(errorOf('{"name": "a"}')).toBe("JSON 파일은 도매처 목록(객체의 배열)이어야 합니다.");
  expect(errorOf('["a", "b"]')).toMatch(/^1번째 항목이 도매처 객체가 아닙니다/);
  expect(errorOf('[{"title": "a", "url": "https://a.com"}]')).toMatch(/^이름\(name\) 열을 찾을 수 없습니다/);
  expect(errorOf("title,url\na,https://a.com\n")).toMatch(/^이름\(name\) 열을 찾을 수 없습니다/);
  expect(errorOf('name,siteUrl\n"a,https://a.com\n')).toMatch(/^CSV 형식이 올바르지 않습니다. 닫히지 않은 따옴표/);
  expect(errorOf("name,siteUrl,name\n가,https://a.com,나\n")).toBe("CSV 첫 줄에 같은 열 이름(name)이 두 번 있습니다. 하나만 남겨 주세요.");
  expect(errorOf("name,siteUrl\n")).toBe("가져올 행이 없습니다.");
  expect(errorOf("  \n ")).toBe("파일이 비어 있습니다.");
  expect(errorOf(`[${Array.from({ length: 5001 }, () => "{}").join(",")}]`)).toMatch(/^한 번에 최대 5,000행까지/);
  // 50,000 rows: refused with the same message, without reading past the limit.
  const big = `name,siteUrl\n${Array.from({ length: 50_000 }, (_, i) => `도매${i},https://s${i}.example.com`).join("\n")}`;
  expect(errorOf(big)).toMatch(/^한 번에 최대 5,000행까지/);

  expect(decodeImportBytes(randomBytes(4096))).toEqual({
    ok: false,
    error: "CSV 또는 JSON 텍스트 파일이 아닙니다. 파일 형식을 확인해 주세요.",
  });
  expect(decodeImportBytes(new Uint8Array(MAX_IMPORT_BYTES + 1))).toEqual({
    ok: false,
    error: "파일이 너무 큽니다. 2MB 이하의 파일만 가져올 수 있습니다.",
  });
  expect(decodeImportBytes(new Uint8Array(0))).toEqual({ ok: false, error: "파일이 비어 있습니다." });
});

test("row problems are row-level 오류: no name, a formula, a bad address, a 10,000-character cell, a non-text value", async () => {
  const rows = rowsOf(
    JSON.stringify([
      { name: "", siteUrl: "https://noname.example.com" },
      { name: '=HYPERLINK("https://evil.example.com","클릭")', siteUrl: "https://f.example.com" },
      { name: "+82상사", siteUrl: "https://g.example.com" },
      { name: "카테고리 수식", category: "@SUM(A1)", siteUrl: "https://h.example.com" },
      { name: "나쁜 주소", siteUrl: "javascript:alert(1)" },
      { name: "긴 요약", siteUrl: "https://long.example.com", summary: "가".repeat(10_000) },
      { name: "숫자 아님", siteUrl: "https://obj.example.com", contact: { phone: 1 } },
      { name: "연락처 +82", siteUrl: "https://ok.example.com", contact: "+82-2-123-4567" },
    ]),
  );
  const plan = await previewImport(rows);
  expect(plan.rows.map((r) => [r.row, r.status, r.reasons[0]])).toEqual([
    [1, "오류", "이름이 없습니다."],
    [2, "오류", "이름이 수식(=, +, -, @로 시작)처럼 보여 가져오지 않습니다. 이름을 글자로 고쳐 주세요."],
    [3, "오류", "이름이 수식(=, +, -, @로 시작)처럼 보여 가져오지 않습니다. 이름을 글자로 고쳐 주세요."],
    [4, "오류", "카테고리 값이 수식(=로 시작)처럼 보여 가져오지 않습니다."],
    [5, "오류", "사이트 URL은 http:// 또는 https://로 시작하는 주소여야 합니다."],
    [6, "오류", "요약은 1000자 이하로 입력해 주세요."],
    [7, "오류", "contact 값이 글자가 아닙니다."],
    [8, "추가", undefined],
  ]);
  expect(plan.rows.filter((r) => r.status === "오류").every((r) => !r.applicable && !r.ticked)).toBe(true);
  // A 10,000-character row in a CSV is a row error too, not a broken file.
  const csv = await previewImport(rowsOf(`name,siteUrl,summary\n긴 행,https://long.example.com,${"가".repeat(10_000)}\n`));
  expect(csv.rows.map((r) => r.status)).toEqual(["오류"]);
});

test("the preview: 추가 for own front pages, 검토 필요 with the reason otherwise; categories cleaned; nothing written", async () => {
  const rows = rowsOf(
    JSON.stringify([
      { name: "새 도매처", category: "패션의류", siteUrl: "new.example.com" },
      { name: "구인 광고", category: "생 활", siteUrl: "https://www.saramin.co.kr/zf_user/company-info/view?csn=1" },
      { name: "개인정보 주소", siteUrl: "https://priv.example.com/service/private.php" },
      { name: "주소 없음", siteUrl: "" },
      { name: "가나상사", siteUrl: "https://shared.example.com/" },
      { name: "다라상사", siteUrl: "http://www.shared.example.com/index.html" },
    ]),
  );
  const plan = await previewImport(rows);
  expect(plan.rows.map((r) => [r.status, r.ticked, r.applicable])).toEqual([
    ["추가", true, true],
    ["검토 필요", false, true],
    ["검토 필요", false, true],
    ["검토 필요", false, true],
    ["검토 필요", false, true],
    ["검토 필요", false, true],
  ]);
  expect([plan.rows[0]?.category, plan.rows[0]?.categoryFrom]).toEqual(["의류", "패션의류"]);
  expect([plan.rows[1]?.category, plan.rows[1]?.categoryFrom]).toEqual(["생활", "생 활"]);
  expect(plan.rows[1]?.reasons).toEqual(["주소가 도매처 자체 사이트가 아니라 구인구직 사이트(saramin.co.kr)입니다."]);
  expect(plan.rows[2]?.reasons[0]).toMatch(/개인정보처리방침 페이지입니다/);
  expect(plan.rows[3]?.reasons).toEqual(["사이트 주소가 없습니다."]);
  // Two names on one address: an address problem for both, neither refused.
  expect(plan.rows[4]?.reasons).toEqual(["같은 주소를 다른 이름의 행도 쓰고 있습니다: 6행 '다라상사'."]);
  expect(plan.rows[5]?.reasons).toEqual(["같은 주소를 다른 이름의 행도 쓰고 있습니다: 5행 '가나상사'."]);
  expect(plan.counts).toEqual({ 추가: 1, 변경: 0, "검토 필요": 5, 중복: 0, 오류: 0 });
  expect(await snapshot()).toEqual([]);
});

test("중복: the same row twice, and same or near names on different sites (the best address stays, the other row is named)", async () => {
  const plan = await previewImport(
    rowsOf(
      JSON.stringify([
        { name: "투비펫", siteUrl: "http://twobpet.co.kr/" },
        { name: "오즈악세사리", siteUrl: "https://www.kentfaith.co.kr/goods/goods_list.php?cateCd=005" },
        { name: "투비펫", siteUrl: "http://twobpet.co.kr/" },
        { name: "오즈 액세서리", siteUrl: "https://ozjejakso.com/" },
        { name: "컵앤컵", siteUrl: "https://cupncup.co.kr/" },
        { name: "컵앤컵 도매", siteUrl: "https://cupdome.co.kr/" },
      ]),
    ),
  );
  expect(plan.rows.map((r) => [r.status, r.reasons[0]])).toEqual([
    ["추가", undefined],
    ["중복", "4행 '오즈 액세서리'와 이름이 같거나 비슷한데 주소가 다릅니다."],
    ["중복", "1행과 같은 도매처입니다. (같은 이름, 같은 주소)"],
    ["추가", undefined],
    ["추가", undefined],
    ["중복", "5행 '컵앤컵'과 이름이 같거나 비슷한데 주소가 다릅니다."],
  ]);
});

test("never damage what exists: no rename, no https → http, no front page → deeper page, no blanked field", async () => {
  const onch = await supplier("온채널", "https://www.onch3.co.kr/", { contact: "1600-0000", summary: "원래 요약" });
  const owner = await supplier("오너클랜", "https://www.ownerclan.com/");
  const http = await supplier("장보자닷컴", "http://www.jangboja.com/");
  const job = await supplier("윈윈마켓", "https://www.saramin.co.kr/zf_user/company-info/view?csn=1");
  const before = await snapshot();
  const rows = rowsOf(
    JSON.stringify([
      { name: "도매온", category: "종합", siteUrl: "https://www.onch3.co.kr/index.php" },
      { name: "온채널", category: "종합", siteUrl: "https://www.onch3.co.kr/service/private.php", contact: "", summary: "" },
      { name: "오너클랜", category: "종합", siteUrl: "http://www.ownerclan.com/" },
      { name: "장보자닷컴", category: "식품", siteUrl: "https://www.jangboja.com/" },
      { name: "윈윈마켓", siteUrl: "https://winwin-market.example.com/" },
    ]),
  );
  const plan = await previewImport(rows);
  const [renamed, deeper, downgrade, upgrade, fixed] = plan.rows;
  // A different name for a known site: 검토 필요, and applying it adds a waiting supplier, never a rename.
  expect(renamed?.status).toBe("검토 필요");
  expect(renamed?.reasons).toContain(
    "이미 등록된 '온채널'과 같은 사이트입니다. 기존 도매처의 이름은 바꾸지 않으며, 가져오면 새 도매처로 검토 대기에 둡니다.",
  );
  expect([deeper?.status, deeper?.target?.id]).toEqual(["중복", onch]);
  expect(deeper?.reasons).toContain("파일의 주소(개인정보처리방침 페이지)는 쓰지 않고 기존 주소를 그대로 둡니다.");
  expect([downgrade?.status, downgrade?.target?.id]).toEqual(["중복", owner]);
  expect(downgrade?.reasons).toContain("https 주소를 http로 바꾸지 않습니다.");
  expect([upgrade?.status, upgrade?.changes]).toEqual([
    "변경",
    [
      { field: "siteUrl", label: "사이트 URL", before: "http://www.jangboja.com/", after: "https://www.jangboja.com/" },
      { field: "category", label: "카테고리", before: "종합", after: "식품" },
    ],
  ]);
  // A stored address that is no site of its own is replaced by the supplier's front page.
  expect([fixed?.status, fixed?.target?.id, fixed?.changes.map((c) => c.field)]).toEqual(["변경", job, ["siteUrl"]]);
  // A near name on the same site is the same supplier; its stored name stays.
  const [near] = (await previewImport(rowsOf(JSON.stringify([{ name: "온 채널", siteUrl: "https://onch3.co.kr/", summary: "새 요약" }]))))
    .rows;
  expect([near?.status, near?.target?.id, near?.changes.map((c) => c.after)]).toEqual(["변경", onch, ["새 요약"]]);
  expect(near?.reasons).toContain("이름은 기존 '온채널'을 그대로 둡니다.");
  expect(await snapshot()).toEqual(before);

  const { report } = await applyImport(rows, "all");
  expect(report).toEqual({ total: 5, added: 0, changed: 2, review: 1, skipped: 2, refused: 0 });
  const after = await snapshot();
  const byId = new Map(after.map((w) => [w.id, w]));
  // The row with empty contact and summary cells blanked nothing.
  expect(byId.get(onch)).toMatchObject({
    name: "온채널",
    siteUrl: "https://www.onch3.co.kr/",
    contact: "1600-0000",
    summary: "원래 요약",
    status: "published",
  });
  expect(byId.get(owner)).toMatchObject({ name: "오너클랜", siteUrl: "https://www.ownerclan.com/" });
  expect(byId.get(http)).toMatchObject({ siteUrl: "https://www.jangboja.com/", siteHost: "jangboja.com", category: "식품" });
  expect(byId.get(job)).toMatchObject({ name: "윈윈마켓", siteUrl: "https://winwin-market.example.com/" });
  const waiting = after.filter((w) => w.status === "review");
  expect(waiting.map((w) => [w.name, w.siteUrl])).toEqual([["도매온", "https://www.onch3.co.kr/index.php"]]);
  expect(waiting[0]?.reviewReason).toMatch(/이미 등록된 '온채널'과 같은 사이트입니다/);
});

test("only ticked rows are applied; 검토 필요 rows become 검토 대기 and stay out of the public list; again changes nothing", async () => {
  const csv =
    "name,category,siteUrl\n새 도매처,생활,new.example.com\n구인 광고,종합,https://www.jobkorea.co.kr/Recruit/Co_Read/C/x\n안 고른 곳,식품,https://skip.example.com/\n";
  const preview = await previewImport(rowsOf(csv));
  expect(preview.rows.map((r) => [r.row, r.status, r.ticked])).toEqual([
    [1, "추가", true],
    [2, "검토 필요", false],
    [3, "추가", true],
  ]);
  // The operator unticks row 3 and ticks row 2.
  const { report } = await applyImport(rowsOf(csv), { rows: new Set([1, 2]) });
  expect(report).toEqual({ total: 3, added: 1, changed: 0, review: 1, skipped: 1, refused: 0 });
  const after = await snapshot();
  expect(after.map((w) => [w.name, w.status, w.siteUrl])).toEqual([
    ["새 도매처", "published", "https://new.example.com/"],
    ["구인 광고", "review", "https://www.jobkorea.co.kr/Recruit/Co_Read/C/x"],
  ]);
  expect(after[0]?.nameChosung).toBe("ㅅ ㄷㅁㅊ");
  const publicList = await listWholesalers();
  expect(publicList.items.map((w) => w.name)).toEqual(["새 도매처"]);
  expect(publicList.total).toBe(1);
  expect((await listWholesalers({ q: "구인" })).items).toEqual([]);
  expect((await listWholesalers({ includeWaiting: true })).total).toBe(2);

  const again = await applyImport(rowsOf(csv), { rows: new Set([1, 2]) });
  expect(again.report).toMatchObject({ added: 0, changed: 0, review: 0 });
  expect(await snapshot()).toEqual(after);
});

test("a row ticked in the form but 중복 or 오류 by now is not applied; unknown row numbers are ignored", async () => {
  const csv = "name,siteUrl\n가,https://a.example.com/\n가,https://a.example.com/\n,https://b.example.com/\n";
  const { report } = await applyImport(rowsOf(csv), { rows: new Set([1, 2, 3, 99]) });
  expect(report).toEqual({ total: 3, added: 1, changed: 0, review: 0, skipped: 1, refused: 1 });
  expect((await snapshot()).map((w) => w.name)).toEqual(["가"]);
});

test("an import that fails part-way leaves nothing behind", async () => {
  const rows = rowsOf(
    JSON.stringify([
      { name: "가", siteUrl: "https://a.example.com" },
      { name: "나", siteUrl: "https://b.example.com" },
    ]),
  );
  // A constraint that refuses the second row stands in for a failure half-way through.
  await db().execute(sql`ALTER TABLE wholesalers ADD CONSTRAINT no_na CHECK (name <> '나')`);
  try {
    await expect(applyImport(rows, "all")).rejects.toThrow();
    expect(await snapshot()).toEqual([]);
  } finally {
    await db().execute(sql`ALTER TABLE wholesalers DROP CONSTRAINT no_na`);
  }
});

test("a 5,000-row import answers other queries while it runs (it yields between batches)", async () => {
  const csv = `name,siteUrl\n${Array.from({ length: 5000 }, (_, i) => `대량${i},https://bulk${i}.example.com/`).join("\n")}`;
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 0);
  try {
    const { report } = await applyImport(rowsOf(csv), "safe");
    expect(report.added).toBe(5000);
  } finally {
    clearInterval(timer);
  }
  // Timers ran during the import: the event loop was not held for its whole length.
  expect(ticks).toBeGreaterThan(1);
});

test("column names are matched against the field list only: constructor, __proto__ and prototype are ignored columns", () => {
  const csv = parseImportText("name,constructor,__proto__,prototype,toString\n도매꾹,x,y,z,w\n", "a.csv");
  expect(csv).toMatchObject({ ok: true, ignoredColumns: ["constructor", "__proto__", "prototype", "toString"] });
  const json = parseImportText('[{"name":"도매꾹","constructor":"x","__proto__":{"polluted":1},"prototype":"z"}]', "a.json");
  expect(json.ok).toBe(true);
  if (json.ok) expect(json.rows[0]?.values).toEqual({ name: "도매꾹" });
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
