import { describe, expect, test } from "vitest";
import { addressProblem, judgeAddress } from "./address-judge.ts";

const kind = (url: string) => {
  const j = judgeAddress(url);
  return `${j.verdict}:${j.kind}`;
};

describe("a supplier's own site", () => {
  test("front pages, with or without www, an index file, a language root or a campaign tag", () => {
    for (const url of [
      "https://domeggook.com/",
      "domeggook.com",
      "http://www.ownerclan.com",
      "https://www.onch3.co.kr/index.php",
      "http://seincp.com/index.html",
      "https://www.example.co.kr/main",
      "https://www.example.co.kr/ko",
      "https://www.example.co.kr/?utm_source=naver",
      "http://xn--dw0bo6ac73a4wf.com/",
      "https://banana.parts/",
    ]) {
      expect(kind(url), url).toBe("home:home");
    }
  });

  test("deep pages of the own site say which kind, and where the front page is", () => {
    expect(kind("https://www.lalab2b.com/service/private.php")).toBe("deep:privacy");
    expect(kind("https://misungbiz.com/member/privacy.html")).toBe("deep:privacy");
    expect(kind("https://www.meatfriends.co.kr/admin/auth/loginForm.do")).toBe("deep:login");
    expect(kind("https://www.b2bmecca.co.kr/member/memberJoin")).toBe("deep:join");
    expect(kind("https://insidy.co.kr/member/join.html")).toBe("deep:join");
    expect(kind("https://www.ggsan.com/board/list.php?bdId=dunk1")).toBe("deep:board");
    expect(kind("https://gogob2b.co.kr/article/%EC%82%AC%EC%97%85/2/1188/")).toBe("deep:board");
    expect(kind("https://www.autotn.net/goods/goods_view.php?goodsNo=1000017610")).toBe("deep:product");
    expect(kind("http://www.innobile.kr/company/")).toBe("deep:company");
    expect(kind("https://www.dometopia.com/page/index?tpl=etc/school_25.html")).toBe("deep:other");
    const deep = judgeAddress("https://www.lalab2b.com/service/private.php");
    expect(deep.homeUrl).toBe("https://www.lalab2b.com/");
    expect(deep.siteKey).toBe("lalab2b.com");
    expect(addressProblem(deep)).toBe(
      "주소가 사이트 첫 페이지가 아니라 개인정보처리방침 페이지입니다. (첫 페이지: https://www.lalab2b.com/)",
    );
  });

  test("registrable domains: subdomains of one site are one supplier; a shop on a shop platform is its own", () => {
    expect(judgeAddress("https://m.dometopia.com/").siteKey).toBe("dometopia.com");
    expect(judgeAddress("https://www.dometopia.com/x").siteKey).toBe("dometopia.com");
    expect(judgeAddress("https://domemedb.domeggook.com/").siteKey).toBe("domeggook.com");
    expect(judgeAddress("https://shop-a.co.kr/").siteKey).not.toBe(judgeAddress("https://shop-b.co.kr/").siteKey);
    // cafe24, godomall, makeshop subdomains and a smart store are the seller's own shop.
    expect(kind("https://grwswolesale.cafe24.com/")).toBe("home:home");
    expect(judgeAddress("https://grwswolesale.cafe24.com/").siteKey).toBe("grwswolesale.cafe24.com");
    expect(judgeAddress("https://a.cafe24.com/").siteKey).not.toBe(judgeAddress("https://b.cafe24.com/").siteKey);
    expect(kind("https://grwswolesale.cafe24.com/board/free/read.html?no=8&board_no=1")).toBe("deep:board");
    expect(kind("https://myshop.godomall.com/")).toBe("home:home");
    expect(kind("https://myshop.makeshop.co.kr/")).toBe("home:home");
    expect(kind("https://smartstore.naver.com/tjdome")).toBe("home:home");
    expect(judgeAddress("https://smartstore.naver.com/tjdome").siteKey).toBe("smartstore.naver.com/tjdome");
    expect(kind("https://smartstore.naver.com/tjdome/products/123")).toBe("deep:product");
    expect(kind("https://smartstore.naver.com/")).toBe("elsewhere:marketplace");
  });
});

