import { expect, test } from "vitest";
import { domainMatches, siteKeyOf } from "./declared-domains.ts";
import { isExampleNumber, namesShareWord, readPageFacts, visibleTextOf } from "./page-facts.ts";

const page = (body: string) => `<!doctype html><html><head><title>도매</title></head><body>${body}</body></html>`;

test("the 사업자등록번호 and 통신판매업 신고번호 of a shop's footer, with and without hyphens", () => {
  expect(readPageFacts(page("<footer>사업자등록번호 : 220-81-12341 | 통신판매업신고번호 : 제 2019-서울강남-01234 호</footer>"))).toEqual({
    businessNumber: "2208112341",
    mailOrderNumber: "2019-서울강남-01234",
    tradeName: null,
  });
  expect(readPageFacts(page("<p>사업자번호 2208112341</p><p>통신판매업 신고 2015-제주아라-0032</p>"))).toEqual({
    businessNumber: "2208112341",
    mailOrderNumber: "2015-제주아라-0032",
    tradeName: null,
  });
  // Markup between the label and the number, and entities, are text like any other.
  expect(readPageFacts(page("<dt>사업자 등록번호</dt><dd>&nbsp;220&#45;81&#45;12341</dd>")).businessNumber).toBe("2208112341");
  expect(
    readPageFacts(page("<span>사업자등록번호</span><a href='http://www.ftc.go.kr/bizCommPop.do?wrkr_no=2208112341'>[사업자정보확인]</a>")),
  ).toEqual({
    businessNumber: null,
    mailOrderNumber: null,
    tradeName: null,
  });
});

test("spaces around the hyphens, and markup inside the number, are read", () => {
  expect(readPageFacts(page("사업자등록번호 : 349 - 21 - 00365")).businessNumber).toBe("3492100365");
  expect(readPageFacts(page("사업자등록번호 : 220 -81- 12341")).businessNumber).toBe("2208112341");
  expect(readPageFacts(page("사업자등록번호 <b>220</b>-<b>81</b>-<b>12341</b>")).businessNumber).toBe("2208112341");
  expect(readPageFacts(page("사업자등록<span>번호</span>: 220.81.12341")).businessNumber).toBe("2208112341");
  // Two hyphens in a row, or a hyphen with two spaces each side as text, are not one number.
  expect(readPageFacts(page("사업자등록번호 220--81--12341")).businessNumber).toBeNull();
});

test("never an example number: 000-00-00000, one digit ten times", () => {
  expect(isExampleNumber("0000000000")).toBe(true);
  expect(isExampleNumber("4444444444")).toBe(true);
  expect(isExampleNumber("2208112341")).toBe(false);
  expect(readPageFacts(page("사업자등록번호: 000-00-00000")).businessNumber).toBeNull();
  expect(readPageFacts(page("사업자등록번호: 444-44-44444")).businessNumber).toBeNull();
  // A 신고번호 whose year or serial is zeros is a template's placeholder.
  expect(readPageFacts(page("통신판매업신고 제0000-서울-0000호")).mailOrderNumber).toBeNull();
  expect(readPageFacts(page("통신판매업신고 제2023-서울강남-0000호")).mailOrderNumber).toBeNull();
  expect(readPageFacts(page("통신판매업신고 제0000-서울-0000호, 통신판매업신고 제2023-서울강남-0042호")).mailOrderNumber).toBe(
    "2023-서울강남-0042",
  );
  // An example number beside the real one does not hide it.
  expect(readPageFacts(page("예) 사업자등록번호 000-00-00000 … 사업자등록번호 220-81-12341")).businessNumber).toBe("2208112341");
});

