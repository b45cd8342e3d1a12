import { expect, signInAsAdmin, test } from "./fixtures.ts";

test("an admin uploads a file, unticks a row, applies, finds the suspicious ones on /admin/review and publishes one after fixing its address", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const good = `여정도매${stamp}`;
  const unticked = `안가져올도매${stamp}`;
  const job = `구인여정${stamp}`;
  const blog = `블로그여정${stamp}`;
  await signInAsAdmin(page);
  await page.goto("/admin/import");
  await expect(page.getByRole("heading", { level: 1, name: "도매처 일괄 가져오기" })).toBeVisible();

  const csv = [
    "name,category,siteUrl",
    `${good},패션의류,https://journey-${stamp}.co.kr/`,
    `${unticked},생활,https://skip-${stamp}.co.kr/`,
    `${job},종합,https://www.saramin.co.kr/zf_user/company-info/view?csn=${stamp}`,
    `${blog},종합,https://blog.naver.com/journey${stamp}/223141573645`,
  ].join("\n");
  await page
    .getByLabel("가져올 파일 (CSV 또는 JSON)")
    .setInputFiles({ name: "journey.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "미리 보기" }).click();

  const preview = page.getByRole("region", { name: "미리 보기: journey.csv" });
  const row = (name: string) => preview.getByRole("row").filter({ hasText: name });
  await expect(row(good)).toContainText("추가");
  await expect(row(good)).toContainText("의류 ← 패션의류");
  await expect(row(job)).toContainText("검토 필요");
  await expect(row(job)).toContainText("구인구직 사이트(saramin.co.kr)");
  await expect(row(blog)).toContainText("블로그·카페·SNS·커뮤니티(blog.naver.com)");
  // Ticked for 추가, unticked for 검토 필요.
  await expect(row(good).getByRole("checkbox", { name: "가져오기" })).toBeChecked();
  await expect(row(unticked).getByRole("checkbox", { name: "가져오기" })).toBeChecked();
  await expect(row(job).getByRole("checkbox", { name: "가져오기" })).not.toBeChecked();
  await expect(row(blog).getByRole("checkbox", { name: "가져오기" })).not.toBeChecked();

  await row(unticked).getByRole("checkbox", { name: "가져오기" }).uncheck();
  await row(job).getByRole("checkbox", { name: "가져오기" }).check();
  await page.getByRole("button", { name: "가져오기 실행" }).click();

  const report = page.locator("#main").getByRole("status").filter({ hasText: "가져오기를 마쳤습니다." });
  await expect(report).toContainText("추가 1곳");
  await expect(report).toContainText("검토 대기 1곳");
  await expect(report).toContainText("건너뜀 2곳");
  await expect(report).toContainText("오류 0곳");

  // Published: the front page row. Not published: the job-board row (waiting) and the unticked row (skipped).
  await page.goto(`/list?q=${encodeURIComponent(good)}`);
  await expect(page.getByRole("main").getByRole("heading", { name: good })).toBeVisible();
  for (const absent of [unticked, job]) {
    await page.goto(`/list?q=${encodeURIComponent(absent)}`);
    await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
  }

  await page.goto("/admin/import");
  await page.getByRole("navigation", { name: "관리자 메뉴" }).getByRole("link", { name: "검토 대기" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "검토 대기" })).toBeVisible();
  const entry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: job }) });
  await expect(entry).toContainText("주소가 도매처 자체 사이트가 아니라 구인구직 사이트(saramin.co.kr)입니다.");
  await expect(page.getByRole("heading", { name: blog })).toHaveCount(0);

  // Its page is a 404 for a visitor, and shows the state and 공개 to the admin.
  const detailPath = await entry.getByRole("link", { name: job }).getAttribute("href");
  const visitor = await browser.newPage();
  const response = await visitor.goto(detailPath!);
  expect(response?.status()).toBe(404);
  await visitor.close();
  await page.goto(detailPath!);
  await expect(page.getByText("검토 대기 중인 도매처입니다.")).toBeVisible();
  await expect(page.getByRole("button", { name: "공개" })).toBeVisible();

  // Fix the address, then publish from the review queue.
  await page.goto("/admin/review");
  await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: job }) })
    .getByRole("link", { name: "수정" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "도매처 수정" })).toBeVisible();
  await page.getByLabel("사이트 URL").fill(`https://job-journey-${stamp}.co.kr/`);
  await page.getByRole("button", { name: "수정" }).click();
  await expect(page.getByText("수정 완료되었습니다.")).toBeVisible();

  await page.goto("/admin/review");
  const fixed = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: job }) });
  await expect(fixed).toContainText("사이트 첫 페이지");
  await fixed.getByRole("button", { name: "공개" }).click();
  await expect(page.getByText("공개되었습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: job })).toHaveCount(0);

  await page.goto(`/list?q=${encodeURIComponent(job)}`);
  await expect(page.getByRole("main").getByRole("heading", { name: job })).toBeVisible();
});

