import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { decodeImportBytes, MAX_IMPORT_BYTES, parseImportText } from "./wholesaler-import-file.ts";
import { applyImport, previewImport, readImportForm, supplierKey } from "./wholesaler-import.server.ts";
import { cleanCategories, createWholesaler } from "./wholesalers.server.ts";

withTestDatabase();

const LEGACY = "/work/shared/data/wholesalers-legacy.json";

beforeEach(async () => {
  await db().delete(wholesalers);
});

function rowsOf(text: string, fileName = "") {
  const parsed = parseImportText(text, fileName);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rows;
}

const snapshot = () => db().select().from(wholesalers).orderBy(asc(wholesalers.id));

test("supplier keys: the host, or host and page on a shared platform", () => {
  expect(supplierKey("https://www.Domeggook.com/main")).toBe("domeggook.com");
  expect(supplierKey("http://domeggook.com")).toBe("domeggook.com");
  expect(supplierKey("https://blog.naver.com/tjdome/")).toBe("blog.naver.com/tjdome");
  expect(supplierKey("https://smartstore.naver.com/shop-a")).not.toBe(supplierKey("https://smartstore.naver.com/shop-b"));
  expect(supplierKey("not a url")).toBe("");
});

test("CSV and JSON with the admin form's fields (and the website/image aliases) read the same", () => {
  const csv = rowsOf('name,category,website,contact,image,summary,memo\n"도매, 꾹",종합,domeggook.com,"1588-""0000""",https://d.com/l.png,"두 줄\n요약",x\n');
  const json = rowsOf(JSON.stringify([{ name: "도매, 꾹", category: "종합", website: "domeggook.com", contact: '1588-"0000"', image: "https://d.com/l.png", summary: "두 줄\n요약", memo: "x" }]));
  expect(csv).toEqual(json);
  expect(csv[0]?.values).toEqual({ name: "도매, 꾹", category: "종합", siteUrl: "domeggook.com", contact: '1588-"0000"', logoUrl: "https://d.com/l.png", summary: "두 줄\n요약" });
  const parsed = parseImportText("\uFEFF이름,카테고리,사이트 URL\r\n도매꾹,종합,https://domeggook.com\r\n");
  expect(parsed.ok && parsed.rows[0]?.values).toEqual({ name: "도매꾹", category: "종합", siteUrl: "https://domeggook.com" });
  expect(parsed.ok && parsed.ignoredColumns).toEqual([]);
  // Korean Excel saves CSV as EUC-KR/CP949.
  const eucKr = Buffer.from([0xc0, 0xcc, 0xb8, 0xa7, 0x0a, 0xb5, 0xb5, 0xb8, 0xc5]); // "이름\n도매"
  expect(decodeImportBytes(eucKr)).toEqual({ ok: true, text: "이름\n도매" });
});

test("broken files get a clear Korean message", () => {
  const error = (text: string, name = "") => {
    const parsed = parseImportText(text, name);
    return parsed.ok ? "(accepted)" : parsed.error;
  };
  expect(error('[{"name": "a",')).toBe("JSON 형식이 올바르지 않습니다. 파일 내용을 확인해주세요.");
  expect(error("not json at all", "list.json")).toBe("JSON 형식이 올바르지 않습니다. 파일 내용을 확인해주세요.");
  expect(error('{"name": "a"}')).toBe("JSON 파일은 도매처 목록(객체의 배열)이어야 합니다.");
  expect(error('["a", "b"]')).toMatch(/^1번째 항목이 도매처 객체가 아닙니다/);
  expect(error('[{"title": "a", "url": "https://a.com"}]')).toMatch(/^이름\(name\) 열을 찾을 수 없습니다/);
  expect(error("title,url\na,https://a.com\n")).toMatch(/^이름\(name\) 열을 찾을 수 없습니다/);
  expect(error('name,siteUrl\n"a,https://a.com\n')).toBe("CSV 형식이 올바르지 않습니다. 닫히지 않은 따옴표가 있습니다.");
  expect(error("name,siteUrl\n")).toBe("가져올 행이 없습니다.");
  expect(error("  \n ")).toBe("파일이 비어 있습니다.");
  expect(error(`[${Array.from({ length: 5001 }, () => "{}").join(",")}]`)).toMatch(/^한 번에 최대 5,000행까지/);

  expect(decodeImportBytes(randomBytes(4096))).toEqual({ ok: false, error: "CSV 또는 JSON 텍스트 파일이 아닙니다. 파일 형식을 확인해주세요." });
  expect(decodeImportBytes(new Uint8Array(MAX_IMPORT_BYTES + 1))).toEqual({ ok: false, error: "파일이 너무 큽니다. 2MB 이하의 파일만 가져올 수 있습니다." });
  expect(decodeImportBytes(new Uint8Array(0))).toEqual({ ok: false, error: "파일이 비어 있습니다." });
});

