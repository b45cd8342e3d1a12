import { expect, test } from "vitest";
import { domainMatches, siteKeyOf } from "./declared-domains.ts";
import { readPageFacts, visibleTextOf } from "./page-facts.ts";

const page = (body: string) => `<!doctype html><html><head><title>도매</title></head><body>${body}</body></html>`;

test("the 사업자등록번호 and 통신판매업 신고번호 of a shop's footer, with and without hyphens", () => {
  expect(readPageFacts(page("<footer>사업자등록번호 : 220-81-12341 | 통신판매업신고번호 : 제 2019-서울강남-01234 호</footer>"))).toEqual({
    businessNumber: "2208112341",
    mailOrderNumber: "2019-서울강남-01234",
  });
  expect(readPageFacts(page("<p>사업자번호 2208112341</p><p>통신판매업 신고 2015-제주아라-0032</p>"))).toEqual({
    businessNumber: "2208112341",
    mailOrderNumber: "2015-제주아라-0032",
  });
  // Markup between the label and the number, and entities, are text like any other.
  expect(readPageFacts(page("<dt>사업자 등록번호</dt><dd>&nbsp;220&#45;81&#45;12341</dd>")).businessNumber).toBe("2208112341");
  expect(
    readPageFacts(page("<span>사업자등록번호</span><a href='http://www.ftc.go.kr/bizCommPop.do?wrkr_no=2208112341'>[사업자정보확인]</a>")),
  ).toEqual({
    businessNumber: null,
    mailOrderNumber: null,
  });
});

test("a wrong check digit, a number without its label, or one far from it reads nothing", () => {
  expect(readPageFacts(page("사업자등록번호: 220-81-12342")).businessNumber).toBeNull();
  expect(readPageFacts(page("고객센터 220-81-12341")).businessNumber).toBeNull();
  expect(readPageFacts(page(`사업자등록번호 ${"안내 문구가 깁니다 ".repeat(3)} 220-81-12341`)).businessNumber).toBeNull();
  // A longer run of digits is not a business number.
  expect(readPageFacts(page("사업자등록번호 12208112341")).businessNumber).toBeNull();
});

test("only what a visitor reads counts: not inside a script, a style, a template or a comment", () => {
  const hidden = `<script>var n = "사업자등록번호 220-81-12341";</script><!-- 사업자등록번호 220-81-12341 --><style>a:after{content:"사업자등록번호 220-81-12341"}</style><template>사업자등록번호 220-81-12341</template>`;
  expect(readPageFacts(page(hidden)).businessNumber).toBeNull();
  expect(visibleTextOf(page(`${hidden}<p>보이는 글</p>`))).toBe("보이는 글");
  // An unclosed comment or script hides the rest of the page, as in a browser.
  expect(readPageFacts(page("<!-- 사업자등록번호 220-81-12341")).businessNumber).toBeNull();
  expect(readPageFacts(page("<script>사업자등록번호 220-81-12341")).businessNumber).toBeNull();
  // A tag whose name only starts like one of them is ordinary markup.
  expect(readPageFacts(page("<scripture>사업자등록번호 220-81-12341</scripture>")).businessNumber).toBe("2208112341");
});

test("a page with several different numbers reads none; the same number twice is one", () => {
  const ten = [
    "1111111119",
    "2222222227",
    "3333333336",
    "4444444444",
    "5555555553",
    "6666666661",
    "2208112341",
    "1058100003",
    "1208800767",
    "1234567891",
  ];
  expect(readPageFacts(page(ten.map((n) => `<li>사업자등록번호 ${n}</li>`).join(""))).businessNumber).toBeNull();
  expect(readPageFacts(page("사업자등록번호 220-81-12341 … 사업자번호: 2208112341")).businessNumber).toBe("2208112341");
  expect(readPageFacts(page("통신판매업 신고번호 2019-서울강남-01234, 통신판매업 신고번호 2020-서울중구-0001")).mailOrderNumber).toBeNull();
});

test("hostile markup is read in linear time (no pattern backtracks over it)", () => {
  const hostile = "<".repeat(200_000) + "<!--".repeat(50_000) + "사업자등록번호".repeat(20_000) + "-".repeat(100_000);
  expect(readPageFacts(hostile)).toEqual({ businessNumber: null, mailOrderNumber: null });
});

test("신고 도메인: host equality ignoring the scheme, the port, a leading www. and case", () => {
  const site = "https://www.BizInfo.co.kr:8443/shop/main";
  expect(domainMatches(["bizinfo.co.kr"], site)).toBe(true);
  expect(domainMatches(["http://www.bizinfo.co.kr"], site)).toBe(true);
  expect(domainMatches(["HTTP://BIZINFO.CO.KR/"], site)).toBe(true);
  expect(domainMatches(["http:/www.bizinfo.co.kr"], site)).toBe(true);
  expect(domainMatches(["bizinfo.co.kr:8080"], site)).toBe(true);
  expect(domainMatches(["www.other.co.kr", "bizinfo.co.kr"], site)).toBe(true);
  // Another host, even of the same registrable domain, is not the site.
  expect(domainMatches(["shop.bizinfo.co.kr"], site)).toBe(false);
  expect(domainMatches(["bizinfo.com"], site)).toBe(false);
  expect(domainMatches([], site)).toBe(false);
  expect(domainMatches(["not a domain"], site)).toBe(false);
  // No site address: nothing to compare.
  expect(domainMatches(["bizinfo.co.kr"], "")).toBeNull();
});

test("신고 도메인 on a shared host: the shop's first path segment must match too", () => {
  const shop = "https://smartstore.naver.com/bizdome";
  expect(domainMatches(["smartstore.naver.com/bizdome"], shop)).toBe(true);
  expect(domainMatches(["https://smartstore.naver.com/BizDome/products/1"], shop)).toBe(true);
  expect(domainMatches(["smartstore.naver.com/otherdome"], shop)).toBe(false);
  expect(domainMatches(["smartstore.naver.com"], shop)).toBe(false);
  expect(domainMatches(["www.smartstore.naver.com/bizdome"], shop)).toBe(true);
  expect(siteKeyOf("blog.naver.com/bizdome/123")).toEqual({ host: "blog.naver.com", path: "bizdome" });
  expect(siteKeyOf("ftp://bizinfo.co.kr")).toBeNull();
});
