import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { CATEGORIES, isCategory } from "#app/db/categories.ts";
import { CATEGORY_NOTE_IDS, notesForCategory, REGULATORY_NOTES } from "#content/regulatory-notes.ts";
import { CategoryRegulatoryNotes, SupplierSellingHelp } from "./regulatory-note-list.tsx";

const today = new Date().toISOString().slice(0, 10);

test("every note: a short text, an official https link, dated sources read on a real past day", () => {
  expect(new Set(REGULATORY_NOTES.map((n) => n.id)).size).toBe(REGULATORY_NOTES.length);
  for (const note of REGULATORY_NOTES) {
    expect(note.text.length).toBeGreaterThan(60);
    expect(note.text.length).toBeLessThan(320); // a note, not an article
    expect(note.text).toMatch(/(니다|세요)\.$/); // polite 합니다체, a full sentence
    const official = new URL(note.official.url);
    expect(official.protocol).toBe("https:");
    // The place to act is a public body's site (제품안전정보센터 is 국가기술표준원's, on its own domain).
    expect(official.hostname).toMatch(/(\.go\.kr|\.gov\.kr|^www\.safetykorea\.kr)$/);
    expect(note.sources.length).toBeGreaterThanOrEqual(1);
    for (const source of note.sources) {
      for (const value of [source.name, source.publisher, source.date]) expect(value.trim()).not.toBe("");
      expect(new URL(source.url).protocol).toMatch(/^https?:$/);
    }
    expect(new Date(`${note.read}T00:00:00Z`).toISOString().slice(0, 10)).toBe(note.read);
    expect(note.read <= today).toBe(true);
  }
});

test("the notes are mapped onto the real category chips, and the issue's permits are all covered", () => {
  for (const [category, ids] of Object.entries(CATEGORY_NOTE_IDS)) {
    expect(isCategory(category), category).toBe(true);
    expect(notesForCategory(category)).toHaveLength(ids.length + 1);
  }
  const titles = (category: string) =>
    notesForCategory(category)
      .map((n) => n.title)
      .join(" ");
  expect(titles("식품")).toMatch(/통신판매업.*영업신고.*건강기능식품/);
  expect(titles("유아/완구")).toContain("KC");
  expect(titles("디지털/가전")).toMatch(/KC 인증.*전파인증/);
  expect(titles("생활")).toContain("초록누리");
  // 차량용 방향제 is a 안전확인대상 생활화학제품.
  expect(titles("자동차")).toContain("초록누리");
  expect(titles("헬스케어/뷰티")).toMatch(/건강기능식품.*화장품 책임판매업.*의료기기/);
  expect(notesForCategory("")).toEqual([]);
  expect(notesForCategory("없는 카테고리")).toEqual([]);
});

test("통신판매업 applies to every category, with the exemption as the 고시 words it", () => {
  for (const category of CATEGORIES) expect(notesForCategory(category)[0]?.title, category).toBe("통신판매업 신고");
  const mailOrder = REGULATORY_NOTES.find((n) => n.id === "mail-order")!;
  expect(mailOrder.text).toContain("직전 연도의 통신판매 거래 횟수가 50회 미만이거나 간이과세자이면");
  expect(mailOrder.text).not.toMatch(/이하이면/);
  // The exemption is the law's: 쿠팡 may still ask for the 신고증 at sign-up, and the note says so with its source.
  expect(mailOrder.text).toMatch(/쿠팡.*통신판매업 신고증/);
  expect(mailOrder.sources.some((s) => /쿠팡윙/.test(s.name))).toBe(true);
});

test("의료기기: no exempt item named from old articles; the rule and its exemption read from the law", () => {
  const devices = REGULATORY_NOTES.find((n) => n.id === "medical-devices")!;
  expect(devices.text).not.toMatch(/체온계|혈압계|혈당측정기|임신테스트기/);
  expect(devices.sources.map((s) => s.name)).toEqual(
    expect.arrayContaining(["의료기기법 제17조(판매업 등의 신고)", "의료기기법 시행규칙 제24조의2(판매업 신고 등의 면제)"]),
  );
});

test("축산물판매업 is a 영업신고, not a 허가", () => {
  const food = REGULATORY_NOTES.find((n) => n.id === "food-business")!;
  expect(food.text).toContain("축산물판매업 영업신고");
  expect(food.text).not.toContain("영업 허가");
});

function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

test("the /list view shows a category's notes with the official link and a source line, and nothing elsewhere", () => {
  const html = render(<CategoryRegulatoryNotes category="헬스케어/뷰티" notes={notesForCategory("헬스케어/뷰티")} />);
  expect(html).toContain("헬스케어/뷰티 판매 전 확인하세요");
  expect(html).toContain("건강기능식품 판매업 영업신고");
  expect(html).toContain('href="https://www.foodsafetykorea.go.kr/" target="_blank" rel="noopener noreferrer"');
  expect(html).toMatch(/출처: .*여주시 보건소.*2026\. 11\. 23\. 확인/);
  expect(html.indexOf("통신판매업 신고")).toBeLessThan(html.indexOf("건강기능식품 판매업 영업신고"));
  expect(render(<CategoryRegulatoryNotes category="의류" notes={notesForCategory("의류")} />)).toContain("통신판매업 신고");
  expect(render(<CategoryRegulatoryNotes category="" notes={notesForCategory("")} />)).toBe("");
});

test("a supplier page links to the margin calculator, with its shipping fee as a prefill when known", () => {
  expect(render(<SupplierSellingHelp notes={notesForCategory("의류")} />)).toContain('href="/tools/margin"');
  const html = render(<SupplierSellingHelp notes={notesForCategory("생활")} shipping={3000} />);
  expect(html).toContain('href="/tools/margin?shipping=3000"');
  expect(html).toContain(">마진 계산기</a>");
  expect(html).toContain("생활화학제품 신고번호(초록누리)");
});
