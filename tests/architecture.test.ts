import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/** Rules about the code itself, checked on every file so they hold as the code grows. */

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const appFiles = sourceFiles("app");
const contentFiles = sourceFiles("content");

test("actions read forms only through the form kit's size-limited reader", () => {
  const readers = appFiles.filter((file) => /\.formData\(\)/.test(fs.readFileSync(file, "utf8")));
  expect(readers.length).toBeGreaterThan(0);
  expect(readers).toEqual([path.join("app", "lib", "form.server.ts")]);
});

/** Where each import of an app file points: `#app/…`, `#content/…` and relative paths, resolved to a repository path. */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const specifiers = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1] ?? match[2] ?? "");
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith("#")) return [specifier.slice(1).replace(/^app\//, "app/")];
    if (specifier.startsWith(".")) return [path.normalize(path.join(path.dirname(file), specifier))];
    return [];
  });
}

const layerOf = (target: string) =>
  target
    .split(path.sep)
    .join("/")
    .match(/^app\/(lib|components|features|platform|routes|db)\//)?.[1] ?? (target.startsWith("app/") ? "app" : target.split("/")[0]!);

/**
 * The floors of docs/architecture.md, top down: routes → features → components → platform → db → lib. A floor
 * never imports one above it; `content/` (editorial data) stands beside features and may use db and lib only.
 */
const forbidden: Record<string, string[]> = {
  lib: ["db", "platform", "features", "routes", "components", "content"],
  db: ["platform", "features", "routes", "components", "content"],
  platform: ["features", "routes", "components", "content"],
  components: ["features", "routes"],
  content: ["platform", "features", "routes", "components"],
  features: ["routes"],
};

const featureOf = (file: string) =>
  file
    .split(path.sep)
    .join("/")
    .match(/^app\/features\/([^/]+)\//)?.[1];
const isComponent = (file: string) => file.endsWith(".tsx");

/** Why an import from `file` to `target` breaks the layering, or null when it is allowed. */
function wrongImport(file: string, target: string): string | null {
  const from = layerOf(file);
  const to = layerOf(target);
  if (to === "bench" || to === "tests") return `${from} imports ${to}`;
  if (forbidden[from]?.includes(to)) return `${from} imports ${to}`;
  // A feature's page pieces never use another feature's page pieces: what combines suppliers, compare and
  // favourites on one card lives in features/directory/, the one floor above them.
  const fromFeature = featureOf(file);
  const toFeature = featureOf(target);
  if (fromFeature && toFeature && fromFeature !== toFeature && fromFeature !== "directory" && isComponent(file) && isComponent(target)) {
    return `features/${fromFeature} UI imports features/${toFeature} UI`;
  }
  return null;
}

test("imports flow one way: routes → features → components → platform → db → lib, and nothing in app/ or content/ imports bench/ or tests/", () => {
  const wrong: string[] = [];
  let checked = 0;
  for (const file of [...appFiles, ...contentFiles]) {
    for (const target of importsOf(file)) {
      checked++;
      const why = wrongImport(file, target);
      if (why) wrong.push(`${file} → ${target} (${why})`);
    }
  }
  expect(checked).toBeGreaterThan(500);
  expect(wrong).toEqual([]);
});

test("the direction check sees a wrong import when there is one", () => {
  expect(layerOf("app/lib/form.server.ts")).toBe("lib");
  expect(layerOf("app/platform/jobs/job-runner.server.ts")).toBe("platform");
  expect(layerOf("app/features/products/products.server.ts")).toBe("features");
  expect(layerOf("bench/catalogue-generator.ts")).toBe("bench");
  expect(importsOf("bench/reference-list-route.tsx").map(layerOf)).toEqual(expect.arrayContaining(["features", "components", "bench"]));
  // One planted violation of each rule.
  const planted: [string, string][] = [
    ["app/platform/jobs/job-runner.server.ts", "app/features/products/products.server.ts"],
    ["app/platform/images/images.server.ts", "app/routes/public/list.tsx"],
    ["app/platform/search/search-page.server.ts", "app/components/pager.tsx"],
    ["app/db/schema.ts", "app/platform/auth/auth.server.ts"],
    ["app/db/client.server.ts", "app/features/users/users.server.ts"],
    ["app/lib/format.ts", "app/db/client.server.ts"],
    ["app/lib/format.ts", "app/platform/mail/mail.server.ts"],
    ["app/components/pager.tsx", "app/features/products/products.server.ts"],
    ["content/demo/demo-types.ts", "app/features/wholesalers/wholesaler-terms.ts"],
    ["app/features/products/products.server.ts", "app/routes/products/products.tsx"],
    ["app/features/wholesalers/wholesaler-card.tsx", "app/features/favorites/favorite-button.tsx"],
    ["app/lib/format.ts", "tests/test-database.ts"],
  ];
  for (const [file, target] of planted) expect(wrongImport(file, target), `${file} → ${target}`).not.toBeNull();
  expect(wrongImport("app/features/directory/wholesaler-card-actions.tsx", "app/features/favorites/favorite-button.tsx")).toBeNull();
  expect(wrongImport("app/platform/images/images.server.ts", "app/db/client.server.ts")).toBeNull();
});

/**
 * The test lanes (docs/decisions/0047): vitest.config.ts puts a file in the `data` lane when it opens a database
 * through tests/test-database.ts. A file that opened one only by itself would run in `unit` (no migrated copy, no
 * PostgreSQL run): every test file that opens a database also uses those helpers.
 */
test("a test that opens a database is in the data lane", () => {
  const testFiles = fs
    .globSync(["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts", "content/**/*.test.ts"])
    .filter((file) => !file.includes("node_modules"));
  expect(testFiles.length).toBeGreaterThan(50);
  const opensItself = /\b(?:openDatabase\(|new PGlite\()/;
  const inDataLane = /\b(?:withTestDatabase|openFreshDatabase|createPostgresDatabase)\(/;
  const outside = testFiles.filter((file) => {
    const text = fs.readFileSync(file, "utf8");
    return opensItself.test(text) && !inDataLane.test(text);
  });
  expect(outside).toEqual([]);
});

/**
 * Route tests beside their routes (docs/testing.md): a test that calls a page's loader or action, through
 * tests/routes.ts or by importing a route module, is under app/routes/, so a feature's tests stay on the feature's
 * floor and a page's tests sit one folder from the page.
 */
const drivesRoutes = /from "(?:#tests\/routes\.ts|#app\/routes\/[^"]+|(?:\.\.\/)+routes\/[^"]+)"/;
function routeTestsOutsideRoutes(files: string[], read = (file: string) => fs.readFileSync(file, "utf8")) {
  return files.filter((file) => !file.startsWith("app/routes/") && drivesRoutes.test(read(file)));
}

test("a test that drives a route sits under app/routes/", () => {
  const testFiles = fs.globSync(["app/**/*.test.{ts,tsx}"]);
  const routeTests = testFiles.filter((file) => file.startsWith("app/routes/"));
  expect(routeTests.length).toBeGreaterThan(20);
  expect(routeTestsOutsideRoutes(testFiles)).toEqual([]);
  // The rule sees one when there is one.
  const planted = { "app/features/notes/x.test.ts": 'import { callLoader } from "#tests/routes.ts";' } as Record<string, string>;
  expect(routeTestsOutsideRoutes(Object.keys(planted), (file) => planted[file]!)).toEqual(["app/features/notes/x.test.ts"]);
});

/** Feature folders each feature's files import (test files aside), for the rule below. */
function featureArrows(): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>();
  for (const file of appFiles) {
    const from = featureOf(file);
    if (!from) continue;
    for (const target of importsOf(file)) {
      const to = featureOf(target);
      if (to && to !== from) arrows.set(from, (arrows.get(from) ?? new Set()).add(to));
    }
  }
  return arrows;
}

/**
 * Inside app/features the imports run one way too (docs/decisions/0051): no two feature folders import each other,
 * and no longer circle closes through several. Where two features must meet after a change, one follows the other
 * through a hook the lower one offers (a supplier's change history hands each change to its followers).
 */
test("no circle between feature folders", () => {
  const arrows = featureArrows();
  expect(arrows.size).toBeGreaterThan(10);
  const circles: string[] = [];
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of arrows.get(at) ?? []) {
      if (next === start) circles.push([...path, next].join(" → "));
      else if (!path.includes(next) && next > start) walk(start, next, [...path, next]);
    }
  };
  for (const start of arrows.keys()) walk(start, start, [start]);
  expect(circles).toEqual([]);
});
