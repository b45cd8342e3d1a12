// node scripts/font-fallback-metrics.ts [--fonts-root DIR] [--write]
//
// Computes the metric-matched fallback faces for Pretendard (app/font-fallback.css): for each fallback font,
// size-adjust = Pretendard's average advance ÷ the fallback's, weighted by how often each character occurs
// in the site's own text (the demo content and the guides), and Pretendard's ascent, descent and line gap
// re-expressed for the adjusted fallback. Reads the real font files: Pretendard from node_modules, the
// fallbacks from Debian's packages (fonts-noto-cjk, fonts-nanum, fonts-liberation; `--fonts-root` points at
// a folder they were unpacked into with `dpkg-deb -x`, default /). Prints the numbers; --write also writes
// app/font-fallback.css and docs/font-fallback-metrics.json. See docs/decisions/0017-font-fallback-metrics.md.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as fontkit from "fontkit";

const { values } = parseArgs({ options: { "fonts-root": { type: "string", default: "/" }, write: { type: "boolean", default: false } } });
const root = values["fonts-root"];

type Face = { weight: 400 | 700; file: string; postscriptName?: string };
type Fallback = {
  family: string;
  local: Record<400 | 700, string[]>;
  faces: Face[];
  note: string;
  /** The characters the face is used for (CSS unicode-range, and the characters its numbers are weighted on). */
  unicodeRange?: string;
  covers?: (cp: number) => boolean;
};

const isHangul = (cp: number) => (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f);
const LIBERATION: Face[] = [
  { weight: 400, file: "usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf" },
  { weight: 700, file: "usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf" },
];
const ARIAL_NAMES: Record<400 | 700, string[]> = {
  400: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo"],
  700: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold", "Arimo Bold"],
};

const PRETENDARD: Face[] = [
  { weight: 400, file: "node_modules/pretendard/dist/public/static/Pretendard-Regular.otf" },
  { weight: 700, file: "node_modules/pretendard/dist/public/static/Pretendard-Bold.otf" },
];

/** In the order of the font-family stack (app/app.css); the first one a machine has is used. */
const FALLBACKS: Fallback[] = [
  {
    family: "Pretendard Fallback Noto",
    note: "Noto Sans CJK KR / Noto Sans KR (Android, most Linux desktops; same Hangul and vertical metrics)",
    local: {
      400: [
        "Noto Sans CJK KR",
        "NotoSansCJKkr-Regular",
        "Noto Sans CJK KR Regular",
        "Noto Sans KR",
        "NotoSansKR-Regular",
        "Noto Sans KR Regular",
      ],
      700: ["Noto Sans CJK KR Bold", "NotoSansCJKkr-Bold", "Noto Sans KR Bold", "NotoSansKR-Bold"],
    },
    faces: [
      { weight: 400, file: "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", postscriptName: "NotoSansCJKkr-Regular" },
      { weight: 700, file: "usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", postscriptName: "NotoSansCJKkr-Bold" },
    ],
  },
  {
    family: "Pretendard Fallback Nanum",
    note: "NanumGothic (installed on many Korean PCs and Linux machines)",
    local: { 400: ["NanumGothic", "나눔고딕"], 700: ["NanumGothic Bold", "NanumGothicBold", "나눔고딕 Bold"] },
    faces: [
      { weight: 400, file: "usr/share/fonts/truetype/nanum/NanumGothic.ttf" },
      { weight: 700, file: "usr/share/fonts/truetype/nanum/NanumGothicBold.ttf" },
    ],
  },
  {
    family: "Pretendard Fallback Boxes",
    note: "A machine with no Korean font at all (these Debian test machines, where Lighthouse runs): Chromium draws Hangul as the empty-box (.notdef) glyph of this face's font, and its size-adjust makes the boxes as wide as Pretendard's syllables, so the lines do not change when Pretendard arrives. Only Hangul (unicode-range), and after every Korean font in the stack, so a machine with one never uses it.",
    local: ARIAL_NAMES,
    faces: LIBERATION,
    unicodeRange: "U+1100-11FF, U+3130-318F, U+AC00-D7A3",
    covers: isHangul,
  },
  {
    family: "Pretendard Fallback",
    note: "Arial / Liberation Sans / Arimo (metric-compatible) for everything but Hangul, on a machine whose stack reaches no Korean font with a face above.",
    local: ARIAL_NAMES,
    faces: LIBERATION,
    covers: (cp) => !isHangul(cp),
  },
];

