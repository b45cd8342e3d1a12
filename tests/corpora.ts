import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

/**
 * The shared attack and bad-input corpora, found only through CORPORA_DIR (scripts/test-all.sh sets it when
 * the workplace's corpus folder exists). Without them every corpus test runs the project's own representative
 * cases instead, so no test passes with nothing checked.
 */
export const corporaDir = process.env.CORPORA_DIR ? path.resolve(process.env.CORPORA_DIR) : "";
export const hasCorpora = corporaDir !== "" && fs.existsSync(corporaDir);

export function readLines(relative: string): string[] {
  if (!hasCorpora) return [];
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
  if (!hasCorpora || !fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".txt"))
    .flatMap((f) => readLines(path.join("sqli", f)));
}

export function naughtyStrings(): string[] {
  const file = path.join(corporaDir, "bad-input/blns.json");
  return hasCorpora && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as string[]) : [];
}

/** Every XSS corpus, one entry per file (plain lines, a gzipped list, OWASP's JSON lines). */
export function xssCorpora(): { file: string; payloads: string[] }[] {
  const dir = path.join(corporaDir, "xss");
  if (!hasCorpora || !fs.existsSync(dir)) return [];
  const out: { file: string; payloads: string[] }[] = [];
  for (const file of fs.readdirSync(dir).sort()) {
    const full = path.join(dir, file);
    const lines = (text: string) => text.split("\n").filter((line) => line.trim());
    if (file.endsWith(".txt") && file !== "SOURCE.txt") out.push({ file, payloads: lines(fs.readFileSync(full, "utf8")) });
    else if (file.endsWith(".txt.gz")) out.push({ file, payloads: lines(gunzipSync(fs.readFileSync(full)).toString("utf8")) });
    else if (file.endsWith(".jsonl")) {
      out.push({
        file,
        payloads: lines(fs.readFileSync(full, "utf8")).map((line) => String((JSON.parse(line) as { vector: unknown }).vector ?? "")),
      });
    }
  }
  return out;
}

/** Our own XSS cases: tags, handlers, schemes, encodings and parser confusions. */
export const OWN_XSS = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "<IMG SRC=\"javascript:alert('XSS');\">",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  '<BODY ONLOAD=alert("XSS")>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  "<svg><script>alert(1)</script></svg>",
  '<svg onload="alert(1)">',
  '<iframe src="https://evil.example"></iframe>',
  "<object data=javascript:alert(1)>",
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  "<style>@import 'https://evil.example/x.css';</style>",
  '<form action="https://evil.example"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "<base href=https://evil.example/>",
  '"><script>alert(document.cookie)</script>',
  "<<SCRIPT>alert(1)//<</SCRIPT>",
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<a href=" javascript:alert(1)">x</a>',
];

/** Our own open-redirect cases: schemes, slashes, backslashes, encodings and dot segments. */
export const OWN_REDIRECTS = [
  "//evil.com",
  "https://evil.com",
  "http:evil.com",
  "/\\evil.com",
  "\\\\evil.com",
  "/\t/evil.com",
  "/%2F%2Fevil.com",
  "/%5Cevil.com",
  "/..//evil.example",
  "/.//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "//evil.com/%2F..",
  "javascript:alert(1)",
  "〱evil.com",
  "/〱evil.com",
  "https:/evil.com",
];

/** Our own dangerous link values: every scheme that is not http(s), and addresses without a scheme or host. */
export const OWN_DANGEROUS_URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "ftp://example.com/a",
  "//evil.com/x",
  "/relative/path",
  "mailto:a@b.c",
  "blob:https://example.com/uuid",
];

/** Our own cases: quoting, comments, wildcards, encodings, control characters, huge and odd Unicode. */
export const OWN_BAD_INPUTS = [
  "'",
  '"',
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
export const LEAK_PATTERN =
  /syntax error|SQLSTATE|relation "|column "|invalid input syntax|PGlite|drizzle|DatabaseError|node_modules|\n\s+at [\w.<>]+ \(/i;
