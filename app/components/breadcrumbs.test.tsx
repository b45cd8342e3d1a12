import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { Breadcrumbs, breadcrumbJsonLd, HOME_CRUMB } from "./breadcrumbs.tsx";
import { serializeJsonLd } from "./json-ld.tsx";

const trail = [
  HOME_CRUMB,
  { name: "도매 사이트 목록", path: "/list" },
  { name: "의류", path: "/list?category=%EC%9D%98%EB%A5%98" },
  { name: "</script><b>도매", path: "/wholesaler/7" },
];

test("the visible trail: links up to the page itself, which is marked as the current page and is no link", () => {
  const router = createMemoryRouter([{ path: "/", element: <Breadcrumbs trail={trail} /> }]);
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  expect(html).toMatch(/^<nav aria-label="이동 경로"/);
  const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, name]) => [href, name]);
  expect(links).toEqual([
    ["/", "홈"],
    ["/list", "도매 사이트 목록"],
    ["/list?category=%EC%9D%98%EB%A5%98", "의류"],
  ]);
  // The name is text, never markup.
  expect(html).toContain(
    'aria-current="page" class="max-w-[16rem] truncate font-medium text-slate-800 sm:max-w-md">&lt;/script&gt;&lt;b&gt;도매</span>',
  );
  expect(html).not.toContain("<b>");
});

test("BreadcrumbList structured data: every step with its position and absolute address, safe inside its script", () => {
  const data = breadcrumbJsonLd(trail, (path) => `https://domaeon.example${path}`);
  expect(data).toEqual({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "홈", item: "https://domaeon.example/" },
      { "@type": "ListItem", position: 2, name: "도매 사이트 목록", item: "https://domaeon.example/list" },
      { "@type": "ListItem", position: 3, name: "의류", item: "https://domaeon.example/list?category=%EC%9D%98%EB%A5%98" },
      { "@type": "ListItem", position: 4, name: "</script><b>도매", item: "https://domaeon.example/wholesaler/7" },
    ],
  });
  const text = serializeJsonLd(data);
  expect(text).not.toContain("</script");
  expect(JSON.parse(text)).toEqual(data);
});