test("a number the page's 공정위 link contradicts is not read; the link alone reads nothing, and agreeing with it is fine", () => {
  const link = (n: string) => `<a href="http://www.ftc.go.kr/bizCommPop.do?wrkr_no=${n}" target="_blank">사업자정보확인</a>`;
  expect(readPageFacts(page(`사업자등록번호: 123-12-12345 ${link("2208112341")}`)).businessNumber).toBeNull();
  expect(readPageFacts(page(`사업자등록번호: 220-81-12341 ${link("2208112341")}`)).businessNumber).toBe("2208112341");
  expect(readPageFacts(page(`사업자등록번호: 220-81-12341 ${link("220-81-12341")}`)).businessNumber).toBe("2208112341");
  expect(readPageFacts(page(`${link("2208112341")}`)).businessNumber).toBeNull();
  // A template's empty or example link contradicts nothing.
  expect(readPageFacts(page(`사업자등록번호: 220-81-12341 ${link("")} ${link("0000000000")}`)).businessNumber).toBe("2208112341");
  // 카페24's link opens the page from onclick (href="#none"): its number counts the same.
  const opened = (n: string) =>
    `<a href="#none" onclick="window.open('http://www.ftc.go.kr/bizCommPop.do?wrkr_no=${n}', 'bizCommPop', 'width=750, height=950;');return false;">[사업자정보확인]</a>`;
  expect(readPageFacts(page(`사업자등록번호 : 123-12-12345 ${opened("2068542226")}`)).businessNumber).toBeNull();
  expect(readPageFacts(page(`사업자등록번호 : 206-85-42226 ${opened("2068542226")}`)).businessNumber).toBe("2068542226");
  // The link's &amp; form, another parameter first.
  expect(
    readPageFacts(page(`사업자등록번호: 123-12-12345 <a href="https://www.ftc.go.kr/bizCommPop.do?a=1&amp;wrkr_no=2208112341">확인</a>`))
      .businessNumber,
  ).toBeNull();
});

test("text hidden with display:none, visibility:hidden or the hidden attribute is not read", () => {
  expect(readPageFacts(page(`<div style="display:none">사업자등록번호 220-81-12341</div>`)).businessNumber).toBeNull();
  expect(
    readPageFacts(page(`<div style="color: red; DISPLAY : none !important">사업자등록번호 220-81-12341</div>`)).businessNumber,
  ).toBeNull();
  expect(readPageFacts(page(`<p hidden>사업자등록번호 220-81-12341</p>`)).businessNumber).toBeNull();
  expect(readPageFacts(page(`<span style="visibility:hidden">사업자등록번호 220-81-12341</span>`)).businessNumber).toBeNull();
  // Hidden template text does not contradict the visible number either; a hidden link does not count.
  expect(readPageFacts(page(`<div hidden>사업자등록번호 123-12-12345</div><p>사업자등록번호 220-81-12341</p>`)).businessNumber).toBe(
    "2208112341",
  );
  // display:block, or a class the stylesheet may hide, is read (only inline styles are known without the stylesheet).
  expect(readPageFacts(page(`<div style="display:block" class="hide">사업자등록번호 220-81-12341</div>`)).businessNumber).toBe(
    "2208112341",
  );
  // Deeply nested markup is walked without running out of stack.
  expect(readPageFacts(page(`${"<span>".repeat(50_000)}사업자등록번호 220-81-12341`)).businessNumber).toBe("2208112341");
});

