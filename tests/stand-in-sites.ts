import type http from "node:http";
import { type LocalServer, setAllowHosts, startServer, stubResolver } from "./network.ts";

/**
 * Stand-in supplier sites for the site checks: one HTTP server on 127.0.0.1 that plays every site by its
 * Host header, a stub DNS that sends each of their names to 127.0.0.1, and OUTBOUND_ALLOW_HOSTS naming
 * exactly those names (127.0.0.1 itself is not allowed, so a redirect to a bare local address is refused).
 * Nothing here reaches past 127.0.0.1.
 */

export const SITE_NAMES = [
  "ok.co.kr",
  "shop.co.kr",
  "www.shop.co.kr",
  "old.co.kr",
  "new.co.kr",
  "parked.co.kr",
  "forsale.co.kr",
  "lapsed.co.kr",
  "sedo.com",
  "broken.co.kr",
  "gone.co.kr",
  "slow.co.kr",
  "endless.co.kr",
  "huge.co.kr",
  "bigpage.co.kr",
  "loop.co.kr",
  "sneaky.co.kr",
  "closed.co.kr",
  "tls.co.kr",
  // 사업자 정보 in the page (features/official-records/page-facts.ts).
  "bizinfo.co.kr",
  "nohyphen.co.kr",
  "euckr.co.kr",
  "wrongdigit.co.kr",
  "hidden.co.kr",
  "manynumbers.co.kr",
  "mismatch.co.kr",
  "away.co.kr",
  "partner.away.co.kr",
  "bigfooter.co.kr",
  "plaintext.co.kr",
  "spaced.co.kr",
  "example.co.kr",
  "template.co.kr",
  "othername.co.kr",
] as const;

/** Valid 사업자등록번호 (check digit) the stand-in pages show. */
export const PAGE_NUMBERS = {
  bizinfo: "2208112341",
  euckr: "1058100003",
  mismatch: "1111111119",
  partner: "2222222227",
} as const;

/** The EUC-KR page (`사업자등록번호: 105-81-00003`, `통신판매업신고: 제2015-제주아라-0032호`), charset in a <meta> only. */
const EUC_KR_PAGE = Buffer.from(
  "3c68746d6c3e3c686561643e3c6d65746120687474702d65717569763d22436f6e74656e742d547970652220636f6e74656e743d22746578742f68746d6c3b20636861727365743d6575632d6b72223e3c7469746c653ebfbeb3af20b5b5b8c53c2f7469746c653e3c2f686561643e3c626f64793e3c666f6f7465723ebbf3c8a33a20bfbeb3afb5b5b8c5207c20bbe7bef7c0dab5eeb7cfb9f8c8a33a203130352d38312d3030303033207c20c5ebbdc5c6c7b8c5bef7bdc5b0ed3a20c1a6323031352dc1a6c1d6bec6b6f32d30303332c8a33c2f666f6f7465723e3c2f626f64793e3c2f68746d6c3e",
  "hex",
);

const footer = (text: string) => `<p>도매 상품을 공급합니다.</p><footer>${text}</footer>`;
/** Ten different valid numbers, as a page listing many shops shows them. */
const TEN_NUMBERS = [
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
]
  .map((n) => `<li>사업자등록번호 ${n.slice(0, 3)}-${n.slice(3, 5)}-${n.slice(5)}</li>`)
  .join("");

export type StandInSites = {
  server: LocalServer;
  /** A second server that no site may reach (the target of `sneaky.co.kr`'s redirect). */
  forbidden: LocalServer;
  /** `http://name:port/` of a stand-in site. */
  url: (name: string, path?: string) => string;
  resolve: ReturnType<typeof stubResolver>["resolve"];
  /** Bytes the 10 MB site managed to send before the reader hung up. */
  hugeBytesSent: () => number;
  close: () => Promise<void>;
};

const page = (title: string, body = "<p>도매 상품을 공급합니다.</p>") =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

