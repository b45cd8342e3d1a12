import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { products, user } from "#app/db/schema.ts";
import { createExternalProduct, listExternalProducts } from "#app/features/external-products/external-products.server.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { productSchema } from "./product-schema.ts";
import {
  type Actor,
  canDeleteProduct,
  canEditProduct,
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  updateProduct,
} from "./products.server.ts";

withTestDatabase();

async function makeUser(role: "admin" | "user" = "user"): Promise<Actor> {
  const id = randomUUID();
  const email = `${id.slice(0, 8)}@example.com`;
  await db().insert(user).values({ id, name: email, email, role });
  return { id, email, role };
}

const input = (name: string, extra: Partial<Record<"imageUrl" | "summary" | "price" | "siteUrl", string>> = {}) =>
  productSchema.parse({ name, imageUrl: "", summary: "", price: "", siteUrl: "", ...extra });

test("a new product records its owner, its search fields and a normalised price", async () => {
  const owner = await makeUser();
  const id = await createProduct(input("스테인리스 텀블러 500ml", { price: "12,000원", summary: "보온 보냉" }), owner);
  const [row] = await db().select().from(products).where(eq(products.id, id));
  expect(row).toMatchObject({ name: "스테인리스 텀블러 500ml", price: 12000, summary: "보온 보냉", createdBy: owner.id });
  expect(row?.searchGrams).toEqual(expect.arrayContaining(["텀블", "블러", "ㅌㅂ"]));
  expect(row?.nameChosung).toBe("ㅅㅌㅇㄹㅅ ㅌㅂㄹ 500ml");
});

test("one search word filters both sections in the database, two-syllable Korean words included", async () => {
  const owner = await makeUser();
  for (const name of ["캠핑 의자 접이식", "원목 식탁 의자", "보온 텀블러", "캠핑 랜턴"]) await createProduct(input(name), owner);
  for (const title of ["캠핑 의자", "텀블러 세트", "무선 이어폰"]) {
    await createExternalProduct({
      title,
      productUrl: `https://shop.example.com/${encodeURIComponent(title)}`,
      imageUrl: "https://img.example.com/a.jpg",
      price: "9,900원",
    });
  }
  const names = async (q: string) => ({
    products: (await listProducts({ q })).items.map((p) => p.name).sort(),
    external: (await listExternalProducts({ q })).items.map((p) => p.title).sort(),
  });
  expect(await names("의자")).toEqual({ products: ["원목 식탁 의자", "캠핑 의자 접이식"], external: ["캠핑 의자"] });
  expect(await names("캠핑")).toEqual({ products: ["캠핑 랜턴", "캠핑 의자 접이식"], external: ["캠핑 의자"] });
  expect(await names("텀블러")).toEqual({ products: ["보온 텀블러", "스테인리스 텀블러 500ml"], external: ["텀블러 세트"] });
  expect(await names("  캠핑 의자 ")).toEqual({ products: ["캠핑 의자 접이식"], external: ["캠핑 의자"] });
  // 초성 and upper case work as they do for wholesalers.
  expect((await names("ㅋㅍ")).products).toEqual(["캠핑 랜턴", "캠핑 의자 접이식"]);
  expect((await names("500ML")).products).toEqual(["스테인리스 텀블러 500ml"]);
  expect(await names("냉장고")).toEqual({ products: [], external: [] });
  // LIKE wildcards and quotes are plain characters.
  expect(await names("%")).toEqual({ products: [], external: [] });
  expect(await names("_")).toEqual({ products: [], external: [] });
  expect(await names("' OR 1=1 --")).toEqual({ products: [], external: [] });
});

test("each section pages on its own, newest first", async () => {
  const owner = await makeUser();
  for (let i = 1; i <= 30; i++) await createProduct(input(`페이징 상품 ${String(i).padStart(2, "0")}`), owner);
  const first = await listProducts({ q: "페이징", page: 1 });
  expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
  expect(first.items).toHaveLength(24);
  expect(first.items[0]?.name).toBe("페이징 상품 30");
  const second = await listProducts({ q: "페이징", page: 2 });
  expect(second.items.map((p) => p.name)).toEqual([
    "페이징 상품 06",
    "페이징 상품 05",
    "페이징 상품 04",
    "페이징 상품 03",
    "페이징 상품 02",
    "페이징 상품 01",
  ]);
  const beyond = await listProducts({ q: "페이징", page: 9 });
  expect(beyond.items).toEqual([]);
  expect(beyond.total).toBe(30);
  expect((await listProducts({ q: "페이징", page: 1, perPage: 10 })).pageCount).toBe(3);
});

test("ownership is part of the write: owner edits, others and admins do not; owner and admin delete", async () => {
  const owner = await makeUser();
  const other = await makeUser();
  const admin = await makeUser("admin");
  const id = await createProduct(input("소유권 확인 상품", { price: "1000" }), owner);
  const before = await getProduct(id);

  expect(await updateProduct({ id, userId: other.id, input: input("남의 수정") })).toBe("forbidden");
  expect(await updateProduct({ id, userId: admin.id, input: input("관리자 수정") })).toBe("forbidden");
  expect(await getProduct(id)).toEqual(before);
  expect(await updateProduct({ id: 2_000_000_000, userId: owner.id, input: input("없는 상품") })).toBe("not-found");

  expect(await updateProduct({ id, userId: owner.id, input: input("주인이 고친 이름", { price: "2,000" }) })).toBe("done");
  const [edited] = await db().select().from(products).where(eq(products.id, id));
  expect(edited).toMatchObject({ name: "주인이 고친 이름", price: 2000, createdBy: owner.id });
  expect(edited?.searchGrams).toContain("고친");
  expect(edited!.updatedAt.getTime()).toBeGreaterThanOrEqual(edited!.createdAt.getTime());

  expect(await deleteProduct({ id, actor: other })).toBe("forbidden");
  expect(await getProduct(id)).not.toBeNull();
  expect(await deleteProduct({ id, actor: owner })).toBe("done");
  expect(await getProduct(id)).toBeNull();
  expect(await deleteProduct({ id, actor: owner })).toBe("not-found");

  const spam = await createProduct(input("스팸 상품"), other);
  expect(await deleteProduct({ id: spam, actor: admin })).toBe("done");
  expect(await getProduct(spam)).toBeNull();
});

test("what a visitor may do with a card", () => {
  const card = { createdBy: "owner-id" };
  expect(canEditProduct(card, { id: "owner-id" })).toBe(true);
  expect(canEditProduct(card, { id: "other-id" })).toBe(false);
  expect(canEditProduct(card, null)).toBe(false);
  expect(canEditProduct({ createdBy: null }, { id: "x" })).toBe(false);
  expect(canDeleteProduct(card, { id: "owner-id", role: "user" })).toBe(true);
  expect(canDeleteProduct(card, { id: "other-id", role: "user" })).toBe(false);
  expect(canDeleteProduct(card, { id: "admin-id", role: "admin" })).toBe(true);
  expect(canDeleteProduct(card, null)).toBe(false);
});
