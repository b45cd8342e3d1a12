import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { closedPort } from "#tests/network.ts";
import { openFreshDatabase, withTestDatabase } from "#tests/test-database.ts";
import { db, type OpenDatabase } from "./client.server.ts";
import { isDatabaseUnavailable, newRequestContext, runInRequestContext, unavailableCause } from "./request-context.server.ts";
import { appMeta } from "./schema.ts";

withTestDatabase();

let other: { open: OpenDatabase; drop: () => Promise<void> };
beforeAll(async () => {
  other = await openFreshDatabase();
  await other.open.db.insert(appMeta).values({ key: "which", value: "the request's" });
});
afterAll(async () => {
  await other.open.close();
  await other.drop();
});

const which = async () => (await db().select().from(appMeta)).find((row) => row.key === "which")?.value ?? "the process's";

test("inside a request db() is the request's database, whatever the other requests in flight use; outside one it is the process's", async () => {
  const mine = newRequestContext(other.open);
  const theirs = newRequestContext(undefined);
  const seen = await Promise.all([
    runInRequestContext(mine, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return which();
    }),
    runInRequestContext(theirs, which),
    which(),
  ]);
  expect(seen).toEqual(["the request's", "the process's", "the process's"]);
});

async function errorOf(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

test("an unreachable database is told apart from a query that is wrong or a row that is refused", async () => {
  const pool = new pg.Pool({ host: "127.0.0.1", port: await closedPort(), user: "postgres", connectionTimeoutMillis: 2000 });
  try {
    expect(unavailableCause(await errorOf(() => drizzle(pool).execute(sql`select 1`)))).toBe("database down");
  } finally {
    await pool.end();
  }
  // Wrapped the way Better Auth wraps it.
  const closed = await openFreshDatabase();
  await closed.open.close();
  const afterClose = await errorOf(() => closed.open.db.execute(sql`select 1`));
  await closed.drop();
  expect(isDatabaseUnavailable(new Error("Failed to get session", { cause: afterClose }))).toBe(true);

  expect(isDatabaseUnavailable(await errorOf(() => db().execute(sql`select * from no_such_table`)))).toBe(false);
  await db().insert(appMeta).values({ key: "twice", value: "1" });
  expect(isDatabaseUnavailable(await errorOf(() => db().insert(appMeta).values({ key: "twice", value: "2" })))).toBe(false);
  expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
  // pg-pool's word for a pool whose connections all stayed busy (server/outage.test.ts holds a real one busy).
  expect(unavailableCause(new Error("Failed query: select 1", { cause: new Error("timeout exceeded when trying to connect") }))).toBe(
    "pool exhausted",
  );
});
