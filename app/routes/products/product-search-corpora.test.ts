import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { user } from "#app/db/schema.ts";
import { createExternalProduct } from "#app/features/external-products/external-products.server.ts";
import { productSchema } from "#app/features/products/product-schema.ts";
import { createProduct } from "#app/features/products/products.server.ts";
import { stripControl } from "#app/lib/control-characters.ts";
import { normalizeSearchText } from "#app/platform/search/korean-search.ts";
import { hasCorpora, naughtyStrings, OWN_BAD_INPUTS, sqlInjectionPayloads } from "#tests/corpora.ts";
import { getRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import * as externalRoute from "../public/external-products.tsx";
import * as editRoute from "./edit.tsx";
import * as productsRoute from "./products.tsx";

withTestDatabase();

/** The project's own hostile inputs; the shared corpora (when present) add their 2,000-odd lines. */
const OWN_CASES = [
  "' OR '1'='1",
  "1; DROP TABLE products; --",
  "%",
  "_",
  "\\",
  "%%_%",
  '\' UNION SELECT email FROM "user" --',
  "\u0000",
  "ㅋㅋ'",
  "의자'--",
  "𝕿𝖊𝖘𝖙",
  "a".repeat(500),
];

function corpusLines(): string[] {
  return [...new Set([...OWN_CASES, ...OWN_BAD_INPUTS, ...sqlInjectionPayloads(), ...naughtyStrings()])];
}

// biome-ignore lint/suspicious/noExplicitAny: test shim for route args
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as any;

test("hostile search text and ids never break /products, /search or /edit: results only ever match the literal text", {
  timeout: 240_000,
}, async () => {
  const owner = { id: "corpus-owner", email: "corpus-owner@example.com" };
  await db()
    .insert(user)
    .values({ ...owner, name: "corpus" });
  for (const name of ["캠핑 의자", "1' OR '1'='1 특가", "100% 면 티셔츠", "under_score 상품"]) {
    await createProduct(productSchema.parse({ name, imageUrl: "", summary: "", price: "", siteUrl: "" }), owner);
    await createExternalProduct({
      title: name,
      productUrl: `https://shop.example.com/${encodeURIComponent(name)}`,
      imageUrl: "https://img.example.com/x.jpg",
      price: "",
    });
  }
  const lines = corpusLines();
  for (const line of lines) {
    const q = encodeURIComponent(line);
    const products = await productsRoute.loader(args(getRequest(`/products?q=${q}&page=${q}&epage=${q}`)));
    const external = await externalRoute.loader(args(getRequest(`/search?q=${q}&page=${q}`)));
    // Control characters count as spaces (no stored name holds one).
    const literal = normalizeSearchText(stripControl(line).trim()).slice(0, 100).trim();
    for (const item of products.products.items) expect(normalizeSearchText(item.name), line).toContain(literal);
    for (const item of [...products.external.items, ...external.items]) expect(normalizeSearchText(item.title), line).toContain(literal);
    const edit = await editRoute.loader(args(getRequest("/edit/x", { cookie: "" }), { id: line })).catch((thrown: unknown) => thrown);
    // Anonymous: a redirect to login (never a 500), whatever the id looks like.
    expect(edit, line).toBeInstanceOf(Response);
    expect([302, 404]).toContain((edit as Response).status);
  }
  // The literal-text cases do find their rows.
  const literal = await productsRoute.loader(args(getRequest(`/products?q=${encodeURIComponent("1' OR '1'='1")}`)));
  expect(literal.products.items.map((p: { name: string }) => p.name)).toEqual(["1' OR '1'='1 특가"]);
  expect((await productsRoute.loader(args(getRequest("/products?q=%25")))).products.items.map((p: { name: string }) => p.name)).toEqual([
    "100% 면 티셔츠",
  ]);
  expect((await productsRoute.loader(args(getRequest("/products?q=_")))).products.items.map((p: { name: string }) => p.name)).toEqual([
    "under_score 상품",
  ]);
  expect(lines.length).toBeGreaterThan(hasCorpora ? 1000 : OWN_CASES.length);
});