test("the preview sorts rows into add, update, unchanged and refused, and writes nothing", async () => {
  const existing = await createWholesaler({ name: "도매꾹", category: "종합", siteUrl: "https://domeggook.com/", contact: "", logoUrl: "", summary: "원래 요약" });
  const same = await createWholesaler({ name: "오너클랜", category: "종합", siteUrl: "https://www.ownerclan.com/", contact: "", logoUrl: "", summary: "" });
  const before = await snapshot();
  const rows = rowsOf(
    JSON.stringify([
      { name: "도매꾹 (새 이름)", category: "종합", siteUrl: "http://www.domeggook.com/main" },
      { name: "오너클랜", category: "", siteUrl: "www.ownerclan.com" },
      { name: "새 도매처", category: "생활", siteUrl: "new.example.com" },
      { name: "", category: "생활", siteUrl: "https://noname.example.com" },
      { name: "주소 없음", category: "식품", siteUrl: null },
      { name: "나쁜 주소", siteUrl: "javascript:alert(1)" },
      { name: "새 도매처 중복", siteUrl: "https://new.example.com/other" },
      { name: "로고 나쁨", siteUrl: "https://logo.example.com", logoUrl: "data:image/png;base64,AAAA" },
      { name: "숫자 아님", siteUrl: "https://obj.example.com", contact: { phone: 1 } },
    ]),
  );
  const plan = await previewImport(rows);
  expect(plan.add.map((a) => [a.row, a.values.name, a.values.siteUrl])).toEqual([[3, "새 도매처", "https://new.example.com/"]]);
  expect(plan.update).toEqual([
    {
      row: 1,
      id: existing,
      name: "도매꾹",
      changes: [
        { field: "name", label: "이름", before: "도매꾹", after: "도매꾹 (새 이름)" },
        { field: "siteUrl", label: "사이트 URL", before: "https://domeggook.com/", after: "http://www.domeggook.com/main" },
      ],
    },
  ]);
  // "www.ownerclan.com" reads as https://www.ownerclan.com/, and an empty category keeps the stored one.
  expect(plan.unchanged).toEqual([{ row: 2, id: same, name: "오너클랜" }]);
  expect(plan.refused).toEqual([
    { row: 4, name: "", reason: "이름이 없습니다." },
    { row: 5, name: "주소 없음", reason: "사이트 주소가 없습니다." },
    { row: 6, name: "나쁜 주소", reason: "사이트 URL은 http:// 또는 https://로 시작하는 주소여야 합니다." },
    { row: 7, name: "새 도매처 중복", reason: "파일 안에서 중복된 사이트입니다. (3행과 같은 주소)" },
    { row: 8, name: "로고 나쁨", reason: "로고 URL은 http:// 또는 https://로 시작하는 주소여야 합니다." },
    { row: 9, name: "숫자 아님", reason: "contact 값이 글자가 아닙니다." },
  ]);
  expect(await snapshot()).toEqual(before);
});

test("apply writes in one transaction; the same file again changes nothing; empty cells keep stored data", async () => {
  await createWholesaler({ name: "도매꾹", category: "종합", siteUrl: "https://domeggook.com/", contact: "1588-0000", logoUrl: "", summary: "원래 요약" });
  const csv = "name,category,siteUrl,contact,summary\n도매꾹,의류,https://domeggook.com/,,\n새 도매처,생활,new.example.com,02-123-4567,새 요약\n";
  const first = await applyImport(rowsOf(csv));
  expect(first.add).toHaveLength(1);
  expect(first.update.map((u) => u.changes.map((c) => c.field))).toEqual([["category"]]);
  const after = await snapshot();
  expect(after.map((w) => [w.name, w.category, w.contact, w.summary, w.siteHost])).toEqual([
    ["도매꾹", "의류", "1588-0000", "원래 요약", "domeggook.com"],
    ["새 도매처", "생활", "02-123-4567", "새 요약", "new.example.com"],
  ]);
  expect(after[1]?.nameChosung).toBe("ㅅ ㄷㅁㅊ");
  expect(after[1]?.website).toBe("https://new.example.com/");

  const second = await applyImport(rowsOf(csv));
  expect(second.add).toEqual([]);
  expect(second.update).toEqual([]);
  expect(second.unchanged.map((u) => u.name)).toEqual(["도매꾹", "새 도매처"]);
  expect(await snapshot()).toEqual(after);
});

