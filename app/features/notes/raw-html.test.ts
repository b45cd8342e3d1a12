import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/** security-checklist 2: the sanitised note body is the only raw-HTML render in the app. */
const RAW_HTML = /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.(ts|tsx|js|jsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

test("dangerouslySetInnerHTML appears exactly once in app/, in the note body", () => {
  const root = path.resolve(process.cwd(), "app");
  const hits = sourceFiles(root).flatMap((file) => {
    const text = fs.readFileSync(file, "utf8");
    return [...text.matchAll(RAW_HTML)].map((m) => `${path.relative(process.cwd(), file)}: ${m[0]}`);
  });
  expect(hits).toEqual(["app/features/notes/note-body.tsx: dangerouslySetInnerHTML"]);
});
