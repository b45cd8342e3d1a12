import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { MarginCalculator } from "#app/features/margin/margin-calculator.tsx";
import { LIVE_FORM_HEADER } from "#app/lib/page-handle.ts";
import { asResponse, getRequest } from "#tests/request.ts";
import { loader } from "./margin.tsx";

// The loader applies the card credit's rate of the Korean day (1.3 % until 2026-12-31): the tests run on a fixed one.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-28T03:00:00Z"));
});
afterAll(() => {
  vi.useRealTimers();
});

/** The loader's data is the calculator's props: the page hands it over whole. */
type LoaderData = Parameters<typeof MarginCalculator>[0];

function load(query: string, headers: Record<string, string> = {}) {
  const response = asResponse(loader({ request: getRequest(`/tools/margin${query}`, { headers }), params: {}, context: {} } as never));
  const data = response.data as LoaderData;
  // What every visitor gets: the calculator drawn on the server for those values (the page ships no React).
  const html = renderToStaticMarkup(<MarginCalculator {...data} />);
  return { status: response.status, data, html };
}

const good = "?price=20000&cost=10000&customerShipping=0&shipping=3000&fee=custom&rate=6.63&ad=500";

test("a sent form computes on the server: the four results, whole won, no JavaScript needed", () => {
  const { status, data, html } = load(good);
  expect(status).toBe(200);
  // A 개인 일반과세자 (the first 과세 유형): 20,000 × 6.63% = 1,326 → 18,674; 5,174 before VAT; VAT 470 less the card
  // credit 20,000 × 1.3% = 260 → 210; 순이익 4,964; 4,964 ÷ (20,000 × 10/11) = 27.30…% → 27.3%.
  expect(data.result?.profit).toBe(4_964);
  for (const text of ["정산 예정액", "18,674원", "순이익", "4,964원", "마진율", "27.3%", "손익분기 광고비", "5,674원"])
    expect(html).toContain(text);
  expect(html).toContain("부가세 예상 210원을 뺀 금액(신용카드 등 매출세액공제 260원 반영)");
  expect(html).toContain("신용카드 등 매출세액공제:");
});

test("a preset chosen without JavaScript supplies its rates, says what it assumes and links its sources", () => {
  const { data, html } = load("?price=10000&cost=5000&customerShipping=3000&shipping=0&fee=coupang&coupangCategory=furniture&rate=&ad=0");
  expect(data.errors).toEqual({});
  expect([data.values.rate, data.values.shippingRate]).toEqual(["11.88", "3.3"]);
  expect(html).toContain("11,713원"); // 13,000 − (1,188 + 99)
  expect(html).toMatch(/쿠팡 수수료율 11\.88%는 2026\. 11\. 26\.에 공개 자료에서 읽은 값입니다/);
  expect(html).toContain("배송비 수수료 3%");
  expect(html).toContain('href="https://oscsnm.com/coupang-fee-guide-2026"');
});

test("a less certain rate says so: 쿠팡 가전·디지털, where a 2019 article and a 2026 guide disagree, takes the higher", () => {
  const { data, html } = load("?price=10000&cost=5000&customerShipping=0&shipping=0&fee=coupang&coupangCategory=appliances&ad=0");
  expect(data.values.rate).toBe("8.58");
  expect(html).toContain("2019년 기사는 가전 제품군에 5.8%가 적용된다고 했고");
});

test("every 스마트스토어 grade is a preset: 중소2 with a 마케팅 링크 order, and the page says the 2022 table may be a little high", () => {
  const { data, html } = load(
    "?price=20000&cost=11000&customerShipping=0&shipping=3000&fee=smartstore&naverGrade=medium2&naverOrder=marketing&ad=0",
  );
  // (2.5 + 0.91) × 1.1 = 3.751 → 3.75%: 20,000 → 750 → 정산 19,250; 5,250 before VAT; 477 − 260 = 217 → 5,033.
  expect(data.values.rate).toBe("3.75");
  expect(data.result?.profit).toBe(5_033);
  expect(html).toContain("주문관리 수수료 2.5%(연 매출 5억~10억 원 중소2 등급)");
  expect(html).toContain("2022년 1월 31일부터 적용된 요율이라 지금 요율보다 조금 높을 수 있으니");
  for (const grade of ["영세", "중소1", "중소2", "중소3", "일반"])
    expect(html).toMatch(new RegExp(`<option value="[a-z0-9]+"[^>]*>${grade}</option>`));
});

