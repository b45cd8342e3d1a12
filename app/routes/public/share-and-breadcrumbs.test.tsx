import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { sellerNotes } from "#app/db/schema.ts";
import { guides } from "#content/guides/all-guides.ts";
import { createSupplier } from "#tests/factories.ts";
import { asResponse, getRequest } from "#tests/request.ts";
import { callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

type Crumb = { name: string; path: string };
type WithTrail = {
  trail: Crumb[] | null;
  breadcrumbs: { "@type": string; itemListElement: { name: string; item: string; position: number }[] } | null;
};

async function page(path: string) {
  const response = asResponse(await callLoader(getRequest(path)));
  expect(response.status, path).toBe(200);
  return response.data as WithTrail & Record<string, unknown>;
}

/** The page as a visitor gets it (these pages are sent without React: what the server draws is all there is). */
async function render(file: string, data: unknown, params: Record<string, string> = {}) {
  const module = (await import(`../../${file}`)) as unknown as { default: ComponentType<Record<string, unknown>> };
  const Page = module.default;
  const router = createMemoryRouter([
    { path: "/", element: <Page loaderData={data} params={params} matches={[]} actionData={undefined} /> },
  ]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const names = (data: WithTrail) => data.trail?.map((crumb) => crumb.name);

function expectStructuredTrail(data: WithTrail) {
  expect(data.breadcrumbs?.["@type"]).toBe("BreadcrumbList");
  expect(data.breadcrumbs?.itemListElement.map((item) => item.name)).toEqual(names(data));
  for (const [index, item] of (data.breadcrumbs?.itemListElement ?? []).entries()) {
    expect(item.position).toBe(index + 1);
    expect(item.item).toBe(`http://localhost:3000${data.trail?.[index]?.path}`);
  }
}

test("a supplier's page: 공유, the trail through its category, and BreadcrumbList", async () => {
  const id = await createSupplier({ name: "옷가게도매", siteUrl: "https://clothes.example.com/", category: "의류" });
  const data = await page(`/wholesaler/${id}`);
  expect(names(data)).toEqual(["홈", "도매 사이트 목록", "의류", "옷가게도매"]);
  expect(data.trail?.[2]?.path).toBe("/list?category=%EC%9D%98%EB%A5%98");
  expectStructuredTrail(data);
  const html = await render("routes/public/wholesaler-detail.tsx", data, { id: String(id) });
  expect(html).toContain(`data-share="/wholesaler/${id}" data-share-title="옷가게도매"`);
  expect(html).toMatch(/<nav aria-label="이동 경로"/);
  // Both structured data: the organisation first, then the trail.
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(([, json]) =>
    JSON.parse(json ?? ""),
  );
  expect(scripts.map((script) => script["@type"])).toEqual(["Organization", "BreadcrumbList"]);

  // Without a chip's category the trail goes straight from the list to the supplier.
  const plain = await createSupplier({ name: "무분류도매", siteUrl: "https://plain.example.com/", category: "" });
  expect(names(await page(`/wholesaler/${plain}`))).toEqual(["홈", "도매 사이트 목록", "무분류도매"]);
});

test("a guide and a seller note: 공유 and the trail through 셀러 정보센터", async () => {
  const guide = guides[0]!;
  const guideData = await page(`/sellinginsight/${guide.slug}`);
  expect(names(guideData)).toEqual(["홈", "셀러 정보센터", guide.title]);
  expectStructuredTrail(guideData);
  const guideHtml = await render("routes/guides/guide.tsx", guideData, { slug: guide.slug });
  expect(guideHtml).toContain(`data-share="/sellinginsight/${guide.slug}"`);
  expect(guideHtml).toContain('<nav aria-label="이동 경로"');

  const [note] = await db().insert(sellerNotes).values({ title: "위탁 판매 첫걸음", content: "<p>본문</p>" }).returning();
  const noteData = await page(`/sellernote/${note!.id}`);
  expect(names(noteData)).toEqual(["홈", "셀러 정보센터", "셀러 노트", "위탁 판매 첫걸음"]);
  expectStructuredTrail(noteData);
  const noteHtml = await render("routes/notes/note-detail.tsx", noteData, { id: String(note!.id) });
  expect(noteHtml).toContain(`data-share="/sellernote/${note!.id}" data-share-title="위탁 판매 첫걸음"`);
  expect([...noteHtml.matchAll(/"@type":"(\w+)"/g)].map(([, type]) => type)).toEqual(expect.arrayContaining(["Article", "BreadcrumbList"]));
});

test("a category's list has the trail; the whole list and a search have none", async () => {
  const clothes = await page("/list?category=%EC%9D%98%EB%A5%98");
  expect(names(clothes)).toEqual(["홈", "도매 사이트 목록", "의류"]);
  expectStructuredTrail(clothes);
  expect((await page("/list")).trail).toBeNull();
  expect((await page("/list?q=%EB%8F%84%EB%A7%A4")).breadcrumbs).toBeNull();
  // An unknown category is no category: no trail naming it.
  expect((await page("/list?category=%3Cscript%3E")).trail).toBeNull();
});
