import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { factsOfMask, maskOf, TERM_FACTS } from "#app/db/term-values.ts";
import { signUpAction } from "#app/features/users/auth-actions.server.ts";
import { promoteToAdmin } from "#app/features/users/users.server.ts";
import * as list from "#app/routes/public/list.tsx";
import { asResponse, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { cardFactLabels, shippingCardLabel, termRows, UNKNOWN_TERMS, VARIES_LABEL } from "./wholesaler-terms.ts";
import { wholesalerTermsSchema } from "./wholesaler-terms-schema.ts";
import { createWholesaler } from "./wholesalers.server.ts";

withTestDatabase();

let adminCookie = "";
beforeAll(async () => {
  const res = asResponse(
    await signUpAction(
      formRequest("/signup", {
        email: "varies-admin@example.com",
        password: "correct-horse-9",
        agreeTerms: "yes",
        agreePrivacy: "yes",
        agreeAge: "yes",
      }),
    ),
  );
  adminCookie = cookiesFrom(new Response(null, { headers: res.headers }));
  await promoteToAdmin("varies-admin@example.com");
});

beforeEach(async () => {
  await db().delete(wholesalers);
});

const post = (path: string, fields: Record<string, string>) => formRequest(path, fields, { cookie: adminCookie });
const base = { category: "", siteUrl: "", contact: "", logoUrl: "", summary: "" };
const rows = () => db().select().from(wholesalers).orderBy(asc(wholesalers.id));

test("상품마다 다름 is a value of five terms, worded as the contract says, on the detail page and /compare rows", () => {
  const words = Object.fromEntries(
    termRows({
      ...UNKNOWN_TERMS,
      minOrderVaries: true,
      shippingFeeVaries: true,
      returns: "varies",
      imageUse: "varies",
      pricePolicy: "varies",
    }).map((row) => [row.label, row.value]),
  );
  expect(words).toMatchObject({
    "최소 주문 수량": VARIES_LABEL,
    배송비: VARIES_LABEL,
    "단순 변심 반품": VARIES_LABEL,
    "상세페이지 이미지 사용": VARIES_LABEL,
    "가격 정책": VARIES_LABEL,
    "위탁 판매": "확인 필요",
  });
  expect(VARIES_LABEL).toBe("상품마다 다름");
  // The checkboxes read what a box and an import cell send; anything else is refused in Korean.
  expect(wholesalerTermsSchema.parse({ minOrderVaries: "yes", shippingFeeVaries: "varies" })).toMatchObject({
    minOrderVaries: true,
    shippingFeeVaries: true,
  });
  expect(wholesalerTermsSchema.parse({})).toMatchObject({ minOrderVaries: false, shippingFeeVaries: false });
  const refused = wholesalerTermsSchema.safeParse({ minOrderVaries: "maybe" });
  expect(refused.success).toBe(false);
  expect(refused.error?.issues[0]?.message).toMatch(/상품마다 다름/);
  // 위탁 판매 has no such value.
  expect(wholesalerTermsSchema.safeParse({ dropshipping: "varies" }).success).toBe(false);
});

test("the card's shipping label: 무료 배송 only for a fee of 0, `50,000원 이상 무료` for a threshold", () => {
  const mask = maskOf(["free-shipping"]);
  expect(cardFactLabels(mask, { shippingFee: 0, freeShippingOver: null })).toEqual(["무료 배송"]);
  expect(cardFactLabels(mask, { shippingFee: 3000, freeShippingOver: 50000 })).toEqual(["50,000원 이상 무료"]);
  expect(cardFactLabels(mask, { shippingFee: null, freeShippingOver: 30000 })).toEqual(["30,000원 이상 무료"]);
  expect(shippingCardLabel({ shippingFee: 0, freeShippingOver: 50000 })).toBe("무료 배송");
  expect(cardFactLabels(0, { shippingFee: 3000, freeShippingOver: null })).toEqual([]);
});

test("the admin form saves 상품마다 다름 (the number beside a ticked box is not kept) and shows it again", async () => {
  const sent = {
    name: "오픈마켓형 도매",
    minOrder: "3",
    minOrderVaries: "yes",
    shippingFee: "2500",
    freeShippingOver: "30000",
    shippingFeeVaries: "yes",
    returns: "varies",
    imageUse: "varies",
    pricePolicy: "varies",
  };
  expect(asResponse(await callAction(post("/admin/wholesaler-add", sent))).location).toBe("/admin");
  const [row] = await rows();
  expect(row).toMatchObject({
    minOrder: null,
    minOrderVaries: true,
    shippingFee: null,
    freeShippingOver: null,
    shippingFeeVaries: true,
    returns: "varies",
    imageUse: "varies",
    pricePolicy: "varies",
    factMask: 0,
  });
  const { values } = (await callLoader(getRequest(`/admin/wholesaler-edit/${row!.id}`, { cookie: adminCookie }))) as {
    values: Record<string, string>;
  };
  expect(values).toMatchObject({ minOrderVaries: "yes", shippingFeeVaries: "yes", returns: "varies", pricePolicy: "varies", minOrder: "" });
  // Unticking and giving a number: the number is stored and the box is off.
  await callAction(post(`/admin/wholesaler-edit/${row!.id}`, { name: sent.name, minOrder: "1", shippingFee: "0", returns: "yes" }));
  const [after] = await db().select().from(wholesalers).where(eq(wholesalers.id, row!.id));
  expect(after).toMatchObject({ minOrder: 1, minOrderVaries: false, shippingFee: 0, shippingFeeVaries: false, returns: "yes" });
});

test("no filter matches 상품마다 다름, a card shows no label for it, and the database never holds it beside a number", async () => {
  await createWholesaler(
    { ...base, name: "상품마다 다름 도매" },
    {
      terms: {
        ...UNKNOWN_TERMS,
        dropshipping: "yes",
        minOrderVaries: true,
        shippingFeeVaries: true,
        returns: "varies",
        imageUse: "varies",
        pricePolicy: "varies",
      },
    },
  );
  const [row] = await rows();
  expect(factsOfMask(row!.factMask)).toEqual(["dropshipping"]);
  expect(cardFactLabels(row!.factMask, row!)).toEqual(["위탁 가능"]);
  for (const fact of TERM_FACTS.filter((fact) => fact !== "dropshipping")) {
    const { items } = await list.loader({ request: getRequest(`/list?filter=${fact}`), params: {}, context: {} } as never);
    expect(items, fact).toEqual([]);
  }
  await expect(db().update(wholesalers).set({ minOrder: 2 }).where(eq(wholesalers.id, row!.id))).rejects.toThrow();
  await expect(db().update(wholesalers).set({ freeShippingOver: 50000 }).where(eq(wholesalers.id, row!.id))).rejects.toThrow();
});