describe("not a supplier's site", () => {
  const cases: [string, string[]][] = [
    [
      "job",
      [
        "http://www.saramin.co.kr/zf_user/company-info/view?csn=QVJ3",
        "https://m.jobkorea.co.kr/Recruit/Co_Read/C/jcsapps",
        "https://www.incruit.com/company/2028566",
        "https://www.jobplanet.co.kr/companies/1",
        "https://www.albamon.com/jobs/detail-company/4Kv3",
        "https://linkareer.com/activity/94073",
      ],
    ],
    [
      "company-db",
      [
        "https://www.114.co.kr/search/detail?comp_id=222496",
        "https://bizno.net/article/4558602629",
        "https://thevc.kr/yanoljapartners",
        "https://sellerocean.com/wholesale_agency/1",
      ],
    ],
    [
      "encyclopedia",
      [
        "https://namu.wiki/w/%EA%B5%BF%EB%8D%B0%EC%9D%B4",
        "https://ko.wikipedia.org/wiki/%ED%8C%8C%EB%A5%B4%EB%A7%88",
        "https://en.wikipedia.org/wiki/Parma",
        "https://example.com/wiki/Page",
      ],
    ],
    [
      "news",
      [
        "http://www.e2news.com/news/articleView.html?idxno=219499",
        "https://www.unknown-local-paper.co.kr/news/articleView.html?idxno=1",
        "https://v.daum.net/v/QoTHdzts5Z",
        "https://n.news.naver.com/article/001/0000001",
        "https://www.chosun.com/economy/2024/01/01/ABC/",
        "https://www.hankyung.com/article/2024010112345",
        "https://programs.sbs.co.kr/enter/fantastic/main",
      ],
    ],
    [
      "social",
      [
        "https://blog.naver.com/tjdome",
        "https://m.blog.naver.com/popopo2013/223141573645",
        "https://cafe.naver.com/black9woaf",
        "https://post.naver.com/viewer/postView.naver?volumeNo=1",
        "https://ideashower.tistory.com/entry/%EC%9C%84%ED%83%81",
        "https://gogoz2002.tistory.com/",
        "https://brunch.co.kr/@swimjiy/21",
        "https://www.instagram.com/hottoyskr/",
        "https://www.facebook.com/vocalistSweetJ",
        "https://www.youtube.com/@channel",
        "http://unioner.duckdns.org/?p=1851",
      ],
    ],
    ["marketplace", ["https://www.coupang.com/vp/products/1", "https://m.enuri.com/m/vip.jsp?modelno=1", "https://kmong.com/gig/518096"]],
    [
      "brand",
      [
        "https://kr.puma.com/",
        "https://www.nike.com/kr/",
        "https://www.kurly.com/",
        "https://store.hanssem.com/",
        "https://www.gentlemonster.com/",
      ],
    ],
    ["institution", ["https://www.mohw.go.kr/kids", "https://www.jsd.or.kr/26816", "https://at.agromarket.kr/"]],
    [
      "document",
      [
        "https://www.tobizon.co.kr/upfile/guide/sellpang.pdf",
        "https://example.com/files/guide.HWP",
        "https://example.com/a/b.docx",
        "https://www.nia.or.kr/common/board/Download.do?bcIdx=18265&cbIdx=26537&fileNo=2",
      ],
    ],
    ["foreign", ["https://www.some-hotel.vn/", "https://club.se/lag/"]],
  ];
  for (const [expected, urls] of cases) {
    test(expected, () => {
      for (const url of urls) expect(kind(url), url).toBe(`elsewhere:${expected}`);
    });
  }

  test("the preview's sentence names the kind and the host", () => {
    expect(addressProblem(judgeAddress("http://www.saramin.co.kr/zf_user/company-info/view?csn=1"))).toBe(
      "주소가 도매처 자체 사이트가 아니라 구인구직 사이트(saramin.co.kr)입니다.",
    );
    // A document on the supplier's own domain still names the site (a stored supplier is recognised by it).
    expect(judgeAddress("https://www.tobizon.co.kr/upfile/guide/sellpang.pdf").siteKey).toBe("tobizon.co.kr");
    expect(judgeAddress("https://www.saramin.co.kr/x").siteKey).toBe("");
  });
});

test("missing and unreadable addresses", () => {
  expect(kind("")).toBe("missing:missing");
  expect(kind("   ")).toBe("missing:missing");
  expect(kind("javascript:alert(1)")).toBe("invalid:invalid");
  expect(kind("https://user:pw@example.com/")).toBe("invalid:invalid");
  expect(kind("http://")).toBe("invalid:invalid");
});

describe("a recorded site check refines the judgement", () => {
  test("the final address after redirects", () => {
    // A front page that now redirects to a job board, or to another site.
    expect(judgeAddress("https://example-shop.co.kr/", { finalUrl: "https://www.saramin.co.kr/zf_user/x" }).kind).toBe("job");
    const moved = judgeAddress("https://example-shop.co.kr/", { finalUrl: "https://other-shop.com/" });
    expect([moved.verdict, moved.kind]).toEqual(["elsewhere", "moved"]);
    // Redirects within the same site (http → https, to /main) change nothing.
    expect(judgeAddress("http://example-shop.co.kr/", { finalUrl: "https://www.example-shop.co.kr/main" }).verdict).toBe("home");
    expect(judgeAddress("https://example-shop.co.kr/", { finalUrl: "https://example-shop.co.kr/member/login.html" }).kind).toBe("login");
  });

  test("the page title", () => {
    expect(judgeAddress("https://example-shop.co.kr/", { title: "개인정보처리방침 | 예시몰" }).kind).toBe("privacy");
    expect(judgeAddress("https://example-shop.co.kr/", { title: "이 도메인은 판매 중입니다 - 도메인 판매" }).kind).toBe("parked");
    expect(judgeAddress("https://example-shop.co.kr/", { title: "404 Not Found" }).kind).toBe("gone");
    expect(judgeAddress("https://example-shop.co.kr/", { title: "예시몰 - 위탁 도매 전문" }).verdict).toBe("home");
    expect(judgeAddress("https://example-shop.co.kr/", { title: null, finalUrl: null }).verdict).toBe("home");
  });
});
