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

test("actions read forms only through the form kit's size-limited reader", () => {
  const readers = appFiles.filter((file) => /\.formData\(\)/.test(fs.readFileSync(file, "utf8")));
  expect(readers.length).toBeGreaterThan(0);
  expect(readers).toEqual([path.join("app", "lib", "form.server.ts")]);
});


/** Where each import of an app file points: `#app/…`, `#content/…` and relative paths, resolved to a repository path. */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const specifiers = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(
    (match) => match[1] ?? match[2] ?? "",
  );
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith("#")) return [specifier.slice(1).replace(/^app\//, "app/")];
    if (specifier.startsWith(".")) return [path.normalize(path.join(path.dirname(file), specifier))];
    return [];
  });
}

const layerOf = (target: string) => target.split(path.sep).join("/").match(/^app\/(lib|components|features|routes|db)\//)?.[1] ?? (target.startsWith("app/") ? "app" : target.split("/")[0]!);

test("imports flow one way: routes → features → components and lib → db, and nothing in app/ imports bench/ or tests/", () => {
  const forbidden: Record<string, string[]> = {
    lib: ["features", "routes"],
    components: ["features", "routes"],
    db: ["features", "routes", "components"],
    features: ["routes"],
  };
  const wrong: string[] = [];
  let checked = 0;
  for (const file of appFiles) {
    const from = layerOf(file);
    for (const target of importsOf(file)) {
      checked++;
      const to = layerOf(target);
      if (forbidden[from]?.includes(to) || to === "bench" || to === "tests") wrong.push(`${file} → ${target}`);
    }
  }
  expect(checked).toBeGreaterThan(500);
  expect(wrong).toEqual([]);
});

test("the direction check sees a wrong import when there is one", () => {
  expect(layerOf("app/lib/form.server.ts")).toBe("lib");
  expect(layerOf("app/features/products/products.server.ts")).toBe("features");
  expect(layerOf("bench/catalogue-generator.ts")).toBe("bench");
  expect(importsOf("bench/reference-list-route.tsx").map(layerOf)).toEqual(expect.arrayContaining(["features", "components", "bench"]));
});
