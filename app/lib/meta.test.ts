import { describe, expect, it } from "vitest";
import { canonicalUrl, pageMeta } from "./meta.ts";

const at = (path: string, origin: string | null = "https://domae.example") => {
  const url = new URL(path, "http://ignored.example");
  return {
    location: { pathname: url.pathname, search: url.search },
    matches: [{ id: "root", loaderData: origin ? { origin } : {} }, { id: "routes/x" }],
  };
};
const tag = (tags: ReturnType<typeof pageMeta>, property: string) =>
  tags.filter((t) => ("property" in t && t.property === property) || ("rel" in t && t.rel === property));

describe("canonicalUrl", () => {
  it("keeps only the named query parameters, in the named order, and drops empty ones", () => {
    const location = { pathname: "/list", search: "?sort=name&page=2&category=%EC%9D%98%EB%A5%98&q=" };
    expect(canonicalUrl("https://domae.example", location)).toBe("https://domae.example/list");
    expect(canonicalUrl("https://domae.example", location, ["category", "q", "page"])).toBe(
      "https://domae.example/list?category=%EC%9D%98%EB%A5%98&page=2",
    );
  });
});

describe("pageMeta", () => {
  it("gives a public page one canonical link, og:url and the default og:image as absolute addresses", () => {
    const tags = pageMeta({ title: "로그인", description: "설명" }, at("/login?redirectTo=%2Fadd"));
    expect(tag(tags, "canonical")).toEqual([{ tagName: "link", rel: "canonical", href: "https://domae.example/login" }]);
    expect(tag(tags, "og:url")).toEqual([{ property: "og:url", content: "https://domae.example/login" }]);
    expect(tag(tags, "og:image")).toEqual([{ property: "og:image", content: "https://domae.example/og-image.png" }]);
    expect(tag(tags, "og:image:width")[0]).toEqual({ property: "og:image:width", content: "1200" });
    expect(tag(tags, "og:title")[0]).toEqual({ property: "og:title", content: "로그인 | 도매온" });
  });

  it("uses a page's own picture and a loader's canonical address when it has them", () => {
    const tags = pageMeta(
      { title: "도매처", description: "설명", image: "https://cdn.example/logo.png", url: "https://domae.example/sellernote/7" },
      at("/sellernote/007"),
    );
    expect(tag(tags, "og:image")).toEqual([{ property: "og:image", content: "https://cdn.example/logo.png" }]);
    expect(tag(tags, "og:image:width")).toEqual([]);
    expect(tag(tags, "canonical")[0]).toMatchObject({ href: "https://domae.example/sellernote/7" });
  });

  it("leaves the address tags out where it cannot know the origin (no meta arguments, or an error page)", () => {
    for (const tags of [
      pageMeta({ title: "관리", description: "관리자 페이지" }),
      pageMeta({ title: "오류", description: "" }, at("/x", null)),
    ]) {
      expect(tag(tags, "canonical")).toEqual([]);
      expect(tag(tags, "og:url")).toEqual([]);
      expect(tag(tags, "og:image")).toEqual([]);
    }
  });
});
