import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { hasValidCheckDigit } from "#app/lib/business-number.ts";
import { type PageFacts, readPageFacts } from "./page-facts.ts";

/**
 * The footer reader on real footers: short excerpts of public pages and shop-builder skins, each labelled by hand
 * with what a careful person reads as the shop's own numbers and 상호 (tests/fixtures/footers/README.md). One case per
 * page, named by its file and source, so the report lists every page. A page the reader is known to misread keeps its
 * hand label as the truth and says why in `knownMiss`; it is run as an expected failure and listed apart.
 */

const FOLDER = path.resolve("tests/fixtures/footers");
const LABELS = path.join(FOLDER, "labels.json");
const MINIMUM_PAGES = 30;

type Label = {
  file: string;
  source: { repo: string; path: string; commit: string; licence: string };
  expected: PageFacts;
  note?: string;
  knownMiss?: string;
};

const labels: Label[] = fs.existsSync(LABELS) ? (JSON.parse(fs.readFileSync(LABELS, "utf8")) as Label[]) : [];
const caseName = (label: Label) => `${label.file} (${label.source.repo}/${label.source.path})`;
const read = (label: Label) => readPageFacts(fs.readFileSync(path.join(FOLDER, label.file), "utf8"));

describe("the corpus of real footers", () => {
  test(`is there: the folder, labels.json and at least ${MINIMUM_PAGES} labelled pages`, () => {
    expect(fs.existsSync(FOLDER), `${FOLDER} is missing`).toBe(true);
    expect(fs.existsSync(LABELS), `${LABELS} is missing`).toBe(true);
    expect(labels.length).toBeGreaterThanOrEqual(MINIMUM_PAGES);
  });

  test("every page has one label, every label a page, a source and a well-formed answer", () => {
    const pages = fs.existsSync(FOLDER) ? fs.readdirSync(FOLDER).filter((name) => name.endsWith(".html")) : [];
    expect(labels.map((label) => label.file).sort()).toEqual(pages.sort());
    expect(new Set(labels.map((label) => label.file)).size).toBe(labels.length);
    for (const { file, source, expected, knownMiss } of labels) {
      expect(source.repo, file).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(source.path, file).not.toBe("");
      expect(source.commit, file).toMatch(/^[0-9a-f]{40}$/);
      expect(source.licence, file).not.toBe("");
      expect(Object.keys(expected).sort(), file).toEqual(["businessNumber", "mailOrderNumber", "tradeName"]);
      if (expected.businessNumber !== null) expect(hasValidCheckDigit(expected.businessNumber), file).toBe(true);
      if (expected.mailOrderNumber !== null) expect(expected.mailOrderNumber, file).toMatch(/^\d{4}-[가-힣A-Za-z]{2,12}-\d{1,6}$/);
      if (knownMiss !== undefined) expect(knownMiss.trim(), `${file}: a known miss says why`).not.toBe("");
    }
  });
});

describe("the reader on each real footer", () => {
  const readRight = labels.filter((label) => label.knownMiss === undefined);
  const knownMisses = labels.filter((label) => label.knownMiss !== undefined);

  test.each(readRight.map((label) => [caseName(label), label] as const))("%s", (_name, label) => {
    expect(read(label)).toEqual(label.expected);
  });

  // Listed apart, so a fix that makes one pass shows (the expected failure then fails) and its knownMiss is removed.
  if (knownMisses.length > 0) {
    test.fails.each(knownMisses.map((label) => [`${caseName(label)}, known miss: ${label.knownMiss}`, label] as const))(
      "%s",
      (_name, label) => {
        expect(read(label)).toEqual(label.expected);
      },
    );
  }
});
