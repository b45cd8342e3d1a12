import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { user, wholesalerChanges, wholesalers } from "#app/db/schema.ts";
import type { HistoryEntry } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { signedUpAdmin } from "#tests/factories.ts";
import { asResponse, caught, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

let adminCookie = "";
let adminId = "";

beforeAll(async () => {
  const admin = await signedUpAdmin();
  adminCookie = admin.cookie;
  adminId = admin.id;
  await db().update(user).set({ name: "운영팀 김" }).where(eq(user.id, adminId));
});

beforeEach(async () => {
  await db().delete(wholesalers);
  await db().delete(wholesalerChanges);
});

const post = (path: string, fields: Record<string, string>) => formRequest(path, fields, { cookie: adminCookie });
const historyRows = () => db().select().from(wholesalerChanges).orderBy(asc(wholesalerChanges.id));
const fields = {
  name: "도매꾹",
  category: "의류",
  siteUrl: "https://domeggook.com",
  contact: "1588-0000",
  logoUrl: "",
  summary: "종합 도매",
};

async function upload(content: string) {
  const body = new FormData();
  body.set("intent", "apply");
  body.set("content", content);
  // Every row ticked, as the preview's checkboxes would send them, and the 요약 a row would replace (a curated value,
  // which has a box of its own).
  for (let row = 1; row < content.trim().split("\n").length; row++) {
    body.append("row", String(row));
    body.append("field", `${row}:summary`);
  }
  const encoded = new Response(body);
  return new Request("http://localhost:3000/admin/import", {
    method: "POST",
    body: await encoded.arrayBuffer(),
    headers: {
      cookie: adminCookie,
      origin: "http://localhost:3000",
      "x-client-ip": "127.0.0.1",
      "content-type": encoded.headers.get("content-type") ?? "",
    },
  });
}

test("every admin write path records who, when and each field before → after; the edit page shows it newest first", async () => {
  // The admin form: create, then edit.
  expect((await caught(() => callAction(post("/admin/wholesaler-add", fields)))).status).toBe(302);
  const [created] = await db().select().from(wholesalers);
  const id = created!.id;
  const edit = { ...fields, name: "도매꾹 본사", contact: "" };
  expect((await caught(() => callAction(post(`/admin/wholesaler-edit/${id}`, edit)))).status).toBe(302);
  // Saving the same values again changes nothing and records nothing.
  await caught(() => callAction(post(`/admin/wholesaler-edit/${id}`, edit)));

  // Category cleanup and the bulk import.
  await db().update(wholesalers).set({ category: "패션" }).where(eq(wholesalers.id, id));
  expect(asResponse(await callAction(post("/admin/clean-categories", {}))).status).toBe(200);
  expect(
    asResponse(
      await callAction(await upload("name,siteUrl,summary\n도매꾹 본사,https://domeggook.com,새 요약\n오너클랜,https://ownerclan.com,")),
    ).status,
  ).toBe(200);

  const rows = await historyRows();
  expect(rows.map((row) => [row.wholesalerId === id, row.action, row.source])).toEqual([
    [true, "create", "admin-form"],
    [true, "update", "admin-form"],
    [true, "update", "category-cleanup"],
    // An import adds its new suppliers first, then changes the known ones.
    [false, "create", "import"],
    [true, "update", "import"],
  ]);
  for (const row of rows) {
    expect(row.actorId).toBe(adminId);
    expect(row.actorLabel).toBe("운영팀 김");
    expect(JSON.stringify(row)).not.toContain("boss@example.com");
  }
  expect(rows[0]?.changes).toEqual(
    expect.arrayContaining([
      { field: "name", before: "", after: "도매꾹" },
      { field: "siteUrl", before: "", after: "https://domeggook.com/" },
    ]),
  );
  expect(rows[1]?.changes).toEqual([
    { field: "name", before: "도매꾹", after: "도매꾹 본사" },
    { field: "contact", before: "1588-0000", after: "" },
  ]);
  expect(rows[2]?.changes).toEqual([{ field: "category", before: "패션", after: "의류" }]);
  expect(rows[4]?.changes).toEqual([{ field: "summary", before: "종합 도매", after: "새 요약" }]);

  const page = asResponse(await callLoader(getRequest(`/admin/wholesaler-edit/${id}`, { cookie: adminCookie })));
  const history = (page.data as { history: HistoryEntry[] }).history;
  expect(history.map((entry) => entry.source)).toEqual(["import", "category-cleanup", "admin-form", "admin-form"]);
});

test("the simple form and a delete are recorded; the deletion outlives the supplier", async () => {
  const simple = {
    name: "간편 도매",
    category: "식품",
    delivery: "택배",
    purchase: "가능",
    international: "불가",
    contact: "02-000-0000",
    website: "https://simple.example.com",
    image: "https://simple.example.com/logo.png",
  };
  expect(await caught(() => callAction(post("/admin/add", simple)))).toMatchObject({ status: 302 });
  const [row] = await db().select().from(wholesalers);
  expect(await caught(() => callAction(post("/admin/wholesaler", { intent: "delete", id: String(row!.id), confirm: "1" })))).toMatchObject({
    status: 302,
  });

  const rows = await historyRows();
  expect(rows.map((r) => [r.action, r.source])).toEqual([
    ["create", "simple-form"],
    ["delete", "admin-form"],
  ]);
  expect(rows[0]?.changes).toEqual(expect.arrayContaining([{ field: "delivery", before: "", after: "택배" }]));
  expect(rows[1]?.changes).toEqual(expect.arrayContaining([{ field: "name", before: "간편 도매", after: "" }]));
  expect(await db().select().from(wholesalers)).toEqual([]);
});

test("a write that fails records nothing: the history is in the write's transaction", async () => {
  const res = await caught(() => callAction(post("/admin/wholesaler-add", { ...fields, name: "" })));
  expect(res.status).toBe(400);
  // A delete of an id that does not exist writes neither the supplier nor its history.
  await caught(() => callAction(post("/admin/wholesaler", { intent: "delete", id: "999999", confirm: "1" })));
  expect(await historyRows()).toEqual([]);
});
