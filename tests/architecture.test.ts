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

