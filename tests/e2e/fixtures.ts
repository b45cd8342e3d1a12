import { test as base, expect, type Page } from "@playwright/test";

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

export { expect };

let counter = 0;
/** A unique address per call, so journeys never collide with one another. */
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export const PASSWORD = "correct-horse-9";

/** Signs up through the real form and waits until the app has moved on. */
export async function signUp(page: Page, email = uniqueEmail()) {
  await page.goto("/signup");
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(PASSWORD);
  await page.getByRole("button", { name: "회원가입" }).click();
  await page.waitForURL("**/add");
  return email;
}

/** The admin (ADMIN_EMAILS=admin@example.com in playwright.config.ts): signs up once, then logs in. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/login");
  await page.getByLabel("이메일").fill("admin@example.com");
  await page.getByLabel("비밀번호").fill(PASSWORD);
  await page.getByRole("button", { name: "로그인" }).click();
  const outcome = await Promise.race([
    page.waitForURL("**/admin").then(() => "in" as const),
    page.getByRole("alert").filter({ hasText: "로그인 실패" }).waitFor().then(() => "no account" as const),
  ]);
  if (outcome === "no account") {
    await signUp(page, "admin@example.com");
    await page.goto("/admin");
  }
}
