import { test as base, expect, type Page } from "@playwright/test";
import { mailCount, mailedLink } from "./mailbox.ts";

/** Every page test fails if the browser reports a CSP violation or a script error. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "no CSP violations or script errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { mailCount, mailedLink } from "./mailbox.ts";

/**
 * Waits until React has hydrated the page (its fibers are on <main>): a journey that asserts what the page does
 * with JavaScript (the margin calculator's live result, a client-side navigation) waits for it first.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
  });
}
export { expect };

/**
 * An admin deletes the supplier named `name` from /admin (with the page's confirm dialog): a journey that added a
 * supplier with known terms leaves the shared directory as it found it, since the filter journeys count the demo's.
 */
export async function deleteSupplierAsAdmin(page: Page, name: string) {
  await page.goto("/admin");
  await hydrated(page);
  await page.getByRole("row").filter({ hasText: name }).getByRole("button", { name: "삭제" }).click();
  await page.getByRole("alertdialog", { name: "정말 삭제하시겠습니까?" }).getByRole("button", { name: "삭제" }).click();
  await expect(page.getByText("삭제 완료되었습니다.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
}

let counter = 0;
/** A unique address per call, so journeys never collide with one another. */
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export const PASSWORD = "correct-horse-9";

/**
 * The one-time message an action's redirect brings: drawn by the server (a status, or an alert for an error) with
 * or without JavaScript, and closed by CSS after 3 s.
 */
export function oneTimeMessage(page: Page, text: string) {
  return page.getByText(text).or(page.getByRole("status").filter({ hasText: text }));
}

/** The sign-up's `전체 동의`, which ticks every consent item (ui-contract, fourth release). */
export const CONSENT_LABEL = "전체 동의";

/** Fills and sends the sign-up form (the page must be open): address, password, every consent item. */
export async function fillSignUp(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(password);
  await page.getByLabel(CONSENT_LABEL).check();
  await page.getByRole("button", { name: "회원가입" }).click();
}

/** Signs up through the real form and waits until the app has moved on (a sign-up opened directly ends on /list). */
export async function signUp(page: Page, email = uniqueEmail()) {
  await page.goto("/signup");
  await fillSignUp(page, email);
  await page.waitForURL("**/list");
  return email;
}

/**
 * Presses 로그아웃 and waits until the header shows 로그인: a `page.goto` right after the click could
 * leave before the logout's POST had answered, still signed in (a flaky failure, 1 run in 4).
 */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "로그아웃" }).click();
  await expect(page.getByRole("link", { name: "로그인", exact: true })).toBeVisible();
}

/**
 * Opens a mailed /verify-email link and presses its button: an ADMIN_EMAILS address becomes an admin
 * (docs/spec/decisions.md 30). `after` is mailCount() from before the mail was sent.
 */
export async function proveAddress(page: Page, email: string, after = 0) {
  await page.goto(await mailedLink(email, "/verify-email", after));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("이메일 주소 확인");
  await page.getByRole("button", { name: "이메일 주소 확인하기" }).click();
}

/**
 * The admin (ADMIN_EMAILS=admin@example.com in playwright.config.ts): the first call signs up, reads the
 * confirmation link from the server's log and opens it, as the real owner of the address would; later
 * calls log in.
 */
export async function signInAsAdmin(page: Page) {
  await page.goto("/login");
  await page.getByLabel("이메일").fill("admin@example.com");
  await page.getByLabel("비밀번호").fill(PASSWORD);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  const outcome = await Promise.race([
    page.waitForURL("**/admin").then(() => "in" as const),
    page
      .getByRole("alert")
      .filter({ hasText: "로그인 실패" })
      .waitFor()
      .then(() => "no account" as const),
  ]);
  if (outcome === "no account") {
    const before = mailCount();
    await signUp(page, "admin@example.com");
    await proveAddress(page, "admin@example.com", before);
    await page.waitForURL("**/admin");
  }
}
