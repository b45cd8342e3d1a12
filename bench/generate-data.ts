// npm run bench:data -- --wholesalers 100000 --products 1000000
// Loads the deterministic benchmark catalogue into the configured database (DATABASE_URL or DATA_DIR).
// On PostgreSQL the rows are streamed with COPY (a million products in a few minutes); on PGlite they go
// in batches of multi-row INSERTs that yield to the event loop (PGlite runs queries on the main thread).
// Both paths write the same rows.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { currentDatabase, db } from "#app/db/client.server.ts";
import { products, user, wholesalers } from "#app/db/schema.ts";
import { siteHostOf } from "#app/features/wholesalers/site-host.ts";
import { searchFields } from "#app/platform/search/korean-search.ts";
import { runScript, withDatabase } from "../scripts/with-database.ts";
import { productRow, seededRandom, wholesalerRecordsRow, wholesalerRow, wholesalerTermsRow } from "./catalogue-generator.ts";

const BATCH = 1000;
const OWNER_ID = "bench-owner";
const OWNER_EMAIL = "bench-owner@example.com";
const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The rows in insertion order. Row i is `count - i` seconds older than the start of the run, so the
 * newest-first lists and their index see distinct, increasing timestamps as in real use (one COPY
 * would otherwise give every row the same now()).
 */
function* wholesalerRows(count: number, random: () => number, termsRandom: () => number, now: number) {
  for (let i = 0; i < count; i++) {
    const row = wholesalerRow(i, random);
    const createdAt = new Date(now - (count - i) * 1000);
    yield {
      ...row,
      ...wholesalerTermsRow(i, termsRandom),
      ...wholesalerRecordsRow(i, row.siteUrl),
      siteHost: siteHostOf(row.siteUrl),
      ...searchFields(row.name),
      createdAt,
      updatedAt: createdAt,
    };
  }
}

function* productRows(count: number, random: () => number, now: number) {
  for (let i = 0; i < count; i++) {
    const row = productRow(i, random);
    const createdAt = new Date(now - (count - i) * 1000);
    yield { ...row, createdBy: OWNER_ID, ...searchFields(row.name), createdAt, updatedAt: createdAt };
  }
}

export async function generateCatalogue({ wholesalerCount, productCount }: { wholesalerCount: number; productCount: number }) {
  // One generator for both tables, in this order, so every run (and both databases) gets the same rows.
  const random = seededRandom(20261123);
  const termsRandom = seededRandom(20261124);
  const now = Date.now();
  await db().insert(user).values({ id: OWNER_ID, name: "벤치마크", email: OWNER_EMAIL, role: "user" }).onConflictDoNothing();
  const pool = currentDatabase()?.kind === "postgres" ? (db() as unknown as { $client: pg.Pool }).$client : undefined;
  if (pool) {
    const termColumns = [
      "dropshipping",
      "min_order",
      "shipping_fee",
      "free_shipping_over",
      "returns",
      "image_use",
      "price_policy",
      "integration",
      "terms_checked_at",
      "terms_source",
      "business_number",
      "records_verified_for",
    ];
    await copyInto(
      pool,
      "wholesalers",
      [
        "name",
        "category",
        "summary",
        "site_url",
        "site_host",
        "views",
        "search_grams",
        "name_chosung",
        "created_at",
        "updated_at",
        ...termColumns,
      ],
      function* () {
        for (const r of wholesalerRows(wholesalerCount, random, termsRandom, now)) {
          yield [
            ...[r.name, r.category, r.summary, r.siteUrl, r.siteHost, r.views, r.searchGrams, r.nameChosung, r.createdAt, r.updatedAt],
            ...[
              r.dropshipping,
              r.minOrder,
              r.shippingFee,
              r.freeShippingOver,
              r.returns,
              r.imageUse,
              r.pricePolicy,
              r.integration,
              r.termsCheckedAt,
              r.termsSource,
              r.businessNumber,
              r.recordsVerifiedFor,
            ],
          ];
        }
      },
    );
    await copyInto(
      pool,
      "products",
      ["name", "summary", "price", "created_by", "search_grams", "name_chosung", "created_at", "updated_at"],
      function* () {
        for (const r of productRows(productCount, random, now)) {
          yield [r.name, r.summary, r.price, r.createdBy, r.searchGrams, r.nameChosung, r.createdAt, r.updatedAt];
        }
      },
    );
  } else {
    await insertInBatches(wholesalerRows(wholesalerCount, random, termsRandom, now), (rows) => db().insert(wholesalers).values(rows));
    await insertInBatches(productRows(productCount, random, now), (rows) => db().insert(products).values(rows));
  }
  // Fresh statistics so the planner sees the real table sizes.
  await db().execute(sql`VACUUM ANALYZE wholesalers`);
  await db().execute(sql`VACUUM ANALYZE products`);
}

async function insertInBatches<T>(rows: Iterable<T>, insert: (batch: T[]) => Promise<unknown>) {
  let batch: T[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      await insert(batch);
      batch = [];
      await yieldToEventLoop();
    }
  }
  if (batch.length) await insert(batch);
}

type CopyValue = string | number | Date | string[] | null;

/** COPY … FROM STDIN in PostgreSQL's text format, streamed in chunks of BATCH rows. */
async function copyInto(pool: pg.Pool, table: string, columns: string[], rows: () => Iterable<CopyValue[]>) {
  const client = await pool.connect();
  try {
    const stream = client.query(copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN`));
    const chunks = function* () {
      let chunk = "";
      let n = 0;
      for (const row of rows()) {
        chunk += `${row.map(copyField).join("\t")}\n`;
        if (++n % BATCH === 0) {
          yield chunk;
          chunk = "";
        }
      }
      if (chunk) yield chunk;
    };
    await pipeline(Readable.from(chunks()), stream);
  } finally {
    client.release();
  }
}

/** One field of COPY's text format: null as \\N, arrays as quoted literals, then backslash, tab and newline escaped. */
function copyField(value: CopyValue) {
  if (value === null) return "\\N";
  const text = Array.isArray(value)
    ? `{${value.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`
    : value instanceof Date
      ? value.toISOString()
      : String(value);
  return text.replace(/[\\\t\n\r]/g, (c) => ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c] as string);
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { wholesalers: { type: "string", default: "10000" }, products: { type: "string", default: "100000" } },
  });
  runScript(() =>
    withDatabase(async () => {
      const started = Date.now();
      await generateCatalogue({ wholesalerCount: Number(values.wholesalers), productCount: Number(values.products) });
      console.log(
        `bench data: ${values.wholesalers} wholesalers, ${values.products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }),
  );
}
