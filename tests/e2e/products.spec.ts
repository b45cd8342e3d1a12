import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page, Route } from "@playwright/test";
import { expect, signInAsAdmin, signOut, signUp, test } from "./fixtures.ts";

let serial = 0;
function uniqueName(base: string) {
  serial += 1;
  return `${base} ${Date.now().toString(36)}${serial}`;
}

/** Registers a product through /add and returns its id (read from the edit form of its card's 수정 button). */
async function addProduct(
  page: Page,
  name: string,
  fields: { price?: string; summary?: string; siteUrl?: string; imageUrl?: string } = {},
) {
  await page.goto("/add");
  await page.getByLabel("상품명").fill(name);
  if (fields.summary) await page.getByLabel("요약").fill(fields.summary);
  if (fields.price) await page.getByLabel("가격").fill(fields.price);
  if (fields.imageUrl) await page.getByLabel("이미지 URL").fill(fields.imageUrl);
  if (fields.siteUrl) await page.getByLabel("상품 페이지 URL").fill(fields.siteUrl);
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page.getByText("상품이 등록되었습니다.")).toBeVisible();
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await expect(cardOf(page, name).getByRole("button", { name: "수정" })).toBeVisible();
  const action = await cardOf(page, name).locator('form[action^="/edit/"]').getAttribute("action");
  return Number(action?.split("/").pop());
}

/** Holds a form POST for a moment, so its in-progress label can be seen (page loads pass straight through). */
async function holdPost(route: Route) {
  if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 800));
  await route.continue().catch(() => {});
}

const cardOf = (page: Page, name: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("/products: one search filters both sections; an empty result says so; no 상품 등록 for visitors", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("상품 검색");
  await expect(page.getByRole("link", { name: "상품 등록" })).toHaveCount(0);

  await page.getByLabel("상품 검색").fill("의자");
  await page.getByLabel("상품 검색").press("Enter");
  await expect(page).toHaveURL(/\/products\?q=%EC%9D%98%EC%9E%90$/);
  await expect(page.getByRole("heading", { level: 2, name: "도매처 등록 상품" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "외부 인기 상품" })).toBeVisible();
  await expect(cardOf(page, "접이식 캠핑 의자")).toBeVisible();
  await expect(cardOf(page, "캠핑 의자")).toBeVisible();
  await expect(cardOf(page, "텀블러")).toHaveCount(0);
  // Prices as Korean won; outside links open in a new tab.
  await expect(cardOf(page, "접이식 캠핑 의자")).toContainText(/[\d,]+원/);
  const outside = cardOf(page, "캠핑 의자").getByRole("link");
  await expect(outside).toHaveAttribute("target", "_blank");
  await expect(outside).toHaveAttribute("rel", "noopener noreferrer");
  // Visitors get no owner controls.
  await expect(page.getByRole("button", { name: "수정" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "삭제" })).toHaveCount(0);

  await page.goto("/products?q=텀블러");
  await expect(cardOf(page, "텀블러")).toBeVisible();

  await page.goto("/products?q=존재하지않는상품명");
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
});

