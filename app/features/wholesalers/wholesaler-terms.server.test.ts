import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { UNKNOWN_TERMS } from "./wholesaler-terms.ts";
import { createWholesaler } from "./wholesalers.server.ts";

withTestDatabase();

beforeEach(async () => {
  await db().delete(wholesalers);
});

test("the terms are stored only as the schema allows: the database refuses yes/no stand-ins and malformed numbers", async () => {
  const id = await createWholesaler({ name: "제약 도매", category: "", siteUrl: "", contact: "", logoUrl: "", summary: "" });
  for (const statement of [
    sql`UPDATE wholesalers SET dropshipping = 'unknown' WHERE id = ${id}`,
    sql`UPDATE wholesalers SET returns = 'maybe' WHERE id = ${id}`,
    sql`UPDATE wholesalers SET min_order = 0 WHERE id = ${id}`,
    sql`UPDATE wholesalers SET shipping_fee = -1 WHERE id = ${id}`,
    sql`UPDATE wholesalers SET integration = '{}' WHERE id = ${id}`,
    sql`UPDATE wholesalers SET integration = '{fax}' WHERE id = ${id}`,
    sql`UPDATE wholesalers SET business_number = '123-45-67890' WHERE id = ${id}`,
    sql`UPDATE wholesalers SET terms_source = 'javascript:alert(1)' WHERE id = ${id}`,
  ]) {
    await expect(db().execute(statement)).rejects.toThrow();
  }
  expect((await db().select().from(wholesalers).where(eq(wholesalers.id, id)))[0]).toMatchObject(UNKNOWN_TERMS);
});
