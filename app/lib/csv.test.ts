import { expect, test } from "vitest";
import { decodeText, detectDelimiter, readCsv } from "./csv.ts";

const read = (text: string, maxRecords = 100) => readCsv(text, { maxRecords });

test("quotes, commas and line breaks inside cells, CRLF, blank lines; each record knows the line it starts on", () => {
  expect(read('a,b\r\n"x, y","say ""hi"""\r\n\r\n"multi\nline",z\n')).toEqual({
    ok: true,
    header: ["a", "b"],
    records: [
      { line: 2, cells: ["x, y", 'say "hi"'] },
      { line: 4, cells: ["multi\nline", "z"] },
    ],
    truncated: false,
  });
  expect(read('a,"open')).toEqual({ ok: false, error: 'CSV 형식이 올바르지 않습니다. 닫히지 않은 따옴표(")가 있습니다. (1번째 줄)' });
  expect(read("")).toEqual({ ok: false, error: "파일이 비어 있습니다." });
});

test("tab-separated text copied out of Excel and semicolon files are recognised from the first line", () => {
  expect(detectDelimiter("name\tsiteUrl\n")).toBe("\t");
  expect(detectDelimiter("name;siteUrl;memo\n")).toBe(";");
  expect(detectDelimiter('name,"a\tb"\n')).toBe(",");
  expect(read("name\tsiteUrl\n도매, 꾹\thttps://a.com\n")).toMatchObject({ ok: true, records: [{ cells: ["도매, 꾹", "https://a.com"] }] });
});

test("formula cells are text; rows of any width are kept for the importer to judge", () => {
  const table = read('name,siteUrl\n"=HYPERLINK(""https://evil.example"",""x"")",https://a.com\n,,\nonly-one\n');
  expect(table).toMatchObject({
    ok: true,
    records: [{ cells: ['=HYPERLINK("https://evil.example","x")', "https://a.com"] }, { cells: ["only-one"] }],
  });
});

test("bounded: records past the limit are not parsed, an over-long record is one clear message", () => {
  const many = `h\n${Array.from({ length: 50_000 }, (_, i) => `r${i}`).join("\n")}`;
  const table = read(many, 10);
  expect(table.ok && [table.records.length, table.truncated]).toEqual([10, true]);
  expect(readCsv(`h\n${"가".repeat(100)}\n`, { maxRecords: 10, maxRecordChars: 50 })).toEqual({
    ok: false,
    error: "한 행이 너무 깁니다 (2번째 줄). 한 행은 50자까지 읽을 수 있습니다.",
  });
});

test("UTF-8 with or without BOM and EUC-KR decode; binary data is refused", () => {
  expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ ok: true, text: "a" });
  expect(decodeText(new Uint8Array([0xc0, 0xc7, 0xc0, 0xda]))).toEqual({ ok: true, text: "의자" });
  expect(decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).toMatchObject({ ok: false });
  expect(decodeText(new Uint8Array(0))).toEqual({ ok: false, error: "파일이 비어 있습니다." });
});