test("register, edit (then /products after a second) and delete with a confirmation", async ({ page }) => {
  await signUp(page);
  await page.goto("/products");
  await expect(page.getByRole("link", { name: "상품 등록" })).toHaveAttribute("href", "/add");

  const name = uniqueName("등록 테스트 텀블러");
  await page.goto("/add");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("상품 등록");
  await page.getByLabel("상품명").fill(name);
  await page.getByLabel("요약").fill("보온 보냉이 되는 500ml 텀블러");
  await page.getByLabel("가격").fill("12,000원");
  await page.getByLabel("상품 페이지 URL").fill("https://shop.example.com/tumbler");
  await page.getByLabel("이미지 URL").fill("https://img.example.com/tumbler.jpg");
  // Hold the request a moment to see the in-progress label.
  await page.route(/\/add\.data/, holdPost);
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page.getByRole("button", { name: "등록 중..." })).toBeDisabled();
  await expect(page.getByText("상품이 등록되었습니다.")).toBeVisible();
  await page.unroute(/\/add\.data/);
  // The form starts over.
  await expect(page.getByLabel("상품명")).toHaveValue("");
  await expect(page.getByLabel("가격")).toHaveValue("");

  await page.goto(`/products?q=${encodeURIComponent("등록 테스트")}`);
  const card = cardOf(page, name);
  await expect(card).toContainText("12,000원");
  await expect(card).toContainText("보온 보냉이 되는 500ml 텀블러");
  // The server cannot fetch img.example.com here: until a copy of its own is ready (never, in this test) the
  // card shows the drawn placeholder, and the browser never asks img.example.com itself.
  await expect(card.locator("img")).toHaveCount(0);

  // /products is a script-free page (ADR 0031): 수정 is a plain GET form (the browser adds an empty `?`).
  await card.getByRole("button", { name: "수정" }).click();
  await expect(page).toHaveURL(/\/edit\/\d+\??$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("상품 수정");
  await expect(page.getByLabel("가격")).toHaveValue("12000");
  const edited = `${name} (수정됨)`;
  await page.getByLabel("상품명").fill(edited);
  await page.getByLabel("가격").fill("9900");
  await page.route(/\/edit\/\d+\.data/, holdPost);
  await page.getByRole("button", { name: "수정하기" }).click();
  await expect(page.getByRole("button", { name: "수정 중..." })).toBeDisabled();
  await expect(page.getByText("수정 완료!")).toBeVisible();
  expect(page.url()).toMatch(/\/edit\/\d+$/);
  await page.waitForURL(/\/products$/, { timeout: 5000 });

  await page.goto(`/products?q=${encodeURIComponent("등록 테스트")}`);
  const editedCard = cardOf(page, edited);
  await expect(editedCard).toContainText("9,900원");

  // The page has no scripts: the server asks (issue 23 item 3), 취소 goes back with nothing deleted.
  await editedCard.getByRole("button", { name: "삭제" }).click();
  const question = page.getByRole("heading", { name: "정말 삭제하시겠습니까?" });
  await expect(question).toBeVisible();
  await page.getByRole("link", { name: "취소" }).click();
  await expect(question).toHaveCount(0);
  await expect(editedCard).toBeVisible();

  await editedCard.getByRole("button", { name: "삭제" }).click();
  await expect(question).toBeVisible();
  await page.getByRole("button", { name: "삭제" }).click();
  await expect(page.getByText("삭제 완료!")).toBeVisible();
  await expect(editedCard).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
});

test("another user sees no 수정/삭제 on your card, and is refused by page and by direct POST", async ({ page }) => {
  await signUp(page);
  const name = uniqueName("소유권 테스트 의자");
  const id = await addProduct(page, name, { price: "5000" });
  await signOut(page);

  await signUp(page);
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  const card = cardOf(page, name);
  await expect(card).toBeVisible();
  await expect(card.getByRole("button", { name: "수정" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "삭제" })).toHaveCount(0);

  await page.goto(`/edit/${id}`);
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText("수정 권한이 없습니다.")).toBeVisible();

  const origin = new URL(page.url()).origin;
  const form = { name: "탈취된 이름", imageUrl: "", summary: "", price: "1", siteUrl: "" };
  const editPost = await page.request.post(`/edit/${id}`, { form, headers: { origin }, maxRedirects: 0 });
  expect(editPost.status()).toBe(403);
  const editData = await page.request.post(`/edit/${id}.data`, { form, headers: { origin }, maxRedirects: 0 });
  expect(editData.status()).toBe(403);
  const deletePost = await page.request.post("/products", {
    form: { intent: "delete", productId: String(id) },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(deletePost.status()).toBe(403);
  expect(await deletePost.text()).toContain("삭제 권한이 없습니다.");
  const deleteData = await page.request.post("/products.data", {
    form: { intent: "delete", productId: String(id), js: "1", confirm: "1" },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(deleteData.status()).toBe(403);

  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await expect(cardOf(page, name)).toContainText("5,000원");

  // Anonymous: the page sends to login, a direct write gets 401.
  await signOut(page);
  await page.goto(`/edit/${id}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fedit%2F${id}$`));
  const anonymous = await page.request.post(`/edit/${id}`, { form, headers: { origin }, maxRedirects: 0 });
  expect(anonymous.status()).toBe(401);
});

test("bad prices and javascript: addresses are refused with Korean messages and the typed values stay", async ({ page }) => {
  await signUp(page);
  await page.goto("/add");
  const name = uniqueName("검증 테스트");
  await page.getByLabel("상품명").fill(name);
  for (const [price, message] of [
    ["-1", "등록 실패: 가격은 0원 이상이어야 합니다."],
    ["1.5", "등록 실패: 가격은 소수점 없이 원 단위로 입력해 주세요."],
    ["abc", "등록 실패: 가격은 숫자로 입력해 주세요. (예: 12000, 12,000원)"],
  ] as const) {
    await page.getByLabel("가격").fill(price);
    await page.getByRole("button", { name: "등록하기" }).click();
    await expect(page.getByRole("alert")).toHaveText(message);
    await expect(page.getByLabel("가격")).toHaveValue(price);
    await expect(page.getByLabel("가격")).toHaveAttribute("aria-invalid", "true");
  }
  await page.getByLabel("가격").fill("3,000");
  await page.getByLabel("상품 페이지 URL").fill("javascript:alert(document.cookie)");
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page.getByRole("alert")).toHaveText("등록 실패: 상품 페이지 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.");
  await page.getByLabel("상품 페이지 URL").fill("");
  await page.getByLabel("이미지 URL").fill("data:image/svg+xml,<svg onload=alert(1)>");
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page.getByRole("alert")).toHaveText("등록 실패: 이미지 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.");
  await expect(page.getByLabel("상품명")).toHaveValue(name);

  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
});