test("an import that fails part-way leaves nothing behind", async () => {
  const rows = rowsOf(JSON.stringify([{ name: "가", siteUrl: "https://a.example.com" }, { name: "나", siteUrl: "https://b.example.com" }]));
  // A constraint that refuses the second row stands in for a failure half-way through.
  await db().execute(sql`ALTER TABLE wholesalers ADD CONSTRAINT no_na CHECK (name <> '나')`);
  try {
    await expect(applyImport(rows)).rejects.toThrow();
    expect(await snapshot()).toEqual([]);
  } finally {
    await db().execute(sql`ALTER TABLE wholesalers DROP CONSTRAINT no_na`);
  }
});

test.runIf(fs.existsSync(LEGACY))("the legacy export: preview, apply, cleanup, and a second run changes nothing", async () => {
  const bytes = fs.readFileSync(LEGACY);
  const decoded = decodeImportBytes(bytes);
  expect(decoded.ok).toBe(true);
  const rows = rowsOf(decoded.ok ? decoded.text : "", "wholesalers-legacy.json");
  expect(rows).toHaveLength(232);

  const preview = await previewImport(rows);
  expect(await snapshot()).toEqual([]);
  const counted = preview.add.length + preview.update.length + preview.unchanged.length + preview.refused.length;
  expect(counted).toBe(232);
  expect(preview.update).toEqual([]);
  const reasons = preview.refused.map((r) => r.reason);
  expect(reasons.filter((r) => r === "사이트 주소가 없습니다.")).toHaveLength(4);
  // The same supplier listed twice (투비펫, 딱펫, 디디엠슈, 도매다, 꽃다) is refused the second time.
  for (const name of ["투비펫", "딱펫", "디디엠슈", "도매다", "꽃다"]) {
    expect(preview.refused.find((r) => r.name === name)?.reason).toMatch(/^파일 안에서 중복된 사이트입니다/);
  }
  // Different suppliers with their own pages on a shared blog platform are all kept.
  expect(preview.add.filter((a) => a.values.siteUrl.startsWith("https://blog.naver.com/"))).toHaveLength(10);

  const applied = await applyImport(rows);
  expect(applied.add).toHaveLength(preview.add.length);
  const stored = await snapshot();
  expect(stored).toHaveLength(preview.add.length);
  expect(stored.every((w) => w.siteHost && w.searchGrams.length > 0 && /^https?:\/\//.test(w.siteUrl))).toBe(true);

  const again = await applyImport(rows);
  expect(again.add).toEqual([]);
  expect(again.update).toEqual([]);
  expect(again.unchanged).toHaveLength(preview.add.length);
  expect(await snapshot()).toEqual(stored);

  // The older category names in the export are what the cleanup is for.
  const changes = await cleanCategories();
  expect(new Set(changes.map((c) => `${c.before} → ${c.after}`))).toEqual(
    new Set(["가구/주방 → 가구/인테리어", "아동/완구 → 유아/완구", "반려/애완 → 반려동물", "건강/뷰티 → 헬스케어/뷰티"]),
  );
  // After the cleanup, the categories in the file differ from the stored ones: a re-import would put them back,
  // and the preview says so instead of doing it silently.
  const replay = await previewImport(rows);
  expect(replay.add).toEqual([]);
  expect(replay.update.every((u) => u.changes.every((c) => c.field === "category"))).toBe(true);
});

test("uploads over the limit are refused before they are read", async () => {
  const big = new Request("http://localhost:3000/admin/import", {
    method: "POST",
    headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(10 * 1024 * 1024) },
    body: new Uint8Array(16),
  });
  expect(await readImportForm(big)).toEqual({ ok: false, status: 413, error: "파일이 너무 큽니다. 2MB 이하의 파일만 가져올 수 있습니다." });

  // A body without a declared length is cut off as soon as it passes the limit.
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      sent += 1024 * 1024;
      if (sent > 10 * 1024 * 1024) controller.close();
      else controller.enqueue(randomBytes(1024 * 1024));
    },
  });
  const streamed = new Request("http://localhost:3000/admin/import", {
    method: "POST",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    body: stream,
    duplex: "half",
  } as RequestInit);
  expect((await readImportForm(streamed)).ok).toBe(false);
  expect(sent).toBeLessThan(10 * 1024 * 1024);

  const form = new FormData();
  form.set("intent", "preview");
  form.set("file", new File(["name,siteUrl\n가,https://a.com\n"], "a.csv", { type: "text/csv" }));
  const ok = await readImportForm(new Request("http://localhost:3000/admin/import", { method: "POST", body: form }));
  expect(ok.ok && ok.form.get("intent")).toBe("preview");
  expect(ok.ok && (ok.form.get("file") as File).name).toBe("a.csv");
});
