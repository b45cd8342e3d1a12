import http from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { externalProducts } from "#app/db/schema.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { parseImportPayload } from "./external-product-import.ts";
import {
  applyImport,
  createExternalProduct,
  deleteExternalProduct,
  getExternalProduct,
  listExternalProducts,
  previewImport,
  updateExternalProduct,
} from "./external-products.server.ts";

withTestDatabase();

/** A shop page on 127.0.0.1 with an og:image; reachable only through OUTBOUND_ALLOW_HOSTS. */
let shop: { origin: string; requests: string[]; close: () => Promise<void> };

beforeAll(async () => {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? "");
    const name = (request.url ?? "/").slice(1).replace(/\W/g, "");
    if (request.url?.startsWith("/no-image")) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end("<html><head><title>no image</title></head></html>");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<html><head><meta property="og:image" content="/images/${name}.jpg"></head><body>${name}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  shop = {
    origin,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
});

afterAll(async () => {
  await shop.close();
  delete process.env.OUTBOUND_ALLOW_HOSTS;
});

function allowLocalShop(allowed: boolean) {
  if (allowed) process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
  else delete process.env.OUTBOUND_ALLOW_HOSTS;
}

async function total() {
  const [row] = await db().select({ n: count() }).from(externalProducts);
  return row?.n ?? 0;
}

const file = (text: string) => new TextEncoder().encode(text);

test("a product added without an image gets the page's og:image, looked up on the server and stored", async () => {
  allowLocalShop(true);
  const id = await createExternalProduct({ title: "캠핑 의자", productUrl: `${shop.origin}/chair`, imageUrl: "", price: "19,800원~" });
  expect(await getExternalProduct(id)).toEqual({
    id,
    title: "캠핑 의자",
    productUrl: `${shop.origin}/chair`,
    imageUrl: `${shop.origin}/images/chair.jpg`,
    price: "19,800원~",
  });
  expect(shop.requests).toContain("/chair");

  // A given image is kept and nothing is fetched; a page without og:image leaves the image empty.
  const before = shop.requests.length;
  const withImage = await createExternalProduct({
    title: "텀블러",
    productUrl: `${shop.origin}/tumbler`,
    imageUrl: "https://img.example.com/t.jpg",
    price: "",
  });
  expect((await getExternalProduct(withImage))?.imageUrl).toBe("https://img.example.com/t.jpg");
  expect(shop.requests.length).toBe(before);
  const noImage = await createExternalProduct({
    title: "이미지 없는 상품",
    productUrl: `${shop.origin}/no-image`,
    imageUrl: "",
    price: "",
  });
  expect((await getExternalProduct(noImage))?.imageUrl).toBe("");
});

test("an address the fetcher refuses is saved with an empty image and never fetched", async () => {
  allowLocalShop(false);
  const before = shop.requests.length;
  const id = await createExternalProduct({ title: "내부 주소 상품", productUrl: `${shop.origin}/internal`, imageUrl: "", price: "" });
  expect((await getExternalProduct(id))?.imageUrl).toBe("");
  expect(shop.requests.length).toBe(before);
  const metadata = await createExternalProduct({
    title: "메타데이터",
    productUrl: "http://169.254.169.254/latest/meta-data/",
    imageUrl: "",
    price: "",
  });
  expect((await getExternalProduct(metadata))?.imageUrl).toBe("");
});

test("edit: an emptied image is looked up again only for a new address; delete removes the row", async () => {
  allowLocalShop(true);
  const id = await createExternalProduct({
    title: "보조배터리",
    productUrl: `${shop.origin}/battery`,
    imageUrl: "https://img.example.com/b.jpg",
    price: "15,900원",
  });
  expect(
    await updateExternalProduct(id, {
      title: "보조배터리 20000mAh",
      productUrl: `${shop.origin}/battery`,
      imageUrl: "",
      price: "17,900원",
    }),
  ).toBe("done");
  expect(await getExternalProduct(id)).toMatchObject({ title: "보조배터리 20000mAh", imageUrl: "", price: "17,900원" });
  expect(await updateExternalProduct(id, { title: "보조배터리", productUrl: `${shop.origin}/battery2`, imageUrl: "", price: "" })).toBe(
    "done",
  );
  expect((await getExternalProduct(id))?.imageUrl).toBe(`${shop.origin}/images/battery2.jpg`);
  expect((await listExternalProducts({ q: "배터리" })).items.map((p) => p.id)).toEqual([id]);

  expect(await updateExternalProduct(2_000_000_000, { title: "x", productUrl: "https://a.example/", imageUrl: "", price: "" })).toBe(
    "not-found",
  );
  expect(await deleteExternalProduct(id)).toBe("done");
  expect(await getExternalProduct(id)).toBeNull();
  expect(await deleteExternalProduct(id)).toBe("not-found");
});