test("an oversized upload gets a Korean message, and a broken CSV row is a row-level 오류", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/import");
  await page
    .getByLabel("가져올 파일 (CSV 또는 JSON)")
    .setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(20 * 1024 * 1024, 0x41) });
  await page.getByRole("button", { name: "미리 보기" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "파일이 너무 큽니다." })).toBeVisible();
  // Sent anyway (a script, or the page's own data request): refused before it is read, in Korean.
  const origin = new URL(page.url()).origin;
  const big = { name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(20 * 1024 * 1024, 0x41) };
  const direct = await page.request.post("/admin/import.data", { multipart: { intent: "preview", file: big }, headers: { origin } });
  expect(direct.status()).toBe(413);
  expect(await direct.text()).toBe("보낸 내용이 너무 큽니다. 내용을 줄여 다시 시도해 주세요.");

  const formula = 'name,siteUrl\n"=HYPERLINK(""https://evil.example"",""클릭"")",https://formula.co.kr/\n';
  await page
    .getByLabel("가져올 파일 (CSV 또는 JSON)")
    .setInputFiles({ name: "formula.csv", mimeType: "text/csv", buffer: Buffer.from(formula) });
  await page.getByRole("button", { name: "미리 보기" }).click();
  const row = page.getByRole("region", { name: "미리 보기: formula.csv" }).getByRole("row").filter({ hasText: "HYPERLINK" });
  await expect(row).toContainText("오류");
  await expect(row.getByRole("checkbox")).toHaveCount(0);
});

test("without JavaScript the preview is a plain form of checkboxes, and 공개 a plain post", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    await signInAsAdmin(page);
    const stamp = Date.now();
    const kept = `무스크립트도매${stamp}`;
    const dropped = `무스크립트제외${stamp}`;
    const waiting = `무스크립트대기${stamp}`;
    const csv = `name,siteUrl\n${kept},https://nojs-${stamp}.co.kr/\n${dropped},https://nojs-drop-${stamp}.co.kr/\n${waiting},https://namu.wiki/w/nojs${stamp}\n`;
    await page.goto("/admin/import");
    await page
      .getByLabel("가져올 파일 (CSV 또는 JSON)")
      .setInputFiles({ name: "nojs.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "미리 보기" }).click();
    const row = (name: string) => page.getByRole("row").filter({ hasText: name });
    await row(dropped).getByRole("checkbox", { name: "가져오기" }).uncheck();
    await row(waiting).getByRole("checkbox", { name: "가져오기" }).check();
    await page.getByRole("button", { name: "가져오기 실행" }).click();
    await expect(page.getByRole("status").filter({ hasText: "가져오기를 마쳤습니다." })).toContainText("추가 1곳");

    await page.getByRole("link", { name: "검토 대기" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "검토 대기" })).toBeVisible();
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: waiting }) })
      .getByRole("button", { name: "공개" })
      .click();
    await expect(page.getByRole("heading", { name: waiting })).toHaveCount(0);
    await page.goto(`/list?q=${encodeURIComponent(waiting)}`);
    await expect(page.getByRole("main").getByRole("heading", { name: waiting })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a 변경 row that would replace a written 요약 is not ticked, and shows the change now → file with its own box", async ({ page }) => {
  await signInAsAdmin(page);
  const stamp = Date.now();
  const name = `정리된도매${stamp}`;
  // The page's report (the one-time message above says the same first words).
  const report = page.locator("#main").getByRole("status").filter({ hasText: "가져오기를 마쳤습니다." });
  const upload = async (summary: string) => {
    await page.goto("/admin/import");
    await page.getByLabel("가져올 파일 (CSV 또는 JSON)").setInputFiles({
      name: "curated.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`name,siteUrl,summary\n${name},https://curated-${stamp}.co.kr/,${summary}\n`),
    });
    await page.getByRole("button", { name: "미리 보기" }).click();
  };
  await upload("관리자가 다듬은 소개");
  await page.getByRole("button", { name: "가져오기 실행" }).click();
  await expect(report).toContainText("추가 1곳");

  await upload("파일의 새 소개");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("변경");
  await expect(row.getByRole("checkbox", { name: "가져오기" })).not.toBeChecked();
  const change = row.getByRole("checkbox", { name: "요약: 관리자가 다듬은 소개 → 파일의 새 소개" });
  await expect(change).not.toBeChecked();
  // Applied as it is offered: nothing is replaced.
  await page.getByRole("button", { name: "가져오기 실행" }).click();
  await expect(report).toContainText("변경 0곳");
  await upload("파일의 새 소개");
  await row.getByRole("checkbox", { name: "가져오기" }).check();
  await row.getByRole("checkbox", { name: /^요약: / }).check();
  await page.getByRole("button", { name: "가져오기 실행" }).click();
  await expect(report).toContainText("변경 1곳");
  await page.goto(`/list?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("main")).toContainText("파일의 새 소개");
});
