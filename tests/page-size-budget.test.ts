import { expect, test } from "vitest";
import { loader as productsLoader } from "#app/routes/products/products.tsx";
import { loader as listLoader } from "#app/routes/public/list.tsx";
import { generateCatalogue } from "#bench/generate-data.ts";
import { demoProducts } from "#content/demo/products.ts";
import { demoWholesalers } from "#content/demo/wholesalers.ts";
import { getRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

// Issue 6: a list page is page-sized whatever the catalogue holds. The loader data is what the HTML
// carries twice (rendered cards and the hydration payload), so its serialised size (UTF-8 bytes of the
// JSON) stands for the page weight: about the same for a catalogue as small as the demo's and for one
// with thousands more rows of the same kind (the bench generator's), and under a fixed budget.
// About 1.5 times what one page of generated cards measures (list 11.4 kB, products 4.7 kB).
const LOADER_DATA_BUDGET = { list: 16_000, products: 8_000 };
/** Suppliers on one /list page. */
const LIST_PAGE = 40;

type LoaderArgs = Parameters<typeof listLoader>[0] & Parameters<typeof productsLoader>[0];
const args = (path: string) => ({ request: getRequest(path), params: {}, context: {} }) as unknown as LoaderArgs;

async function sizes() {
  const list = await listLoader(args("/list"));
  const products = await productsLoader(args("/products"));
  return {
    list: { bytes: Buffer.byteLength(JSON.stringify(list)), cards: list.items.length, total: list.total, capped: list.totalIsCapped },
    products: {
      bytes: Buffer.byteLength(JSON.stringify(products)),
      cards: products.products.items.length,
      total: products.products.total,
      capped: products.products.totalIsCapped,
    },
  };
}

test("/list and /products loader data stay page-sized from the demo catalogue to 3,000 more wholesalers and 20,000 more products", {
  timeout: 180_000,
}, async () => {
  // The small catalogue is the demo's size, but at least one full page of suppliers (40): with fewer suppliers than a
  // page (the demo had 37 once), comparing 37 cards with 40 would measure the missing cards, not the catalogue.
  const smallWholesalers = Math.max(demoWholesalers.length, LIST_PAGE);
  await generateCatalogue({ wholesalerCount: smallWholesalers, productCount: demoProducts.length });
  const small = await sizes();
  await generateCatalogue({ wholesalerCount: 3_000, productCount: 20_000 });
  const large = await sizes();

  // The catalogue really grew past the count cap ("1,000곳 이상"), and each page still shows one page of cards.
  expect(small.list).toMatchObject({ capped: false, total: smallWholesalers });
  expect(small.products).toMatchObject({ capped: false, total: demoProducts.length });
  expect(large.list).toMatchObject({ capped: true, total: 1_000 });
  expect(large.products).toMatchObject({ capped: true, total: 1_000 });
  expect(large.list.cards).toBe(LIST_PAGE);
  expect(large.products.cards).toBe(24);

  for (const page of ["list", "products"] as const) {
    const change = Math.abs(large[page].bytes - small[page].bytes) / small[page].bytes;
    expect(change, `${page}: ${small[page].bytes} → ${large[page].bytes} bytes`).toBeLessThanOrEqual(0.1);
    expect(small[page].bytes, `${page} at the demo catalogue`).toBeLessThanOrEqual(LOADER_DATA_BUDGET[page]);
    expect(large[page].bytes, `${page} with the generated catalogue`).toBeLessThanOrEqual(LOADER_DATA_BUDGET[page]);
  }
});