test("the bare page starts on the first preset, so the first 계산하기 with only the amounts is a result, not an error", () => {
  const bare = load("");
  expect(bare.data.values).toMatchObject({ fee: "smartstore", naverGrade: "small", naverOrder: "standard", rate: "4.98", tax: "general" });
  expect(bare.html).toMatch(/<option value="smartstore" selected="">네이버 스마트스토어<\/option>/);
  // What the GET form sends when the seller fills the amounts and presses 계산하기 on that page.
  const { status, data } = load(
    "?price=20000&cost=11000&customerShipping=0&shipping=3000&fee=smartstore&naverGrade=small&naverOrder=standard&coupangCategory=furniture&rate=4.98&shippingRate=4.98&ad=0&tax=general",
  );
  expect(status).toBe(200);
  // 20,000 × 4.98% = 996 → 5,004 before VAT; 455 − 260 = 195 → 4,809.
  expect(data.result?.profit).toBe(4_809);
});

test("the side-by-side table without JavaScript: the same product on 스마트스토어 and 쿠팡, computed on the server", () => {
  const { data, html } = load(
    "?price=15900&cost=8000&customerShipping=3000&shipping=3000&ad=500&fee=smartstore&naverGrade=general&naverOrder=standard&coupangCategory=furniture&tax=general-large",
  );
  expect(data.comparison?.coupang.result.profit).toBe(4_920);
  const table = html.match(/<table[\s\S]*?<\/table>/)?.[0] ?? "";
  expect(table).toContain("네이버 스마트스토어(일반 · 마케팅 링크 외 주문)");
  expect(table).toContain("쿠팡(가구·홈인테리어)");
  // 스마트스토어 6.63% on 18,900 = 1,253 → B 6,147 → 5,588; 쿠팡 1,988 → 4,920 (the review's example B).
  for (const text of ["6.63% / 6.63%", "11.88% / 3.3%", "1,253원", "1,988원", "5,588원", "4,920원", "28.6%"]) expect(table).toContain(text);
});

test("the 과세 유형 and, apart from it, the product's 면세 change 순이익", () => {
  const query = "?price=24900&cost=15000&customerShipping=0&shipping=3500&ad=0&fee=smartstore&naverGrade=general&naverOrder=standard";
  // 24,900 × 6.63% = 1,651 → 4,749 before VAT; (매출 − 매입)/11 = 432; the card credit 24,900 × 1.3% = 324.
  expect(load(`${query}&tax=general-large`).data.result?.profit).toBe(4_317);
  expect(load(`${query}&tax=general`).data.result?.profit).toBe(4_641);
  for (const tax of ["general", "simplified"]) {
    const exempt = load(`${query}&tax=${tax}&goods=exempt`);
    expect(exempt.data.result?.profit, tax).toBe(4_749);
    expect(exempt.html).toContain("낼 부가세가 없어 비용만 뺀 금액");
    expect(exempt.html).toContain("순이익 ÷ 결제 금액");
    expect(exempt.html).not.toContain("신용카드 등 매출세액공제:");
  }
  // A link from before: 면세 was a 과세 유형.
  expect(load(`${query}&tax=exempt`).data.values).toMatchObject({ tax: "general", goods: "exempt" });
  // Two selects: the seller's type, with no 면세 among them, and the product's.
  const { html } = load(query);
  const select = (name: string) => html.match(new RegExp(`<select[^>]*name="${name}"[\\s\\S]*?</select>`))?.[0] ?? "";
  expect(select("tax")).not.toContain("면세");
  expect(select("goods")).toMatch(/<option value="taxable" selected="">과세 상품/);
  expect(select("goods")).toMatch(/<option value="exempt"[^>]*>면세 상품/);
  expect(html).toContain('<label for="field-goods"');
});