test("typing the product page address fills an empty 이미지 URL from the page's og:image", async ({ page }) => {
  const shop = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end('<html><head><meta property="og:image" content="/images/chair.png"></head><body>의자</body></html>');
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  const shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  try {
    await signUp(page);
    await page.goto("/add");
    const outside: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(shopOrigin)) outside.push(request.url());
    });
    await page.getByLabel("상품 페이지 URL").pressSequentially(`${shopOrigin}/chair`, { delay: 5 });
    await expect(page.getByLabel("이미지 URL")).toHaveValue(`${shopOrigin}/images/chair.png`);
    // The browser asked our own server, never the shop.
    expect(outside).toEqual([]);

    // An address typed by the person is never replaced.
    await page.getByLabel("이미지 URL").fill("https://img.example.com/mine.jpg");
    await page.getByLabel("상품 페이지 URL").fill(`${shopOrigin}/other`);
    await page.waitForTimeout(1200);
    await expect(page.getByLabel("이미지 URL")).toHaveValue("https://img.example.com/mine.jpg");
  } finally {
    shop.closeAllConnections();
    await new Promise((resolve) => shop.close(resolve));
  }
});

test("/search and /external-products: filter by name; nothing found says so", async ({ page }) => {
  for (const path of ["/search", "/external-products"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("인기 상품 검색");
    await expect(cardOf(page, "무선 이어폰")).toBeVisible();
    await page.getByLabel("상품명 검색").fill("캠핑");
    await page.getByLabel("상품명 검색").press("Enter");
    await expect(page).toHaveURL(new RegExp(`${path}\\?q=`));
    await expect(cardOf(page, "캠핑 의자")).toBeVisible();
    await expect(cardOf(page, "무선 이어폰")).toHaveCount(0);
    const link = cardOf(page, "캠핑 의자").getByRole("link");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await page.getByLabel("상품명 검색").fill("없는상품이름");
    await page.getByLabel("상품명 검색").press("Enter");
    await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
  }
});

test("/admin/add-product: the saved message becomes a link to the product page, and the form clears", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/add-product");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("상품 등록 (관리자)");
  const name = uniqueName("관리자 등록 상품");
  await page.getByLabel("상품명").fill(name);
  await page.getByLabel("가격").fill("45000");
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page.locator("#main").getByRole("status").filter({ hasText: "상품 등록 완료!" })).toBeVisible();
  await expect(page.getByLabel("상품명")).toHaveValue("");

  await page.getByLabel("상품명").fill(`${name} 링크`);
  await page.getByLabel("상품 페이지 URL").fill("https://shop.example.com/admin-item");
  await page.getByRole("button", { name: "등록하기" }).click();
  const link = page.getByRole("link", { name: "등록된 상품 보기" });
  await expect(link).toHaveAttribute("href", "https://shop.example.com/admin-item");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(page.getByLabel("상품 페이지 URL")).toHaveValue("");

  // The admin is the owner of what they registered.
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await expect(cardOf(page, name).getByRole("button", { name: "수정" })).toBeVisible();
});

