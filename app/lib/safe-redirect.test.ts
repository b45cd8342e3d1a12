import { expect, test } from "vitest";
import { readLines } from "#tests/corpora.ts";
import { safeRedirectPath } from "./safe-redirect.ts";

const ORIGIN = "https://domae.example";
const stays = (target: string) => new URL(safeRedirectPath(target, "/add"), ORIGIN).origin === ORIGIN;

test("paths on this site are followed as given", () => {
  expect(safeRedirectPath("/edit/3?x=1#top", "/add")).toBe("/edit/3?x=1#top");
  expect(safeRedirectPath("/sellernote", "/add")).toBe("/sellernote");
  expect(safeRedirectPath(undefined, "/add")).toBe("/add");
});

test("our own tricky targets fall back to the default", () => {
  for (const evil of ["//evil.com", "https://evil.com", "https:evil.com", "/\\evil.com", "/\t/evil.com", "/%2F%2Fevil.com", "/%5Cevil.com", "javascript:alert(1)", " /x", "\\\\evil.com"]) {
    expect(safeRedirectPath(evil, "/add"), evil).toBe("/add");
  }
});

test("every open-redirect payload of the shared corpora stays on this site", () => {
  const payloads = [
    ...readLines("urls/patt-Open-Redirect-payloads.txt"),
    ...readLines("urls/patt-openredirects.txt"),
    ...readLines("urls/patt-open_redirect_wordlist.txt"),
  ];
  for (const payload of payloads) {
    expect(stays(payload), payload).toBe(true);
    // Browsers drop tabs and newlines and read backslashes as slashes: check what they would follow.
    const asBrowserReads = safeRedirectPath(payload, "/add").replace(/[\t\n\r]/g, "").replace(/\\/g, "/");
    expect(new URL(asBrowserReads, ORIGIN).origin, payload).toBe(ORIGIN);
  }
});