test("import: preview writes nothing, refuses registered addresses, and applying adds rows with looked-up images", async () => {
  allowLocalShop(true);
  const before = await total();
  const csv = [
    "title,productUrl,imageUrl,price",
    `에어프라이어,${shop.origin}/airfryer,,"59,900원~"`,
    `전기포트,${shop.origin}/kettle,https://img.example.com/k.jpg,24900원`,
    `캠핑 의자 재등록,${shop.origin}/chair,,`,
    "잘못된 행,ftp://files.example.com/a,,",
  ].join("\r\n");
  const preview = await previewImport("popular.csv", file(csv));
  expect(preview.ok).toBe(true);
  if (!preview.ok) return;
  expect(preview.rows.map((row) => row.title)).toEqual(["에어프라이어", "전기포트"]);
  expect(preview.refused).toEqual([
    { position: "5행", title: "잘못된 행", reason: "상품 URL은 http:// 또는 https://로 시작하는 주소여야 합니다." },
    { position: "4행", title: "캠핑 의자 재등록", reason: "이미 등록된 상품 URL입니다." },
  ]);
  expect(await total()).toBe(before);

  const rows = parseImportPayload(JSON.stringify(preview.rows));
  expect(rows).not.toBeNull();
  expect(await applyImport(rows!)).toEqual({ added: 2, skipped: 0 });
  expect(await total()).toBe(before + 2);
  const [fryer] = await db()
    .select()
    .from(externalProducts)
    .where(eq(externalProducts.productUrl, `${shop.origin}/airfryer`));
  expect(fryer).toMatchObject({ title: "에어프라이어", price: "59,900원~", imageUrl: `${shop.origin}/images/airfryer.jpg` });
  expect(fryer?.searchGrams).toContain("에어");
  // The file's first row is the newest on the list.
  expect((await listExternalProducts({})).items.slice(0, 2).map((p) => p.title)).toEqual(["에어프라이어", "전기포트"]);

  // Applying the same preview again adds nothing twice.
  expect(await applyImport(rows!)).toEqual({ added: 0, skipped: 2 });
  expect(await total()).toBe(before + 2);
});

test("import: broken files are refused with a Korean message and nothing is written", async () => {
  const before = await total();
  const broken: [string, Uint8Array][] = [
    ["broken.json", file('[{"title": "의자", "productUrl": ')],
    ["object.json", file('{"title": "의자"}')],
    ["wrong.csv", file("상품명,주소\n의자,https://a.example/")],
    ["binary.csv", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0xfd])],
    ["empty.csv", file("")],
    ["huge.csv", file(["title,productUrl", ...Array.from({ length: 600 }, (_, i) => `상품${i},https://a.example/${i}`)].join("\n"))],
  ];
  for (const [name, bytes] of broken) {
    const result = await previewImport(name, bytes);
    expect(result.ok, name).toBe(false);
    if (!result.ok) expect(result.error, name).toMatch(/[가-힣]/);
  }
  expect(await total()).toBe(before);
});

test("import is all or nothing: a row the database refuses leaves no other row behind", async () => {
  const before = await total();
  await db().execute(sql`ALTER TABLE external_products ADD CONSTRAINT test_refuses_bomb CHECK (title <> '폭탄 상품')`);
  try {
    const rows = parseImportPayload(
      JSON.stringify([
        {
          position: "2행",
          title: "정상 상품 1",
          productUrl: "https://a.example/ok1",
          imageUrl: "https://img.example.com/1.jpg",
          price: "",
        },
        {
          position: "3행",
          title: "정상 상품 2",
          productUrl: "https://a.example/ok2",
          imageUrl: "https://img.example.com/2.jpg",
          price: "",
        },
        { position: "4행", title: "폭탄 상품", productUrl: "https://a.example/bomb", imageUrl: "https://img.example.com/3.jpg", price: "" },
      ]),
    );
    await expect(applyImport(rows!)).rejects.toThrow();
    expect(await total()).toBe(before);
  } finally {
    await db().execute(sql`ALTER TABLE external_products DROP CONSTRAINT test_refuses_bomb`);
  }
});