test("admin: add, edit and delete an external product, and import a CSV after a preview", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/external-products");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("외부 인기 상품 관리");

  const title = uniqueName("관리 인기 상품");
  await page.getByLabel("상품명").fill(title);
  await page.getByLabel("상품 URL").fill("https://shop.example.com/popular-1");
  await page.getByLabel("이미지 URL").fill("https://img.example.com/popular-1.jpg");
  await page.getByLabel("가격").fill("29,900원~");
  await page.getByRole("button", { name: "등록", exact: true }).click();
  await expect(page.getByText("외부 인기 상품이 등록되었습니다.")).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("29,900원~");

  await row.getByRole("link", { name: "수정" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("외부 인기 상품 수정");
  await expect(page.getByLabel("가격")).toHaveValue("29,900원~");
  await page.getByLabel("가격").fill("25,900원");
  await page.getByRole("button", { name: "저장" }).click();
  await expect(page).toHaveURL(/\/admin\/external-products$/);
  await expect(page.getByText("수정 완료!")).toBeVisible();
  await expect(row).toContainText("25,900원");

  await row.getByRole("button", { name: "삭제" }).click();
  const dialog = page.getByRole("alertdialog", { name: "정말 삭제하시겠습니까?" });
  await dialog.getByRole("button", { name: "삭제" }).click();
  await expect(page.getByText("삭제 완료!")).toBeVisible();
  await expect(row).toHaveCount(0);

  // A broken file: a clear message, nothing written.
  await page
    .getByLabel("가져올 파일 (JSON 또는 CSV)")
    .setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from("[{ 이건 JSON이 아님") });
  await page.getByRole("button", { name: "미리 보기" }).click();
  await expect(page.getByRole("alert")).toHaveText("JSON 형식이 올바르지 않아 파일을 읽을 수 없습니다.");

  const imported = uniqueName("가져온 인기 상품");
  const csv = [
    "title,productUrl,imageUrl,price",
    `${imported},https://shop.example.com/imported-${serial},https://img.example.com/i.jpg,"9,900원"`,
    "잘못된 주소,javascript:alert(1),,",
  ].join("\n");
  await page
    .getByLabel("가져올 파일 (JSON 또는 CSV)")
    .setInputFiles({ name: "popular.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "미리 보기" }).click();
  const preview = page.getByRole("region", { name: /가져오기 미리 보기/ });
  await expect(preview.getByRole("table", { name: "추가할 상품" })).toContainText(imported);
  await expect(preview.getByRole("table", { name: "제외되는 항목" })).toContainText(
    "상품 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.",
  );
  await page.goto(`/search?q=${encodeURIComponent(imported)}`);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
  await page.goBack();
  await page
    .getByLabel("가져올 파일 (JSON 또는 CSV)")
    .setInputFiles({ name: "popular.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "미리 보기" }).click();
  await page.getByRole("button", { name: "1개 가져오기" }).click();
  await expect(page.getByText("외부 인기 상품 1개를 가져왔습니다.")).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(imported)}`);
  await expect(cardOf(page, imported)).toContainText("9,900원");
});

test("without JavaScript: the product form posts, and a delete asks on a page of its own first", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    await signUp(page);
    const name = uniqueName("자바스크립트 없는 상품");
    await page.goto("/add");
    await page.getByLabel("상품명").fill(name);
    await page.getByLabel("가격").fill("7,000");
    await page.getByRole("button", { name: "등록하기" }).click();
    await expect(page).toHaveURL(/\/add\?saved=\d+$/);
    await expect(page.getByLabel("상품명")).toHaveValue("");
    // The success links the new product's page.
    await expect(page.getByRole("link", { name: `‘${name}’ 상품 페이지 보기` })).toHaveAttribute("href", /^\/product\/\d+$/);

    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    const card = cardOf(page, name);
    await expect(card).toContainText("7,000원");
    await card.getByRole("button", { name: "수정" }).click();
    await page.getByLabel("가격").fill("-3");
    await page.getByRole("button", { name: "수정하기" }).click();
    await expect(page.getByRole("alert")).toHaveText("수정 실패: 가격은 0원 이상이어야 합니다.");
    await page.getByLabel("가격").fill("8,000");
    await page.getByRole("button", { name: "수정하기" }).click();
    await expect(page).toHaveURL(/\/products$/);

    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    await expect(card).toContainText("8,000원");
    // One request deletes nothing: the server answers 정말 삭제하시겠습니까? with 삭제 and 취소.
    await card.getByRole("button", { name: "삭제" }).click();
    await expect(page.getByRole("heading", { name: "정말 삭제하시겠습니까?" })).toBeVisible();
    // The step names what would be deleted.
    await expect(page.getByText(`삭제할 상품: ${name}`)).toBeVisible();
    await page.getByRole("link", { name: "취소" }).click();
    await expect(card).toContainText("8,000원");
    await card.getByRole("button", { name: "삭제" }).click();
    await page.getByRole("button", { name: "삭제" }).click();
    await expect(page).toHaveURL(/\/products\?q=/);
    await expect(page.getByText("삭제 완료!")).toBeVisible();
    await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
  } finally {
    await context.close();
  }
});
