import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { shippedSiteConfig as shipped, siteConfigFiles } from "#tests/site-config-files.ts";

const useSiteConfig = siteConfigFiles();

/** The privacy policy as a visitor gets it, for a configuration and an SMTP_URL (or none). */
async function privacyPage(config: unknown, smtpUrl: string) {
  useSiteConfig(config);
  vi.stubEnv("SMTP_URL", smtpUrl);
  const { legalPageData, checkProcessorsListed } = await import("./legal.server.ts");
  const { PrivacyPolicy } = await import("./privacy-policy.tsx");
  const router = createMemoryRouter([{ path: "/", element: <PrivacyPolicy data={legalPageData()} /> }]);
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  const section = (id: string) => html.match(new RegExp(`<section aria-labelledby="${id}"[\\s\\S]*?</section>`))?.[0] ?? "";
  return { html, processors: section("processors"), cookies: section("cookies"), checkProcessorsListed };
}

const mail = shipped.legal.processors.find((p: { role?: string }) => p.role === "mail");
const hosting = shipped.legal.processors.find((p: { role?: string }) => p.role === "hosting");

test("the mail service is listed as a processor while SMTP_URL sends mail through it, and not when mail goes to the log", async () => {
  expect(mail?.name).toBeTruthy();
  const sending = await privacyPage(shipped, "smtp://user:pass@127.0.0.1:2525");
  expect(sending.processors).toContain(hosting.name);
  expect(sending.processors).toContain(mail.name);
  expect(sending.processors).toContain(mail.task);
  vi.resetModules();
  const logging = await privacyPage(shipped, "");
  expect(logging.processors).toContain(hosting.name);
  expect(logging.processors).not.toContain(mail.name);
});

test("a server that sends mail must name its mail service: the start-up check refuses a configuration without one", async () => {
  const withoutMail = { ...shipped, legal: { ...shipped.legal, processors: [hosting] } };
  const { checkProcessorsListed } = await privacyPage(withoutMail, "smtp://127.0.0.1:2525");
  expect(() => checkProcessorsListed()).toThrow(/SMTP_URL is set but config\/site\.json legal\.processors names no mail service/);
  vi.resetModules();
  const fine = await privacyPage(withoutMail, "");
  expect(() => fine.checkProcessorsListed()).not.toThrow();
});

test("a processor abroad: the policy says what 개인정보 보호법 제28조의8 asks (items, country, when and how, who and a contact, purpose, retention, how to refuse)", async () => {
  const abroad = {
    name: "Example Mail Inc.",
    task: "가입 확인과 비밀번호 재설정 메일 발송",
    country: "미국",
    role: "mail",
    transferredItems: "이메일 주소",
    transferTiming: "메일을 보낼 때마다 암호화된 네트워크로 전송",
    contact: "privacy@mail.example",
    retention: "발송 후 30일",
  };
  const { processors } = await privacyPage(
    { ...shipped, legal: { ...shipped.legal, processors: [hosting, abroad] } },
    "smtp://127.0.0.1:2525",
  );
  expect(processors).toContain("개인정보의 국외 이전");
  for (const text of [
    "Example Mail Inc.(privacy@mail.example)",
    "미국",
    "이메일 주소",
    "메일을 보낼 때마다 암호화된 네트워크로 전송",
    "발송 후 30일",
    abroad.task,
  ]) {
    expect(processors).toContain(text);
  }
  expect(processors).toMatch(/국외 이전을 원하지 않으면[^<]*개인정보 보호책임자[^<]*회원 탈퇴/);
  expect(processors).toContain("이전을 거부하면");
  vi.resetModules();
  const home = await privacyPage(shipped, "");
  expect(home.processors).toContain("개인정보를 국외로 이전하지 않습니다.");
});

/** Every source file of the app (not tests): what the browser may be given, to look for what it stores. */
function appSourceFiles(dir = "app"): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return appSourceFiles(file);
    if (!/\.(tsx?|js)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [{ file, text: fs.readFileSync(file, "utf8") }];
  });
}

/** The cookies the app sets of its own with React Router's createCookie. */
const cookiesInCode = () =>
  appSourceFiles().flatMap(({ text }) => [...text.matchAll(/createCookie\(\s*"([^"]+)"/g)].map((m) => m[1] ?? ""));

/** The app files that write to the browser's sessionStorage. */
const sessionStorageWriters = () => appSourceFiles().flatMap(({ file, text }) => (text.includes("sessionStorage.setItem(") ? [file] : []));

test("the cookie section names every cookie the code sets: Better Auth's login cookie, and each createCookie", async () => {
  const { cookies } = await privacyPage(shipped, "");
  expect(cookiesInCode().sort()).toEqual(["compare", "flash"]);
  expect(cookies).toContain("세 가지 쿠키");
  expect(cookies.match(/<li>/g)).toHaveLength(1 + cookiesInCode().length);
  for (const name of ["로그인 쿠키", "알림 쿠키", "비교 쿠키"]) expect(cookies).toContain(name);
  expect(cookies).not.toContain("저장 확인 쿠키");
});

test("the cookie section also says what the pages keep in sessionStorage: the place on the page and whether the font came", async () => {
  expect(sessionStorageWriters().sort()).toEqual(["app/components/web-font.tsx", "app/scripts/page-enhancements.js"]);
  const { cookies } = await privacyPage(shipped, "");
  expect(cookies).toContain("세션 저장소(sessionStorage)에 두 가지");
  expect(cookies).toContain("스크롤 위치");
  expect(cookies).toContain("글꼴을 이미 받았는지");
});

test("with read replicas (DATABASE_REPLICA_URLS) the policy names the fourth cookie a write answers with", async () => {
  vi.stubEnv("DATABASE_URL", "postgres://127.0.0.1:5432/domae");
  vi.stubEnv("AUTH_SECRET", "privacy-secret-privacy-secret-privacy-00");
  vi.stubEnv("DATABASE_REPLICA_URLS", "postgres://127.0.0.1:5433/domae");
  const { cookies } = await privacyPage(shipped, "");
  expect(cookies).toContain("네 가지 쿠키");
  expect(cookies.match(/<li>/g)).toHaveLength(4);
  expect(cookies).toContain("저장 확인 쿠키");
  expect(cookies).toContain("10초 뒤에 사라집니다");
});
