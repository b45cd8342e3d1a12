import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { ogImageCache } from "#app/db/schema.ts";
import { useCanaryAndShop } from "#tests/canary.ts";
import { fakeNetwork, setAllowHosts, stubResolver } from "#tests/network.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { lookupOgImage, UnsafeUrlError } from "./og-image.server.ts";

withTestDatabase();

const { canary, shop } = useCanaryAndShop((request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  if (request.url?.startsWith("/plain")) return response.end("<html><head><title>이미지 없음</title></head><body></body></html>");
  setTimeout(() => response.end(`<html><head><meta property="og:image" content="/img/a.png?v=1&amp;s=2"></head></html>`), 20);
});
/** The shop as the allowance names it: "localhost" resolves through the system's hosts file, no network. */
let shopOrigin: string;
beforeAll(() => {
  shopOrigin = `http://localhost:${shop.port}`;
});

function requestsTo(path: string) {
  return shop.requests.filter((requested) => requested === path).length;
}

test("lookupOgImage: refusals throw UnsafeUrlError and are not cached; parallel asks share one fetch", async () => {
  await expect(lookupOgImage("http://10.0.0.1/")).rejects.toBeInstanceOf(UnsafeUrlError);
  await expect(lookupOgImage("gopher://example.com/")).rejects.toMatchObject({ name: "UnsafeUrlError" });

  // A name whose DNS answer is private is refused too, with no connection made.
  const network = fakeNetwork(canary);
  const dns = stubResolver({ "shop.example.com": ["169.254.169.254"] });
  await expect(lookupOgImage("https://shop.example.com/item", { resolve: dns.resolve, connect: network.connect })).rejects.toMatchObject({
    name: "UnsafeUrlError",
  });
  expect(network.attempts).toEqual([]);
  expect(await db().select().from(ogImageCache).where(eq(ogImageCache.url, "https://shop.example.com/item"))).toEqual([]);

  // Unreachable sites are not errors: null.
  const offline = stubResolver({ "gone.example.com": ["93.184.216.34"] });
  expect(await lookupOgImage("https://gone.example.com/", { resolve: offline.resolve, connect: network.connect })).toBeNull();

  setAllowHosts("localhost");
  const answers = await Promise.all([lookupOgImage(`${shopOrigin}/together`), lookupOgImage(`${shopOrigin}/together`)]);
  expect(answers).toEqual([`${shopOrigin}/img/a.png?v=1&s=2`, `${shopOrigin}/img/a.png?v=1&s=2`]);
  expect(requestsTo("/together")).toBe(1);
});
