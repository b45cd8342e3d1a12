import { expect, test } from "vitest";
import { decodeImportFile, IMPORT_MAX_ROWS, parseImportFile, parseImportPayload } from "./external-product-import.ts";

test("a CSV with the four columns gives rows to add and refused rows with Korean reasons", () => {
  const csv = [
    "title,productUrl,imageUrl,price",
    '캠핑 의자,https://shop.example.com/chair,,"19,800원~"',
    "텀블러,https://shop.example.com/tumbler,https://img.example.com/t.jpg,12900원",
    ",https://shop.example.com/untitled,,",
    "나쁜 링크,javascript:alert(1),,",
    "나쁜 이미지,https://shop.example.com/x,data:image/png;base64,AAAA,",
    "중복,https://shop.example.com/chair,,",
    "열 부족,https://shop.example.com/short",
  ].join("\n");
  const result = parseImportFile("popular.csv", csv);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.rows).toEqual([
    { position: "2행", title: "캠핑 의자", productUrl: "https://shop.example.com/chair", imageUrl: "", price: "19,800원~" },
    {
      position: "3행",
      title: "텀블러",
      productUrl: "https://shop.example.com/tumbler",
      imageUrl: "https://img.example.com/t.jpg",
      price: "12900원",
    },
  ]);
  expect(result.refused).toEqual([
    { position: "4행", title: "", reason: "상품명을 입력해 주세요." },
    { position: "5행", title: "나쁜 링크", reason: "상품 URL은 http:// 또는 https://로 시작하는 주소여야 합니다." },
    { position: "6행", title: "나쁜 이미지", reason: "열 개수(5)가 첫 줄(4)과 다릅니다." },
    { position: "7행", title: "중복", reason: "같은 파일 안에서 상품 URL이 반복됩니다." },
    { position: "8행", title: "열 부족", reason: "열 개수(2)가 첫 줄(4)과 다릅니다." },
  ]);
});

test("a JSON array of objects; price may be a number and is kept as text", () => {
  const json = JSON.stringify([
    { title: "보조배터리", productUrl: "https://shop.example.com/battery", price: 15900 },
    {
      title: "무선 이어폰",
      productUrl: "https://shop.example.com/earphone",
      imageUrl: "https://img.example.com/e.png",
      price: "29,900원~",
      extra: "ignored",
    },
    { title: "이미지 이상", productUrl: "https://shop.example.com/img", imageUrl: "javascript:alert(1)" },
    "그냥 글자",
    { title: { nested: true }, productUrl: "https://shop.example.com/nested" },
  ]);
  const result = parseImportFile("popular.json", json);
  expect(result).toEqual({
    ok: true,
    rows: [
      { position: "1번째 항목", title: "보조배터리", productUrl: "https://shop.example.com/battery", imageUrl: "", price: "15900" },
      {
        position: "2번째 항목",
        title: "무선 이어폰",
        productUrl: "https://shop.example.com/earphone",
        imageUrl: "https://img.example.com/e.png",
        price: "29,900원~",
      },
    ],
    refused: [
      { position: "3번째 항목", title: "이미지 이상", reason: "이미지 URL은 http:// 또는 https://로 시작하는 주소여야 합니다." },
      { position: "4번째 항목", title: "", reason: "상품 정보가 객체({ })가 아닙니다." },
      { position: "5번째 항목", title: "", reason: "title 값은 글자나 숫자여야 합니다." },
    ],
  });
});

test("broken files are one clear Korean error", () => {
  const error = (name: string, text: string) => {
    const result = parseImportFile(name, text);
    return result.ok ? null : result.error;
  };
  expect(error("a.json", "{not json")).toBe("JSON 형식이 올바르지 않아 파일을 읽을 수 없습니다.");
  expect(error("a.json", '{"title": "한 개"}')).toMatch(/^JSON 파일은 상품 객체의 배열이어야 합니다/);
  expect(error("a.json", "[]")).toBe("파일에 가져올 상품이 없습니다.");
  expect(error("a.json", '[{"name": "x", "url": "https://a.example"}]')).toMatch(/^상품 항목에 title, productUrl이 없습니다/);
  expect(error("a.csv", "name,url\n의자,https://a.example")).toMatch(/^CSV 첫 줄의 열 이름을 확인해 주세요.*알 수 없는 열: name, url/);
  expect(error("a.csv", "title,price\n의자,1000")).toBe("CSV 첫 줄에 title과 productUrl 열이 있어야 합니다.");
  expect(error("a.csv", "title,title,productUrl\n")).toBe("CSV 첫 줄에 같은 열 이름이 두 번 있습니다.");
  expect(error("a.csv", 'title,productUrl\n"의자,https://a.example')).toMatch(/따옴표/);
  expect(error("a.csv", "title,productUrl\n")).toBe("파일에 가져올 상품이 없습니다.");
  expect(error("a.csv", "\u0000\u0001PNG")).toMatch(/^텍스트 파일이 아닙니다/);
  const many = ["title,productUrl", ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `상품 ${i},https://a.example/${i}`)].join(
    "\n",
  );
  expect(error("a.csv", many)).toBe(`한 번에 ${IMPORT_MAX_ROWS}개까지 가져올 수 있습니다. (파일에 501개)`);
  // Without a telling extension the content decides.
  expect(parseImportFile("upload", '[{"title":"a","productUrl":"https://a.example"}]').ok).toBe(true);
  expect(parseImportFile("upload", "title,productUrl\na,https://a.example").ok).toBe(true);
});

test("files saved by Korean Excel (EUC-KR) and with a UTF-8 BOM are read", () => {
  // "의자" in EUC-KR
  const eucKr = new Uint8Array([
    ...new TextEncoder().encode("title,productUrl\n"),
    0xc0,
    0xc7,
    0xc0,
    0xda,
    ...new TextEncoder().encode(",https://a.example\n"),
  ]);
  expect(decodeImportFile(eucKr)).toBe("title,productUrl\n의자,https://a.example\n");
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("title,productUrl")]);
  expect(decodeImportFile(bom)).toBe("title,productUrl");
});

test("the confirmed rows are checked again when they come back", () => {
  const row = { position: "2행", title: "의자", productUrl: "https://a.example/chair", imageUrl: "", price: "1,000원" };
  expect(parseImportPayload(JSON.stringify([row]))).toEqual([row]);
  expect(parseImportPayload("not json")).toBeNull();
  expect(parseImportPayload("[]")).toBeNull();
  expect(parseImportPayload(JSON.stringify([{ ...row, productUrl: "javascript:alert(1)" }]))).toBeNull();
  expect(parseImportPayload(JSON.stringify([row, { ...row, position: "3행" }]))).toBeNull();
  expect(parseImportPayload(JSON.stringify([{ ...row, position: 3 }]))).toBeNull();
});
