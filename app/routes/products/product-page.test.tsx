import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { JsonLd } from "#app/components/json-ld.tsx";
import { db } from "#app/db/client.server.ts";
import { products, wholesalers } from "#app/db/schema.ts";
import { createProduct } from "#app/features/products/products.server.ts";
import { createSupplier, signedUpAccount, signedUpAdmin } from "#tests/factories.ts";
import { asResponse, caught, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

type Page = {
  product: { id: number; name: string; summary: string; price: number | null; siteUrl: string | null };
  supplier: { id: number; name: string } | null;
  canEdit: boolean;
  canDelete: boolean;
  jsonLd: Record<string, unknown>;
};
const open = async (id: number | string, cookie?: string) =>
  asResponse(await callLoader(getRequest(`/product/${id}`, cookie ? { cookie } : {}))).data as Page;

test("/product/{id}: name, price, description, the seller's page and the supplier for everyone; 수정 for the owner, 삭제 for the owner and admins", async () => {
  const owner = await signedUpAccount("product-owner@example.com");
  const other = await signedUpAccount("product-other@example.com");
  const admin = await signedUpAdmin("product-admin@example.com");
  const supplier = await createSupplier({ name: "공급도매", siteUrl: "https://gonggeup.example.com/" });
  const id = await createProduct(
    {
      name: "접이식 캠핑 의자",
      imageUrl: "",
      summary: "가볍고 튼튼합니다.\n두 번째 줄",
      price: 12000,
      siteUrl: "https://shop.example.com/chair",
    },
    { id: owner.id },
  );
  await db().update(products).set({ wholesalerId: supplier }).where(eq(products.id, id));

  const anonymous = await open(id);
  expect(anonymous).toMatchObject({
    product: {
      id,
      name: "접이식 캠핑 의자",
      summary: "가볍고 튼튼합니다.\n두 번째 줄",
      price: 12000,
      siteUrl: "https://shop.example.com/chair",
    },
    supplier: { id: supplier, name: "공급도매" },
    canEdit: false,
    canDelete: false,
  });
  expect(await open(id, owner.cookie)).toMatchObject({ canEdit: true, canDelete: true });
  expect(await open(id, other.cookie)).toMatchObject({ canEdit: false, canDelete: false });
  expect(await open(id, admin.cookie)).toMatchObject({ canEdit: false, canDelete: true });

  // A listing waiting for review is not named, as in the product lists; the product itself stays visible.
  await db().update(wholesalers).set({ status: "review" }).where(eq(wholesalers.id, supplier));
  expect(await open(id)).toMatchObject({ product: { id }, supplier: null });

  // Unknown or malformed ids: a 404 with a Korean sentence.
  for (const bad of ["999999", "abc", "0", "-1"]) {
    const missing = await callLoader(getRequest(`/product/${bad}`)).catch((thrown: unknown) => thrown);
    expect(missing, bad).toBeInstanceOf(Response);
    expect((missing as Response).status, bad).toBe(404);
    expect(await (missing as Response).text()).toBe("상품을 찾을 수 없습니다.");
  }
});

test("the page's 삭제 follows the product rules: asked first (naming nothing but the product), refused to others, then /products", async () => {
  const owner = await signedUpAccount("delete-owner@example.com");
  const other = await signedUpAccount("delete-other@example.com");
  const id = await createProduct({ name: "지울 상품", imageUrl: "", summary: "", price: null, siteUrl: "" }, { id: owner.id });
  const post = (fields: Record<string, string>, cookie?: string) =>
    caught(() => callAction(formRequest(`/product/${id}`, fields, cookie ? { cookie } : {})));

  expect((await post({ intent: "delete", productId: String(id), confirm: "1" })).status).toBe(401);
  expect((await post({ intent: "delete", productId: String(id), confirm: "1" }, other.cookie)).status).toBe(403);
  // Without confirm=1 the owner is asked (the page draws the step with the product's name).
  const asked = asResponse(
    await callAction(formRequest(`/product/${id}`, { intent: "delete", productId: String(id) }, { cookie: owner.cookie })),
  );
  expect(asked.data).toMatchObject({ message: "정말 삭제하시겠습니까?", values: { productId: String(id) } });
  expect(await db().select().from(products).where(eq(products.id, id))).toHaveLength(1);
  const done = await post({ intent: "delete", productId: String(id), confirm: "1" }, owner.cookie);
  expect(done.status).toBe(302);
  expect(done.location).toBe("/products");
  expect(await db().select().from(products).where(eq(products.id, id))).toHaveLength(0);
});

test("structured data: a schema.org Product with its address, price in won and supplier; a name cannot close the script", async () => {
  const owner = await signedUpAccount("jsonld-owner@example.com");
  const supplier = await createSupplier({ name: "공급도매", siteUrl: "https://gonggeup2.example.com/" });
  const name = '의자</script><script>alert("x")</script>';
  const id = await createProduct({ name, imageUrl: "", summary: "설명 & 더", price: 5000, siteUrl: "" }, { id: owner.id }, {});
  await db().update(products).set({ wholesalerId: supplier }).where(eq(products.id, id));
  const { jsonLd } = await open(id);
  const origin = new URL(process.env.PUBLIC_URL ?? "http://localhost:3000").origin;
  expect(jsonLd).toEqual({
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    url: `${origin}/product/${id}`,
    description: "설명 & 더",
    offers: {
      "@type": "Offer",
      price: 5000,
      priceCurrency: "KRW",
      url: `${origin}/product/${id}`,
      seller: { "@type": "Organization", name: "공급도매" },
    },
  });
  const html = renderToString(<JsonLd data={jsonLd} />);
  expect(html).not.toContain("</script><script>");
  expect(html).toContain("\\u003c/script\\u003e");
  const text = /<script[^>]*>([\s\S]*)<\/script>$/.exec(html)?.[1] ?? "";
  expect(JSON.parse(text).name).toBe(name);
  // No price: no offer (a search engine would refuse an offer without one).
  const free = await createProduct({ name: "가격 없는 상품", imageUrl: "", summary: "", price: null, siteUrl: "" }, { id: owner.id });
  expect((await open(free)).jsonLd).not.toHaveProperty("offers");
});
