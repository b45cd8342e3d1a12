import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { factsOfMask, TERM_FACTS } from "#app/db/term-values.ts";
import { signUpAction } from "#app/features/users/auth-actions.server.ts";
import { promoteToAdmin } from "#app/features/users/users.server.ts";
import { cardFactLabels, UNKNOWN_TERMS } from "#app/features/wholesalers/wholesaler-terms.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import * as list from "#app/routes/public/list.tsx";
import { asResponse, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

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
