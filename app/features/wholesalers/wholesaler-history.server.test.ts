import { expect, test } from "vitest";
import { withTestDatabase } from "#tests/test-database.ts";
import { fieldChanges } from "./wholesaler-history.server.ts";

withTestDatabase();

test("field changes leave out derived and counted columns", () => {
  expect(
    fieldChanges(
      { name: "가", views: 1, searchGrams: ["가"], siteHost: "a.com", updatedAt: new Date(0) },
      { name: "나", views: 9, searchGrams: ["나"], siteHost: "b.com", updatedAt: new Date() },
    ),
  ).toEqual([{ field: "name", before: "가", after: "나" }]);
});
