import { parseFeed } from "@rowanmanning/feed-parser";
import { eq, sql } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { sellerNotes, supplierNews, wholesalers } from "#app/db/schema.ts";
import { newsOfChange, newsWords } from "#app/features/updates/update-kinds.ts";
import { listUpdates } from "#app/features/updates/updates.server.ts";
import { UNKNOWN_TERMS } from "#app/features/wholesalers/wholesaler-terms.ts";
import { createWholesaler, deleteWholesaler, publishWholesaler, updateWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { meta as notesMeta } from "#app/routes/notes/note-list.tsx";
import { meta as updatesMeta } from "#app/routes/public/updates.tsx";
import { asResponse, getRequest } from "#tests/request.ts";
import { callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const base = { contact: "", logoUrl: "", summary: "" };
const sites = new Map<string, number>();
const siteOf = (name: string) => sites.get(name) ?? sites.set(name, sites.size + 1).get(name)!;
const input = (name: string, category = "의류", extra: Partial<typeof base> = {}) => ({
  ...base,
  ...extra,
  name,
  category,
  siteUrl: `https://shop${siteOf(name)}.example.com/`,
});
const news = () => db().select().from(supplierNews);

beforeEach(async () => {
  await db().delete(wholesalers);
  await db().delete(sellerNotes);
});

describe("what counts as news", () => {
  test("a supplier created published, one published after review, and a term set to a known value; not a term made unknown", () => {
    expect(newsOfChange({ action: "create", changes: [{ field: "status", before: "", after: "published" }] })).toEqual({
      isNew: true,
      terms: [],
    });
    expect(newsOfChange({ action: "create", changes: [{ field: "status", before: "", after: "review" }] })).toBeNull();
    expect(newsOfChange({ action: "update", changes: [{ field: "status", before: "review", after: "published" }] })?.isNew).toBe(true);
    expect(
      newsOfChange({
        action: "update",
        changes: [
          { field: "dropshipping", before: "", after: "yes" },
          { field: "shippingFeeVaries", before: "false", after: "true" },
          { field: "returns", before: "yes", after: "" },
          { field: "summary", before: "", after: "새 소개" },
        ],
      }),
    ).toEqual({ isNew: false, terms: ["dropshipping", "shippingFee"] });
    expect(newsOfChange({ action: "update", changes: [{ field: "returns", before: "yes", after: "" }] })).toBeNull();
    expect(newsOfChange({ action: "delete", changes: [{ field: "status", before: "published", after: "" }] })).toBeNull();
    expect(newsWords({ isNew: true, terms: ["shippingFee", "dropshipping"] })).toBe("새 도매처 · 조건 확인: 위탁 판매, 배송비");
  });
});

describe("the follower and /updates", () => {
  test("a new supplier, a term confirmed and a publication each leave news in the write's transaction; a waiting supplier none", async () => {
    const fresh = await createWholesaler(input("새옷도매"));
    const [row] = await news();
    expect(row).toMatchObject({ wholesalerId: fresh, terms: [], unmatched: true });
    expect(row!.newAt).not.toBeNull();

    // A waiting supplier (an import's 검토 대기) has no news until it is published.
    const [waiting] = await db().insert(wholesalers).values({ name: "대기몰", category: "의류", status: "review" }).returning();
    expect((await news()).map((n) => n.wholesalerId)).toEqual([fresh]);
    await publishWholesaler(waiting!.id);
    expect((await news()).map((n) => n.wholesalerId).sort()).toEqual([fresh, waiting!.id].sort());

    await db().update(supplierNews).set({ unmatched: false });
    await updateWholesaler(fresh, input("새옷도매"), { terms: { ...UNKNOWN_TERMS, dropshipping: "yes" } });
    const [confirmed] = await db().select().from(supplierNews).where(eq(supplierNews.wholesalerId, fresh));
    expect(confirmed).toMatchObject({ terms: ["dropshipping"], unmatched: true });
    expect(confirmed!.termsAt).not.toBeNull();
    // A later confirmation within 30 days adds its terms to the earlier ones.
    await updateWholesaler(fresh, input("새옷도매"), { terms: { ...UNKNOWN_TERMS, dropshipping: "yes", returns: "yes" } });
    const [both] = await db().select().from(supplierNews).where(eq(supplierNews.wholesalerId, fresh));
    expect(both!.terms).toEqual(["dropshipping", "returns"]);

    // A change that rolls back leaves nothing: the news row goes with the supplier.
    await deleteWholesaler(fresh);
    expect((await news()).map((n) => n.wholesalerId)).toEqual([waiting!.id]);
  });

  test("/updates: the last 30 days, newest first, one chip's, paged; older news and waiting suppliers are left out", async () => {
    const clothes = await createWholesaler(input("의류몰"));
    const food = await createWholesaler(input("식품몰", "식품"));
    const old = await createWholesaler(input("오래된몰"));
    await db()
      .update(supplierNews)
      .set({ newsAt: sql`now() - interval '31 days'`, newAt: sql`now() - interval '31 days'` })
      .where(eq(supplierNews.wholesalerId, old));
    await db().update(supplierNews).set({ newsAt: sql`now() - interval '1 hour'` }).where(eq(supplierNews.wholesalerId, clothes));

    const all = await listUpdates();
    expect(all.items.map((item) => item.id)).toEqual([food, clothes]);
    expect(all.items[0]).toMatchObject({ isNew: true, terms: [] });
    expect((await listUpdates({ category: "의류" })).items.map((item) => item.id)).toEqual([clothes]);
    const paged = await listUpdates({ pageSize: 1, page: 2 });
    expect(paged).toMatchObject({ total: 2, pageCount: 2 });
    expect(paged.items.map((item) => item.id)).toEqual([clothes]);

    const page = asResponse(await callLoader(getRequest("/updates?category=%EC%8B%9D%ED%92%88"))).data as {
      category: string;
      items: { id: number; name: string }[];
      news: Record<number, string>;
    };
    expect(page.category).toBe("식품");
    expect(page.items.map((item) => item.name)).toEqual(["식품몰"]);
    expect(page.news[food]).toMatch(/^새 도매처 · \d{4}\. \d{2}\. \d{2}\.$/);
    // An unknown chip shows everything.
    const unknown = asResponse(await callLoader(getRequest("/updates?category=%3Cscript%3E"))).data as { category: string };
    expect(unknown.category).toBe("");
  });

  test("both pages name their Atom feed with <link rel=alternate>", () => {
    const links = (tags: unknown[]) =>
      (tags as Record<string, string>[]).filter(
        (tag) => tag.tagName === "link" && tag.rel === "alternate" && tag.type === "application/atom+xml",
      );
    const at = { location: { pathname: "/updates", search: "" }, matches: [] };
    expect(links(updatesMeta({ ...at, loaderData: { category: "의류" } } as never))[0]?.href).toBe(
      "/updates.xml?category=%EC%9D%98%EB%A5%98",
    );
    expect(links(updatesMeta({ ...at, loaderData: { category: "" } } as never))[0]?.href).toBe("/updates.xml");
    expect(links(notesMeta({ ...at, loaderData: { page: 1, canonical: "http://localhost:3000/sellernote" } } as never))[0]?.href).toBe(
      "/sellernote.xml",
    );
  });
});

/** The document as a strict XML parser and a feed reader read it. */
async function readFeed(path: string) {
  const response = (await callLoader(getRequest(path))) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const tree = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" || name === "link" }).parse(xml);
  return { xml, tree: tree.feed as Record<string, unknown> & { entry?: Record<string, unknown>[] }, feed: parseFeed(xml) };
}

/** What RFC 4287 requires of a feed and of each entry. */
function expectAtom(tree: Record<string, unknown> & { entry?: Record<string, unknown>[] }) {
  expect(tree["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
  for (const required of ["id", "title", "updated", "author"]) expect(tree[required], required).toBeDefined();
  expect(Date.parse(String(tree.updated))).not.toBeNaN();
  const rels = (tree.link as Record<string, string>[]).map((link) => link["@_rel"]);
  expect(rels).toEqual(["self", "alternate"]);
  for (const entry of tree.entry ?? []) {
    for (const required of ["id", "title", "updated", "link"]) expect(entry[required], required).toBeDefined();
    expect(String(entry.updated)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  }
}

describe("the Atom feeds", () => {
  test("/updates.xml: valid Atom, every value escaped (markup, quotes, ampersands, control characters)", async () => {
    const hostile = `<script>alert("x")</script> & 'quote' \u0001\u0008 끝`;
    await createWholesaler(input("평범몰", "의류", { summary: "양말 도매" }));
    await createWholesaler(input(hostile, "식품", { summary: "]]><evil/> &amp; <!-- -->" }));
    const { xml, tree, feed } = await readFeed("/updates.xml");
    expectAtom(tree);
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("<evil/>");
    expect(feed.meta).toEqual({ type: "atom", version: "1.0" });
    expect(feed.title).toBe("도매온 최근 업데이트");
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]!.title).toContain(`<script>alert("x")</script> & 'quote'`);
    expect(feed.items[0]!.title).toMatch(/끝: 새 도매처$/);
    // The document holds the text as it was: the XML parser reads `&amp;` back once (a feed reader then reads the
    // summary's text as HTML and decodes it again, as it would any feed's).
    const summary = tree.entry?.[0]?.summary as Record<string, string>;
    expect(summary["#text"]).toContain("]]><evil/> &amp; <!-- -->");
    expect(feed.items[0]!.description).toContain("]]><evil/>");
    expect(feed.items[1]!.url).toMatch(/^http:\/\/localhost:3000\/wholesaler\/\d+$/);

    const clothes = await readFeed("/updates.xml?category=%EC%9D%98%EB%A5%98");
    expectAtom(clothes.tree);
    expect(clothes.feed.items.map((item) => item.title)).toEqual(["평범몰: 새 도매처"]);
  });

  test("/updates.xml with no news is still a valid feed", async () => {
    const { tree, feed } = await readFeed("/updates.xml");
    expectAtom(tree);
    expect(feed.items).toEqual([]);
  });

  test("/sellernote.xml: the notes, newest first, each with its excerpt, escaped", async () => {
    await db()
      .insert(sellerNotes)
      .values([
        {
          title: "통신판매업 신고 <안내>",
          content: "<p>구청에 &amp; 온라인으로 신고합니다.</p>",
          createdAt: new Date("2026-11-01T00:00:00Z"),
        },
        { title: '반품 응대 "요령"', content: "<p>단순 변심 반품은 7일 안에</p>", createdAt: new Date("2026-11-20T00:00:00Z") },
      ]);
    const { tree, feed } = await readFeed("/sellernote.xml");
    expectAtom(tree);
    expect(feed.items.map((item) => item.title)).toEqual(['반품 응대 "요령"', "통신판매업 신고 <안내>"]);
    expect(feed.items[1]!.description).toBe("구청에 & 온라인으로 신고합니다.");
    expect(feed.items[1]!.url).toMatch(/\/sellernote\/\d+$/);
  });
});
