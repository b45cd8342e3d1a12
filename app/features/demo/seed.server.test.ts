import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { listWholesalers } from "#app/features/wholesalers/wholesalers.server.ts";
import { demoWholesalers } from "#content/demo/wholesalers.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { seedDemo } from "./seed.server.ts";

withTestDatabase();

test("demo suppliers start with no views (no made-up popularity), and 인기순 and 최신순 show the demo list in its own order", async () => {
  await seedDemo();
  const rows = await db().select({ views: wholesalers.views }).from(wholesalers);
  expect(rows.length).toBe(demoWholesalers.length);
  expect(rows.every((row) => row.views === 0)).toBe(true);
  const popular = await listWholesalers({ sort: "views", pageSize: 3 });
  const newest = await listWholesalers({ sort: "newest", pageSize: 3 });
  const firstThree = demoWholesalers.slice(0, 3).map((w) => w.name);
  expect(popular.items.map((w) => w.name)).toEqual(firstThree);
  expect(newest.items.map((w) => w.name)).toEqual(firstThree);
});
