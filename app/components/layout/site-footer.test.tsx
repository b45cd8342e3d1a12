import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { shippedSiteConfig as shipped } from "#tests/site-config-files.ts";
import { type FooterInfo, SiteFooter } from "./site-footer.tsx";

function footer(info: FooterInfo) {
  const router = createMemoryRouter([{ path: "/", element: <SiteFooter info={info} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const base: FooterInfo = {
  disclosure: shipped.disclosure,
  adContactEmail: shipped.adContactEmail,
  business: { ...shipped.business, hostingProvider: "도매클라우드 주식회사" },
  registration: { number: "123-45-67891", lookupUrl: "https://www.ftc.go.kr/bizCommPop.do?wrkr_no=1234567891" },
};

test("the footer shows the 사업자등록번호 with the 공정위's 사업자정보확인 for it, and the hosting provider (전자상거래법 제10조)", () => {
  const html = footer(base);
  expect(html).toContain('<dt class="font-medium text-slate-700">사업자등록번호</dt>');
  expect(html).toContain("123-45-67891");
  const link = html.match(/<a [^>]*>사업자정보확인/)?.[0] ?? "";
  expect(link).toContain('href="https://www.ftc.go.kr/bizCommPop.do?wrkr_no=1234567891"');
  expect(link).toContain('rel="noopener noreferrer"');
  expect(html).toMatch(/호스팅서비스 제공자<\/dt><dd>도매클라우드 주식회사<\/dd>/);
  // The earlier rows stay.
  for (const label of ["상호", "대표자", "통신판매업 신고번호", "이메일", "전화", "주소"]) expect(html).toContain(`>${label}</dt>`);
});

test("a footer whose configuration lacks them leaves the rows out rather than showing empty ones", () => {
  const html = footer({ ...base, business: { ...base.business, hostingProvider: "" }, registration: null });
  expect(html).not.toContain("사업자등록번호");
  expect(html).not.toContain("사업자정보확인");
  expect(html).not.toContain("호스팅서비스 제공자");
});
