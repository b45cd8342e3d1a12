import { expect, test } from "vitest";
import { OWN_REDIRECTS, readLines } from "#tests/corpora.ts";
import { postedFromPage, safeRedirectPath } from "./safe-redirect.ts";

const ORIGIN = "https://domae.example";
const stays = (target: string) => new URL(safeRedirectPath(target, "/add"), ORIGIN).origin === ORIGIN;

test("paths on this site are followed as given", () => {
  expect(safeRedirectPath("/edit/3?x=1#top", "/add")).toBe("/edit/3?x=1#top");
  expect(safeRedirectPath("/sellernote", "/add")).toBe("/sellernote");
  expect(safeRedirectPath(undefined, "/add")).toBe("/add");
});

test("our own tricky targets fall back to the default", () => {
  for (const evil of [
    "//evil.com",
    "https://evil.com",
    "https:evil.com",
    "/\\evil.com",
    "/\t/evil.com",
    "/%2F%2Fevil.com",
    "/%5Cevil.com",
    "javascript:alert(1)",
    " /x",
    "\\\\evil.com",
    "/..//evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/./../..//evil.example/x",
  ]) {
    expect(safeRedirectPath(evil, "/add"), evil).toBe("/add");
  }
});

test("every open-redirect payload of the shared corpora stays on this site", () => {
  const payloads = [
    ...OWN_REDIRECTS,
    ...readLines("urls/patt-Open-Redirect-payloads.txt"),
    ...readLines("urls/patt-openredirects.txt"),
    ...readLines("urls/patt-open_redirect_wordlist.txt"),
  ];
  for (const payload of payloads) {
    expect(stays(payload), payload).toBe(true);
    // Browsers drop tabs and newlines and read backslashes as slashes: check what they would follow.
    const asBrowserReads = safeRedirectPath(payload, "/add")
      .replace(/[\t\n\r]/g, "")
      .replace(/\\/g, "/");
    expect(new URL(asBrowserReads, ORIGIN).origin, payload).toBe(ORIGIN);
  }
});

test("a form posted through React Router's data URL goes back to its page", () => {
  const back = (url: string) => postedFromPage(new Request(`${ORIGIN}${url}`, { method: "POST" }), "/fallback");
  expect(back("/admin/reports.data?page=2")).toBe("/admin/reports?page=2");
  expect(back("/admin/reports?page=2")).toBe("/admin/reports?page=2");
  expect(back("/_root.data?index")).toBe("/");
  expect(back("/admin/site-checks.data?_routes=routes%2Fadmin%2Fsite-checks")).toBe("/admin/site-checks");
});
