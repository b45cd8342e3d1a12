import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { expect, test } from "vitest";
import routes from "#app/routes.ts";

const LAYOUT = "routes/admin/layout.tsx";
// The note editor's first page shows a signed-in non-admin why only admins write there (ui-contract.md).
const CHECKS_FOR_ITSELF = ["admin/sellernote-add"];

function flatten(entries: RouteConfigEntry[], layout: string | null = null): { path: string; file: string; layout: string | null }[] {
  return entries.flatMap((entry) => [
    ...(entry.path !== undefined ? [{ path: entry.path, file: entry.file, layout }] : []),
    ...flatten(entry.children ?? [], entry.path === undefined ? entry.file : layout),
  ]);
}

test("every /admin/* page stands in the admin layout, whose middleware checks the admin once", async () => {
  const adminPages = flatten(routes).filter(({ path }) => path === "admin" || path.startsWith("admin/"));
  expect(adminPages.length).toBeGreaterThan(10);
  const outside = adminPages.filter(({ layout, path }) => layout !== LAYOUT && !CHECKS_FOR_ITSELF.includes(path));
  expect(outside).toEqual([]);
  const layout = await import("./layout.tsx");
  expect(layout.middleware).toHaveLength(1);
});

test("no page under the admin layout checks the role again", () => {
  const inLayout = new Set(
    flatten(routes)
      .filter(({ layout }) => layout === LAYOUT)
      .map(({ file }) => file),
  );
  const rechecking = [...inLayout].filter((file) => /requireAdmin\(/.test(fs.readFileSync(path.join("app", file), "utf8")));
  expect(rechecking).toEqual([]);
});