test("the 상호: 상호, 상호명, 회사명, 회사이름 or 법인명, up to the next label, separator or block", () => {
  expect(readPageFacts(page("<footer>상호 : (주)도매온 | 대표 : 홍길동 | 사업자등록번호 : 220-81-12341</footer>")).tradeName).toBe(
    "(주)도매온",
  );
  expect(readPageFacts(page("<footer>상호명: 도매온 스토어 대표자: 홍길동</footer>")).tradeName).toBe("도매온 스토어");
  expect(readPageFacts(page("<dl><dt>회사명</dt><dd>주식회사 바른유통</dd><dt>주소</dt><dd>서울</dd></dl>")).tradeName).toBe(
    "주식회사 바른유통",
  );
  expect(readPageFacts(page("<p>상호: 도매온 / 사업장 주소: 서울</p>")).tradeName).toBe("도매온");
  expect(readPageFacts(page("<p>법인명(상호): 주식회사 바른유통 &nbsp;·&nbsp; 대표이사: 홍길동</p>")).tradeName).toBe("주식회사 바른유통");
  // `회사이름` and `법인명` label it too, with `(상호)` after them or not, and so does `상호명 및 …:`.
  expect(readPageFacts(page("<li>회사이름: (주)커먼오리진스</li><li>서울특별시 강남구</li>")).tradeName).toBe("(주)커먼오리진스");
  expect(readPageFacts(page("법인명 : 취미상점 주식회사<br>대표이사 : 김용만")).tradeName).toBe("취미상점 주식회사");
  expect(readPageFacts(page("상호(법인명) : 바른유통 | 대표 : 홍길동")).tradeName).toBe("바른유통");
  expect(readPageFacts(page("상호명 및 호스팅 서비스 제공 : 쿠팡(주)<br>대표이사 : 강한승")).tradeName).toBe("쿠팡(주)");
  // A name ends at a block's edge (a list item, a paragraph, `<br>`) and at an element holding only a separator glyph.
  expect(readPageFacts(page("<ul><li>회사명: 바른유통</li><li>서울특별시 강남구 도산대로 437</li></ul>")).tradeName).toBe("바른유통");
  expect(readPageFacts(page("상호 : 바른유통<br>서울특별시 강남구")).tradeName).toBe("바른유통");
  expect(readPageFacts(page(`법인명 (상호) : 주식회사 컬리 <span class="bar">I</span> 사업자등록번호 : 261-81-23567`))).toEqual({
    businessNumber: "2618123567",
    mailOrderNumber: null,
    tradeName: "주식회사 컬리",
  });
  // A glyph beside other text is the text's own.
  expect(readPageFacts(page("상호 : <span>Studio I</span> | 대표 : 홍길동")).tradeName).toBe("Studio I");
  // A template's variable or the label word itself is not a name.
  expect(
    readPageFacts(page("<span>법인명(상호) : {$company_name} </span> <span>대표자(성명) : {$president_name}</span>")).tradeName,
  ).toBeNull();
  expect(readPageFacts(page("<p>회사명 : 회사명 / 대표 : 대표자명</p>")).tradeName).toBeNull();
  expect(readPageFacts(page("<p>상호 : {{ shop.name }}</p><p>상호 : 바른유통</p>")).tradeName).toBe("바른유통");
  // A longer word that contains 상호 is not the label; two different names read none.
  expect(readPageFacts(page("<p>거래상호: 남의가게</p>")).tradeName).toBeNull();
  // 상호 inside the name is part of it.
  expect(readPageFacts(page("<p>상호: 대상호텔 | 대표: 홍길동</p>")).tradeName).toBe("대상호텔");
  expect(readPageFacts(page("<p>상호: 가게하나</p><p>상호: 가게둘</p>")).tradeName).toBeNull();
});

test("상호 불일치: names share a word, (주), 주식회사, spaces and case aside", () => {
  expect(namesShareWord("(주)도매온", "도매온")).toBe(true);
  expect(namesShareWord("주식회사 도매온", "도매 온")).toBe(true);
  expect(namesShareWord("도매온 스토어", "㈜도매온")).toBe(true);
  expect(namesShareWord("DomeOn Store", "domeon")).toBe(true);
  expect(namesShareWord("바른도매 스토어", "주식회사 바른도매")).toBe(true);
  expect(namesShareWord("(주)전혀다른상사", "바른도매 스토어")).toBe(false);
  // A common word alone (도매, 유통, 스토어…) says nothing.
  expect(namesShareWord("하나 도매", "두리 도매")).toBe(false);
  expect(namesShareWord("스토어", "바른 스토어")).toBe(true);
  expect(namesShareWord("", "도매온")).toBe(false);
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
  expect(readPageFacts(hostile)).toEqual({ businessNumber: null, mailOrderNumber: null, tradeName: null });
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
