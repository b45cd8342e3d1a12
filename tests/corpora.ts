import fs from "node:fs";
import path from "node:path";

/**
 * The shared attack and bad-input corpora (../shared/corpora, or CORPORA_DIR), when present; the project's
 * own representative cases always run, so the suite passes on a machine without the folder.
 */
export const corporaDir = path.resolve(process.env.CORPORA_DIR || "../shared/corpora");
export const hasCorpora = fs.existsSync(corporaDir);

export function readLines(relative: string): string[] {
  const file = path.join(corporaDir, relative);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.replace(/\r$/, ""))
    .filter((line) => line.length > 0);
}

export function sqlInjectionPayloads(): string[] {
  const dir = path.join(corporaDir, "sqli");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".txt"))
    .flatMap((f) => readLines(path.join("sqli", f)));
}

export function naughtyStrings(): string[] {
  const file = path.join(corporaDir, "bad-input/blns.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as string[]) : [];
}

/** Our own cases: quoting, comments, wildcards, encodings, control characters, huge and odd Unicode. */
export const OWN_BAD_INPUTS = [
  "'",
  "\"",
  "' OR '1'='1",
  "1; DROP TABLE products; --",
  "%",
  "_",
  "%_%",
  "\\",
  "\u0000",
  "\u202e역방향",
  "ㄷㅁ' --",
  "𝕳𝖊𝖑𝖑𝖔",
  "👩‍👩‍👧‍👦",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "NaN",
  "가".repeat(5000),
];

/** Text that would only appear if a database or runtime error leaked into a response. */
export const LEAK_PATTERN = /syntax error|SQLSTATE|relation "|column "|invalid input syntax|PGlite|drizzle|DatabaseError|node_modules|\n\s+at [\w.<>]+ \(/i;