test.each([
  [
    "letters",
    "?price=abc&cost=1000&customerShipping=0&shipping=0&rate=5&ad=0&fee=custom",
    { price: "숫자만 입력해 주세요(원 단위, 소수점 없이)." },
  ],
  [
    "a negative amount",
    "?price=1000&cost=-5&customerShipping=0&shipping=0&rate=5&ad=0&fee=custom",
    { cost: "0원 이상으로 입력해 주세요." },
  ],
  [
    "an astronomically large amount",
    `?price=${"9".repeat(40)}&cost=1&customerShipping=0&shipping=0&rate=5&ad=0&fee=custom`,
    { price: "1억 원 이하로 입력해 주세요." },
  ],
  [
    "a rate over 100%",
    "?price=1000&cost=1&customerShipping=0&shipping=0&rate=100.01&ad=0&fee=custom",
    { rate: "100 이하로 입력해 주세요." },
  ],
  [
    "empty fields",
    "?price=&cost=&customerShipping=&shipping=&rate=&ad=&fee=custom",
    {
      price: "판매가를 입력해 주세요.",
      cost: "공급가를 입력해 주세요.",
      customerShipping: "고객 배송비를 입력해 주세요.",
      shipping: "판매자 부담 배송비를 입력해 주세요.",
      rate: "판매 수수료율을 입력해 주세요.",
      ad: "광고비를 입력해 주세요.",
    },
  ],
  [
    "a 10,000-character query string",
    `?price=${"7".repeat(10_000)}&cost=${"x".repeat(10_000)}&customerShipping=0&shipping=0&rate=5&ad=0`,
    {
      price: "1억 원 이하로 입력해 주세요.",
      cost: "숫자만 입력해 주세요(원 단위, 소수점 없이).",
    },
  ],
  [
    "NaN and Infinity typed in",
    "?price=NaN&cost=Infinity&customerShipping=0&shipping=0&rate=NaN&ad=0&fee=custom",
    {
      price: "숫자만 입력해 주세요(원 단위, 소수점 없이).",
      cost: "숫자만 입력해 주세요(원 단위, 소수점 없이).",
      rate: "숫자로 입력해 주세요(소수점 아래 두 자리까지, 예: 6.63).",
    },
  ],
])("bad input (%s): 400, a Korean message per field, no result, never NaN or Infinity on the page", (_name, query, expected) => {
  const { status, data, html } = load(query);
  expect(status).toBe(400);
  expect(data.result).toBeNull();
  expect(data.errors).toEqual(expected);
  for (const message of Object.values(expected)) expect(html).toContain(message);
  expect(html).not.toMatch(/<dt[^>]*>정산 예정액/);
  const visible = html.replace(/<[^>]*>/g, " ").replace(/value="[^"]*"/g, "");
  expect(visible).not.toMatch(/NaN원|Infinity원|NaN%|Infinity%/);
  expect(html.length).toBeLessThan(20_000); // the long parameter is not echoed back whole
});

test("a prefill link from a supplier page fills the field and reports nothing yet", () => {
  const { status, data, html } = load("?shipping=3000");
  expect(status).toBe(200);
  expect(data.errors).toEqual({});
  expect(data.values.shipping).toBe("3000");
  expect(html).toContain('value="3000"');
  expect(html).not.toContain("입력해 주세요.");
});

test("the bare page: an empty form, no messages, no table yet", () => {
  const { status, data, html } = load("");
  expect(status).toBe(200);
  expect(data).toMatchObject({ errors: {}, result: null, comparison: null });
  expect(html).not.toContain("<table");
});