export async function startStandInSites(): Promise<StandInSites> {
  let port = 0;
  let hugeSent = 0;
  const forbidden = await startServer();
  const hold: http.ServerResponse[] = [];
  const server = await startServer((request, response) => {
    const host = (request.headers.host ?? "").replace(/:\d+$/, "");
    const path = request.url ?? "/";
    const html = (status: number, body: string) => {
      response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      response.end(body);
    };
    const redirect = (location: string) => {
      response.writeHead(301, { location });
      response.end();
    };
    switch (host) {
      case "ok.co.kr":
      case "www.shop.co.kr":
      case "new.co.kr":
        return html(200, page(`${host} 도매`));
      case "shop.co.kr":
        return redirect(`http://www.shop.co.kr:${port}/`);
      case "old.co.kr":
        return redirect(`http://new.co.kr:${port}/welcome`);
      case "parked.co.kr":
        return html(200, page("parked.co.kr", "<h1>This domain is for sale!</h1><p>Make an offer today.</p>"));
      case "forsale.co.kr":
        return html(200, page("forsale.co.kr", "<p>이 도메인은 판매 중입니다. 구매 문의: 010-0000-0000</p>"));
      case "lapsed.co.kr":
        return redirect(`http://sedo.com:${port}/search/details/?domain=lapsed.co.kr`);
      case "sedo.com":
        return html(200, page("Sedo", "<p>Domain marketplace</p>"));
      case "broken.co.kr":
        return html(500, page("Internal Server Error"));
      case "gone.co.kr":
        return html(404, page("Not Found"));
      case "slow.co.kr":
        // Never answers: held until the server closes.
        hold.push(response);
        return;
      case "endless.co.kr": {
        response.writeHead(200, { "content-type": "text/html" });
        const timer = setInterval(() => {
          if (response.destroyed) clearInterval(timer);
          else response.write("x".repeat(100));
        }, 50);
        response.on("close", () => clearInterval(timer));
        return;
      }
      case "huge.co.kr":
      case "bigpage.co.kr": {
        response.writeHead(200, { "content-type": "text/html" });
        if (host === "bigpage.co.kr") response.write(`<html><head><title>큰 도매몰</title></head><body>`);
        const chunk = "x".repeat(64 * 1024);
        let left = (10 * 1024 * 1024) / chunk.length;
        const pump = () => {
          while (left > 0 && !response.destroyed) {
            left -= 1;
            if (host === "huge.co.kr") hugeSent += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", pump);
          }
          if (!response.destroyed) response.end();
        };
        return pump();
      }
      case "loop.co.kr":
        return redirect(path === "/a" ? "/b" : "/a");
      case "sneaky.co.kr":
        return redirect(`http://127.0.0.1:${forbidden.port}/admin`);
      case "bizinfo.co.kr":
        return html(
          200,
          page("비즈 도매", footer("상호: 비즈도매 | 사업자등록번호 : 220-81-12341 | 통신판매업신고번호 : 제 2019-서울강남-01234 호")),
        );
      case "nohyphen.co.kr":
        return html(200, page("붙여 쓴 도매", footer("사업자번호 2208112341")));
      case "euckr.co.kr":
        response.writeHead(200, { "content-type": "text/html" });
        return response.end(EUC_KR_PAGE);
      case "wrongdigit.co.kr":
        return html(200, page("틀린 번호 도매", footer("사업자등록번호: 220-81-12342")));
      case "hidden.co.kr":
        return html(
          200,
          page(
            "숨은 번호 도매",
            `<script>var info = "사업자등록번호 220-81-12341";</script><!-- 사업자등록번호 220-81-12341 --><style>.x:after{content:"사업자등록번호 220-81-12341"}</style><div style="display: none">사업자등록번호 220-81-12341</div><p hidden>사업자등록번호 220-81-12341</p>${footer("고객센터 1588-0000")}`,
          ),
        );
      case "manynumbers.co.kr":
        return html(200, page("입점 업체 목록", `<ul>${TEN_NUMBERS}</ul>`));
      case "mismatch.co.kr":
        return html(200, page("다른 번호 도매", footer("사업자등록번호: 111-11-11119")));
      case "away.co.kr":
        return redirect(`http://partner.away.co.kr:${port}/`);
      case "partner.away.co.kr":
        return html(200, page("다른 호스트", footer("사업자등록번호: 222-22-22227")));
      case "plaintext.co.kr":
        // Not HTML: a text file that happens to hold a number is not a home page.
        response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
        return response.end("사업자등록번호: 220-81-12341");
      case "spaced.co.kr":
        // Spaces around the hyphens, as some shop skins print it.
        return html(200, page("띄운 도매", footer("상호 : 띄운도매 | 사업자등록번호 : 220 - 81 - 12341")));
      case "example.co.kr":
        // A skin's example number passes the check digit; it is nobody's.
        return html(200, page("예시 번호", footer("상호: 쇼핑몰 이름 | 사업자등록번호: 000-00-00000")));
      case "template.co.kr":
        // A template's number beside the 공정위 link of the real one: the page contradicts itself.
        return html(
          200,
          page(
            "템플릿 번호",
            footer(
              `사업자등록번호: 123-12-12345 <a href="http://www.ftc.go.kr/bizCommPop.do?wrkr_no=${PAGE_NUMBERS.bizinfo}">사업자정보확인</a>`,
            ),
          ),
        );
      case "othername.co.kr":
        // Another business's footer (the address belongs to someone else).
        return html(200, page("남의 가게", footer(`상호명: (주)전혀다른상사 | 사업자등록번호: 220-81-12341`)));
      case "bigfooter.co.kr":
        // The number comes after the 512 KB a site check reads: the page is cut, and nothing is read.
        return html(200, page("큰 도매", `<p>${"상품 ".repeat(140_000)}</p>${footer("사업자등록번호: 220-81-12341")}`));
      default:
        return html(404, page("unknown host"));
    }
  });
  port = server.port;
  // A port that was just free: nothing listens there, so a connection is refused.
  const closing = await startServer();
  const closedPort = closing.port;
  await closing.close();
  const { resolve } = stubResolver((hostname) => ((SITE_NAMES as readonly string[]).includes(hostname) ? ["127.0.0.1"] : []));
  setAllowHosts(SITE_NAMES.join(","));
  return {
    server,
    forbidden,
    url: (name, path = "/") => {
      if (name === "closed.co.kr") return `http://closed.co.kr:${closedPort}${path}`;
      if (name === "tls.co.kr") return `https://tls.co.kr:${port}${path}`;
      return `http://${name}:${port}${path}`;
    },
    resolve,
    hugeBytesSent: () => hugeSent,
    close: async () => {
      for (const response of hold) response.destroy();
      await server.close();
      await forbidden.close();
      setAllowHosts("");
    },
  };
}