/** How often each character occurs in the text the pages show: the string literals of content/ that hold Hangul. */
function characterWeights() {
  const counts = new Map<number, number>();
  const files: string[] = [];
  for (const dir of ["content/demo", "content/guides"]) {
    for (const name of fs.readdirSync(dir)) if (name.endsWith(".ts")) files.push(path.join(dir, name));
  }
  for (const file of files) {
    const source = fs.readFileSync(file, "utf8");
    for (const [, text] of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|`([^`]*)`/g)) {
      if (!text || !/[가-힣]/.test(text)) continue;
      for (const ch of text.replace(/\\n/g, " ").replace(/<[^>]+>/g, "")) {
        const cp = ch.codePointAt(0) ?? 0;
        if (cp < 0x20 || ch === "\\") continue;
        counts.set(cp, (counts.get(cp) ?? 0) + 1);
      }
    }
  }
  return counts;
}

type FontkitFont = {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  postscriptName: string;
  "OS/2": { fsSelection: { useTypoMetrics?: boolean }; typoAscender: number; typoDescender: number; typoLineGap: number };
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number };
  getGlyph(id: number): { advanceWidth: number };
};

function open(face: Face, base: string): FontkitFont {
  const opened = fontkit.openSync(path.join(base, face.file), face.postscriptName) as unknown as FontkitFont;
  if (!opened.unitsPerEm) throw new Error(`${face.file}: no font ${face.postscriptName ?? ""}`);
  return opened;
}

/** Average advance in em, weighted by the text; a character the font lacks counts as its .notdef (what Chromium draws). */
function averageAdvance(font: FontkitFont, weights: Map<number, number>) {
  let total = 0;
  let sum = 0;
  let missing = 0;
  const notdef = font.getGlyph(0).advanceWidth;
  for (const [cp, n] of weights) {
    const glyph = font.glyphForCodePoint(cp);
    const advance = glyph.id === 0 ? notdef : glyph.advanceWidth;
    if (glyph.id === 0) missing += n;
    sum += advance * n;
    total += n;
  }
  return { em: sum / total / font.unitsPerEm, missingShare: missing / total };
}

/** The vertical metrics a browser lays out with: OS/2 typo metrics when the font asks for them, hhea otherwise. */
function verticalMetrics(font: FontkitFont) {
  const os2 = font["OS/2"];
  const typo = os2?.fsSelection?.useTypoMetrics;
  const [ascent, descent, lineGap] = typo
    ? [os2.typoAscender, os2.typoDescender, os2.typoLineGap]
    : [font.ascent, font.descent, font.lineGap];
  return { ascent: ascent / font.unitsPerEm, descent: Math.abs(descent) / font.unitsPerEm, lineGap: lineGap / font.unitsPerEm };
}

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

const weights = characterWeights();
const hangulShare =
  [...weights].filter(([cp]) => cp >= 0xac00 && cp <= 0xd7a3).reduce((a, [, n]) => a + n, 0) /
  [...weights.values()].reduce((a, n) => a + n, 0);
const results = [];
for (const fallback of FALLBACKS) {
  for (const face of fallback.faces) {
    const pretendardFace = PRETENDARD.find((p) => p.weight === face.weight)!;
    const pretendard = open(pretendardFace, ".");
    const font = open(face, root);
    const covered = new Map([...weights].filter(([cp]) => fallback.covers?.(cp) ?? true));
    const p = averageAdvance(pretendard, covered);
    const f = averageAdvance(font, covered);
    const sizeAdjust = p.em / f.em;
    const v = verticalMetrics(pretendard);
    results.push({
      family: fallback.family,
      weight: face.weight,
      font: font.postscriptName,
      local: fallback.local[face.weight],
      unicodeRange: fallback.unicodeRange,
      pretendardAverageEm: Number(p.em.toFixed(4)),
      fallbackAverageEm: Number(f.em.toFixed(4)),
      fallbackMissingShare: Number(f.missingShare.toFixed(4)),
      sizeAdjust: percent(sizeAdjust),
      ascentOverride: percent(v.ascent / sizeAdjust),
      descentOverride: percent(v.descent / sizeAdjust),
      lineGapOverride: percent(v.lineGap / sizeAdjust),
    });
  }
}

console.log(
  `${[...weights.values()].reduce((a, n) => a + n, 0)} characters of site text, ${weights.size} distinct, ${(hangulShare * 100).toFixed(1)} % Hangul syllables`,
);
console.table(results.map(({ local: _local, unicodeRange: _range, ...r }) => r));

if (values.write) {
  const css = [
    "/* Generated by scripts/font-fallback-metrics.ts from the real font files: do not edit by hand. */",
    "/* Fallback faces with Pretendard's metrics, so text laid out before Pretendard arrives keeps its lines (no layout shift). */",
    ...results.map((r) =>
      [
        "@font-face {",
        `  font-family: "${r.family}";`,
        `  src: ${r.local.map((name) => `local("${name}")`).join(", ")};`,
        `  font-weight: ${r.weight};`,
        ...(r.unicodeRange ? [`  unicode-range: ${r.unicodeRange};`] : []),
        `  size-adjust: ${r.sizeAdjust};`,
        `  ascent-override: ${r.ascentOverride};`,
        `  descent-override: ${r.descentOverride};`,
        `  line-gap-override: ${r.lineGapOverride};`,
        "}",
      ].join("\n"),
    ),
  ].join("\n");
  fs.writeFileSync("app/font-fallback.css", `${css}\n`);
  fs.writeFileSync(
    "docs/font-fallback-metrics.json",
    `${JSON.stringify({ characters: [...weights.values()].reduce((a, n) => a + n, 0), hangulShare: Number(hangulShare.toFixed(4)), notes: Object.fromEntries(FALLBACKS.map((f) => [f.family, f.note])), faces: results }, null, 2)}\n`,
  );
  console.log("wrote app/font-fallback.css and docs/font-fallback-metrics.json");
}