test("while the seller types (the small module's background request), only filled fields report, and a result still shows", () => {
  const typing = { [LIVE_FORM_HEADER]: "1" };
  // The first figure typed: not yet a wall of "입력해 주세요" for the fields still empty.
  const first = load("?price=20000&cost=&customerShipping=&shipping=&fee=smartstore&rate=&ad=", typing);
  expect(first.status).toBe(200);
  expect(first.data.errors).toEqual({});
  expect(first.html).toContain("판매가와 공급가를 넣으면 결과가 여기에 표시됩니다.");
  // A filled field's bad value does report, at its field.
  const bad = load("?price=이만원&cost=10000&customerShipping=0&shipping=0&fee=smartstore&ad=0", typing);
  expect(bad.data.errors).toEqual({ price: "숫자만 입력해 주세요(원 단위, 소수점 없이)." });
  expect(bad.html).toMatch(/aria-invalid="true"[^>]*aria-describedby="field-price-error"/);
  // Every field filled: the result and the comparison, as after 계산하기.
  const done = load(good, typing);
  expect(done.data.result?.profit).toBe(4_964);
  expect(done.html).toContain("<table");
  // The same query sent by the form itself reports every empty field.
  expect(load("?price=20000&cost=&customerShipping=&shipping=&fee=smartstore&rate=&ad=").status).toBe(400);
});

test("the form is the live form, and the parts the module brings up to date have ids to find them by", () => {
  const { html } = load(good);
  const form = html.match(/<form [^>]*>/)?.[0] ?? "";
  for (const attribute of ['id="margin-form"', 'method="get"', 'action="/tools/margin"', 'data-live-form=""', 'data-live-part=""'])
    expect(form).toContain(attribute);
  for (const id of ["margin-outcome", "margin-tax-note", "margin-comparison"])
    expect(html).toMatch(new RegExp(`id="${id}"[^>]*data-live-part=""`));
  // A rate typed by hand switches the basis to 직접 입력 in the browser.
  expect(html.match(/data-live-sets="fee=custom"/g)).toHaveLength(2);
});

/** Each picture of the margin on the page: its aria-label, its parts (`data-part` → amount and width) and its span. */
function bars(html: string) {
  return [...html.matchAll(/<figure[^>]*data-margin-bar="([^"]+)"[\s\S]*?<\/figure>/g)].map(([figure, id]) => {
    const svg = figure.match(/<svg role="img"[^>]*>/)?.[0] ?? "";
    const attribute = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1] ?? "";
    const parts = [...figure.matchAll(/<rect data-part="([a-z]+)"[^>]*>/g)].map(([rect, part]) => ({
      part: part ?? "",
      amount: Number(attribute(rect, "data-amount")),
      x: Number(attribute(rect, "x")),
      width: Number(attribute(rect, "width")),
    }));
    const figures = Object.fromEntries(
      [...figure.matchAll(/<li[^>]*data-figure="([a-z]+)" data-won="([^"]+)"[^>]*>[\s\S]*?<\/li>/g)].map(([item, key, won]) => {
        // The text beside the swatch says the same amount.
        expect(item).toContain(`${won}`);
        return [key, won];
      }),
    );
    return {
      id,
      label: attribute(svg, "aria-label"),
      span: Number(attribute(svg, "data-span")),
      sale: Number(attribute(svg, "data-sale")),
      parts,
      figures,
    };
  });
}

