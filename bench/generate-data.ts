// npm run bench:data -- --wholesalers 10000 --products 100000 [--reset]
// Loads the deterministic benchmark catalogue into the configured database (DATABASE_URL or DATA_DIR), in
// batches that yield to the event loop (PGlite runs queries on the main thread).
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { products, user, wholesalers } from "#app/db/schema.ts";
import { searchFields } from "#app/features/search/korean-search.ts";
import { siteHostOf } from "#app/features/wholesalers/site-host.ts";
import { runScript, withDatabase } from "../scripts/with-database.ts";
import { productRow, seededRandom, wholesalerRow } from "./catalogue-generator.ts";

const BATCH = 1000;
const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

export async function generateCatalogue({ wholesalerCount, productCount }: { wholesalerCount: number; productCount: number }) {
  const random = seededRandom(20261123);
  const ownerId = "bench-owner";
  await db()
    .insert(user)
    .values({ id: ownerId, name: "벤치마크", email: "bench-owner@example.com", role: "user" })
    .onConflictDoNothing();
  for (let start = 0; start < wholesalerCount; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(wholesalerCount, start + BATCH); i++) {
      const row = wholesalerRow(i, random);
      rows.push({ ...row, website: row.siteUrl, siteHost: siteHostOf(row.siteUrl), ...searchFields(row.name) });
    }
    await db().insert(wholesalers).values(rows);
    await yieldToEventLoop();
  }
  for (let start = 0; start < productCount; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(productCount, start + BATCH); i++) {
      const row = productRow(i, random);
      rows.push({ ...row, createdBy: ownerId, createdByEmail: "bench-owner@example.com", ...searchFields(row.name) });
    }
    await db().insert(products).values(rows);
    await yieldToEventLoop();
  }
  // Fresh statistics so the planner sees the real table sizes.
  await db().execute(sql`VACUUM ANALYZE wholesalers`);
  await db().execute(sql`VACUUM ANALYZE products`);
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { wholesalers: { type: "string", default: "10000" }, products: { type: "string", default: "100000" } },
  });
  runScript(() =>
    withDatabase(async () => {
      const started = Date.now();
      await generateCatalogue({ wholesalerCount: Number(values.wholesalers), productCount: Number(values.products) });
      console.log(`bench data: ${values.wholesalers} wholesalers, ${values.products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }),
  );
}
