import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { products, user, wholesalerManagers, wholesalers } from "#app/db/schema.ts";
import { NOT_MANAGER_MESSAGE } from "#app/features/products/products.server.ts";
import { removeManager } from "#app/features/suppliers/claims.server.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { signedUpCookie } from "#tests/factories.ts";
import { asResponse, caught, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

let managerCookie = "";
let sellerCookie = "";
let managerId = "";
let listing = 0;
let otherListing = 0;

beforeAll(async () => {
  managerCookie = await signedUpCookie("maker@products.test");
  sellerCookie = await signedUpCookie("seller@products.test");
  managerId = (await db().select({ id: user.id }).from(user).where(eq(user.email, "maker@products.test")))[0]!.id;
});

beforeEach(async () => {
  await db().delete(products);
  await db().delete(wholesalers);
  const base = { category: "패션", contact: "", logoUrl: "", summary: "" };
  listing = await createWholesaler({ ...base, name: "상품몰", siteUrl: "https://goods.example.com/" });
  otherListing = await createWholesaler({ ...base, name: "남의몰", siteUrl: "https://other.example.com/" });
  await db()
    .insert(wholesalerManagers)
    .values({ wholesalerId: listing, userId: managerId, method: "file", proofUrl: "https://goods.example.com/" });
});

const product = (extra: Record<string, string> = {}) => ({
  name: "린넨 셔츠",
  imageUrl: "",
  summary: "",
  price: "19000",
  siteUrl: "",
  ...extra,
});
const add = (fields: Record<string, string>, cookie = managerCookie) => caught(() => callAction(formRequest("/add", fields, { cookie })));

test("/add offers the 도매처 select to managers only; a product tied to a managed listing", async () => {
  const page = asResponse(await callLoader(getRequest("/add", { cookie: managerCookie })));
  expect(page.data).toEqual({ suppliers: [{ id: listing, name: "상품몰" }], saved: null });
  const none = asResponse(await callLoader(getRequest("/add", { cookie: sellerCookie })));
  expect(none.data).toEqual({ suppliers: [], saved: null });
  expect((await add(product({ wholesalerId: String(listing) }))).status).toBe(302);
  expect((await add(product({ name: "직접 등록 상품", wholesalerId: "" }))).status).toBe(302);
  const rows = await db().select({ name: products.name, wholesalerId: products.wholesalerId }).from(products);
  expect(rows).toEqual(
    expect.arrayContaining([
      { name: "린넨 셔츠", wholesalerId: listing },
      { name: "직접 등록 상품", wholesalerId: null },
    ]),
  );
});

test("a forged 도매처 value (another listing, a listing of nobody's, not an id) is refused, nothing written", async () => {
  for (const [fields, cookie, status] of [
    [product({ wholesalerId: String(otherListing) }), managerCookie, 403],
    [product({ wholesalerId: String(listing) }), sellerCookie, 403],
    [product({ wholesalerId: "999999" }), managerCookie, 403],
    [product({ wholesalerId: "1 OR 1=1" }), managerCookie, 400],
  ] as const) {
    const refused = await add(fields, cookie);
    expect(refused.status).toBe(status);
    if (status === 403) expect((refused.data as { message: string }).message).toContain(NOT_MANAGER_MESSAGE);
  }
  expect(await db().select().from(products)).toEqual([]);
});

test("the card names and links its supplier; /products?supplier={id}; 이 도매처의 상품 on the supplier page", async () => {
  await add(product({ wholesalerId: String(listing) }));
  await add(product({ name: "직접 등록 상품", wholesalerId: "" }));
  const all = asResponse(await callLoader(getRequest("/products")));
  const cards = (all.data as { products: { items: { name: string; supplier: unknown }[] } }).products.items;
  expect(cards.find((card) => card.name === "린넨 셔츠")?.supplier).toEqual({ id: listing, name: "상품몰" });
  expect(cards.find((card) => card.name === "직접 등록 상품")?.supplier).toBeNull();
  const only = asResponse(await callLoader(getRequest(`/products?supplier=${listing}`)));
  expect((only.data as { products: { items: { name: string }[] } }).products.items.map((card) => card.name)).toEqual(["린넨 셔츠"]);
  expect((only.data as { supplier: unknown }).supplier).toEqual({ id: listing, name: "상품몰" });
  const bad = asResponse(await callLoader(getRequest("/products?supplier=abc")));
  expect((bad.data as { products: { items: unknown[] } }).products.items).toEqual([]);
  const detail = asResponse(await callLoader(getRequest(`/wholesaler/${listing}`)));
  expect((detail.data as { products: { name: string }[]; moreProducts: boolean }).products.map((p) => p.name)).toEqual(["린넨 셔츠"]);
  expect((detail.data as { moreProducts: boolean }).moreProducts).toBe(false);
  for (let i = 0; i < 12; i += 1) await add(product({ name: `상품 ${i}`, wholesalerId: String(listing) }));
  const full = asResponse(await callLoader(getRequest(`/wholesaler/${listing}`)));
  expect((full.data as { products: { name: string }[] }).products).toHaveLength(12);
  expect((full.data as { products: { name: string }[] }).products[0]!.name).toBe("상품 11");
  expect((full.data as { moreProducts: boolean }).moreProducts).toBe(true);
});

test("the owner edits the tie; a removed manager keeps its products, untied, and can no longer tie them", async () => {
  await add(product({ wholesalerId: String(listing) }));
  const [row] = await db().select({ id: products.id }).from(products);
  const edit = asResponse(await callLoader(getRequest(`/edit/${row!.id}`, { cookie: managerCookie })));
  expect(edit.data).toMatchObject({ wholesalerId: listing, suppliers: [{ id: listing, name: "상품몰" }] });
  // A form without the select leaves the tie as it is.
  expect(
    (await caught(() => callAction(formRequest(`/edit/${row!.id}`, product({ price: "18000" }), { cookie: managerCookie })))).status,
  ).toBe(302);
  expect((await db().select().from(products))[0]).toMatchObject({ price: 18000, wholesalerId: listing });
  await removeManager(listing, managerId);
  expect((await db().select().from(products))[0]).toMatchObject({ name: "린넨 셔츠", createdBy: managerId, wholesalerId: null });
  const retie = await caught(() =>
    callAction(formRequest(`/edit/${row!.id}`, product({ wholesalerId: String(listing) }), { cookie: managerCookie })),
  );
  expect(retie.status).toBe(403);
  expect((await db().select().from(products))[0]).toMatchObject({ wholesalerId: null });
});