/** The comparison table's cells of one row, left to right (스마트스토어, 쿠팡). */
const tableRow = (html: string, label: string) =>
  [...(html.match(new RegExp(`<th scope="row"[^>]*>${label}</th>([\\s\\S]*?)</tr>`))?.[1] ?? "").matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map(
    ([, cell]) => cell,
  );

test("the picture of the margin: one SVG bar per result, drawn on the server, whose figures are the table's", () => {
  const { data, html } = load(
    "?price=15900&cost=8000&customerShipping=3000&shipping=3000&ad=500&fee=smartstore&naverGrade=general&naverOrder=standard&coupangCategory=furniture&tax=general-large",
  );
  const drawn = bars(html);
  expect(drawn.map((bar) => bar.id)).toEqual(["margin-bar-result", "margin-bar-smartstore", "margin-bar-coupang"]);
  // No script and no chart library: the bar is plain SVG with a name for screen readers.
  expect(html).not.toMatch(/<script/);
  expect(html.match(/<svg role="img" aria-label="/g)).toHaveLength(3);

  const [result, smartstore, coupang] = drawn;
  const fees = tableRow(html, "수수료");
  const profits = tableRow(html, "순이익");
  expect(fees).toEqual(["1,253원", "1,988원"]);
  for (const [bar, fee, profit] of [
    [smartstore, fees[0], profits[0]],
    [coupang, fees[1], profits[1]],
  ] as const) {
    // The text under the bar, and its aria-label, say the table's 수수료 and 순이익.
    expect(bar?.figures.fee).toBe(fee);
    expect(bar?.figures.profit).toBe(profit);
    expect(bar?.label).toContain(`수수료 ${fee}`);
    expect(bar?.label).toContain(`순이익 ${profit}`);
    expect(bar?.label).toMatch(/^결제 금액 18,900원\(판매가 15,900원 \+ 고객 배송비 3,000원\): /);
    for (const part of ["배송비 3,000원", "광고비 500원", "공급가 8,000원"]) expect(bar?.label).toContain(part);
  }
  expect(result?.figures.profit).toBe(`${data.result?.profit.toLocaleString("ko-KR")}원`);
  expect(result?.figures.fee).toBe(`${data.result?.fee.toLocaleString("ko-KR")}원`);

  for (const bar of drawn) {
    // The parts fill the whole payment exactly, each as wide as its share of it.
    expect(bar.sale).toBe(18_900);
    expect(bar.span).toBe(18_900);
    expect(bar.parts.map((part) => part.part)).toEqual(["fee", "shipping", "ad", "vat", "cost", "profit"]);
    expect(bar.parts.reduce((sum, part) => sum + part.amount, 0)).toBe(bar.sale);
    let x = 0;
    for (const part of bar.parts) {
      expect(part.x).toBeCloseTo(x, 1);
      expect(part.width).toBeCloseTo((part.amount / bar.span) * 1000, 1);
      x += part.width;
    }
    expect(x).toBeCloseTo(1000, 1);
    // Every figure of the text is on the bar, and the other way round.
    for (const part of bar.parts) expect(bar.figures[part.part]).toBe(`${part.amount.toLocaleString("ko-KR")}원`);
  }
});

test("a loss is drawn as such: the costs run past the sale, the stretch beyond (less a VAT refund) hatched as the loss", () => {
  // 10,000 at 11.88 % with 9,500 + 3,000 of costs: 부가세 전 이익 −3,688, a VAT refund of 335, 순이익 −3,353.
  const { data, html } = load("?price=10000&cost=9500&customerShipping=0&shipping=3000&ad=0&fee=custom&rate=11.88&tax=general-large");
  expect(data.result).toMatchObject({ fee: 1_188, vat: -335, profit: -3_353 });
  const [bar] = bars(html);
  expect(bar?.label).toBe("판매가 10,000원: 수수료 1,188원, 배송비 3,000원, 부가세 -335원(환급), 공급가 9,500원, 순이익 -3,353원(손실)");
  expect(bar?.figures).toMatchObject({ fee: "1,188원", vat: "-335원", profit: "-3,353원" });
  const part = (name: string) => bar?.parts.find((p) => p.part === name);
  // The costs (13,688) are the bar; the sale ends at 10,000, the refund covers 335 more, the rest is the loss.
  expect(bar?.span).toBe(13_688);
  expect(bar?.parts.filter((p) => !["loss", "refund"].includes(p.part)).reduce((sum, p) => sum + p.amount, 0)).toBe(13_688);
  expect(part("profit")).toBeUndefined();
  expect(part("refund")).toMatchObject({ amount: 335 });
  expect(part("refund")?.x).toBeCloseTo((10_000 / 13_688) * 1000, 1);
  expect(part("loss")).toMatchObject({ amount: 3_353 });
  expect(part("loss")?.x).toBeCloseTo((10_335 / 13_688) * 1000, 1);
  expect((part("loss")?.x ?? 0) + (part("loss")?.width ?? 0)).toBeCloseTo(1000, 1);
  expect(html).toContain('data-part="sale-end"');
  expect(html).toMatch(/빗금 3,353원은 판매가로 채우지 못한 비용, 곧 손실입니다\(부가세 환급 335원을 뺀 금액\)/);
});
