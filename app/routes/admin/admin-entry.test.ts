import { asc } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { adminWholesalerFormSchema, simpleWholesalerSchema } from "#app/features/wholesalers/wholesaler-schema.ts";
import { TERM_FIELDS } from "#app/features/wholesalers/wholesaler-terms.ts";
import { formFieldNames } from "#app/lib/form-kit.ts";
import { seoulDay } from "#app/lib/format.ts";
import { signedUpAdmin } from "#tests/factories.ts";
import { asResponse, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

let adminCookie = "";
beforeAll(async () => {
  adminCookie = (await signedUpAdmin("entry-admin@example.com")).cookie;
});
beforeEach(async () => {
  await db().delete(wholesalers);
});
const rows = () => db().select().from(wholesalers).orderBy(asc(wholesalers.id));

const simple = {
  name: "간단 도매",
  category: "생활",
  delivery: "택배 배송",
  purchase: "사입 가능",
  international: "국내 전용",
  contact: "02-123-4567",
  website: "simple-domae.kr",
  image: "https://simple-domae.kr/logo.png",
};

test("the admin supplier forms share one set of fields: /admin/add keeps its required ones and gains the terms", async () => {
  // Both schemas know every term and the three first-release details.
  for (const schema of [adminWholesalerFormSchema, simpleWholesalerSchema]) {
    const names = formFieldNames(schema);
    for (const field of [...TERM_FIELDS, "delivery", "purchase", "international"]) expect(names, field).toContain(field);
  }
  // /admin/add still requires its fields.
  const missing = asResponse(await callAction(formRequest("/admin/add", { ...simple, delivery: "" }, { cookie: adminCookie })));
  expect(missing.status).toBe(400);
  expect(JSON.stringify(missing.data)).toContain("배송 방식을 입력해 주세요.");
  // With terms: saved with them, checked today.
  const saved = asResponse(
    await callAction(
      formRequest("/admin/add", { ...simple, dropshipping: "yes", returns: "varies", shippingFee: "0" }, { cookie: adminCookie }),
    ),
  );
  expect(saved.location).toBe("/admin/add");
  const [row] = await rows();
  expect(row).toMatchObject({
    name: "간단 도매",
    delivery: "택배 배송",
    siteUrl: "https://simple-domae.kr/",
    dropshipping: "yes",
    returns: "varies",
    shippingFee: 0,
    termsCheckedAt: seoulDay(),
  });
  // A bad term is refused there as on the admin form.
  const bad = asResponse(
    await callAction(formRequest("/admin/add", { ...simple, name: "다른 도매", pricePolicy: "cheap" }, { cookie: adminCookie })),
  );
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.data)).toContain("가격 정책");
});

test("the admin form edits 배송 방식, 사입 여부 and 해외 배송 too, and shows them again", async () => {
  await callAction(formRequest("/admin/add", simple, { cookie: adminCookie }));
  const [row] = await rows();
  const edit = (await callLoader(getRequest(`/admin/wholesaler-edit/${row!.id}`, { cookie: adminCookie }))) as {
    values: Record<string, string>;
  };
  expect(edit.values).toMatchObject({ delivery: "택배 배송", purchase: "사입 가능", international: "국내 전용" });
  await callAction(
    formRequest(`/admin/wholesaler-edit/${row!.id}`, { ...edit.values, international: "해외 배송 가능" }, { cookie: adminCookie }),
  );
  expect((await rows())[0]).toMatchObject({ international: "해외 배송 가능", delivery: "택배 배송" });
});

test("/admin names the example footer details and how to set SITE_CONFIG, as the server does at start", async () => {
  const page = (await callLoader(getRequest("/admin", { cookie: adminCookie }))) as { siteNotice: string | null };
  expect(page.siteNotice).toContain("홍길동");
  expect(page.siteNotice).toContain("SITE_CONFIG");
});
