import { desc, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { externalProducts, products } from "#app/db/schema.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { signedUpAccount, signedUpAdmin, type TestAccount } from "#tests/factories.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest, retryAfterPassedOn } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import * as addRoute from "./add.tsx";
import * as editRoute from "./edit.tsx";
import * as productsRoute from "./products.tsx";

withTestDatabase();

type Person = TestAccount;

let counter = 0;
async function signUp(prefix: string): Promise<Person> {
  counter += 1;
  return signedUpAccount(`${prefix}-${counter}@example.com`);
}

async function admin(): Promise<Person> {
  counter += 1;
  return signedUpAdmin(`admin-${counter}@example.com`);
}

// Route functions get what React Router would hand them; the rest of the args are not used.
// biome-ignore lint/suspicious/noExplicitAny: test shim for route args
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as any;

const fields = (overrides: Record<string, string> = {}) => ({
  name: "테스트 상품",
  imageUrl: "",
  summary: "",
  price: "",
  siteUrl: "",
  ...overrides,
});

/** The id of the product this person registered last. */
async function newestOf(person: Person) {
  const [newest] = await db()
    .select({ id: products.id })
    .from(products)
    .where(eq(products.createdBy, person.id))
    .orderBy(desc(products.id))
    .limit(1);
  return newest!.id;
}

async function addAs(person: Person, overrides: Record<string, string> = {}) {
  const res = asResponse(await addRoute.action(args(formRequest("/add", fields(overrides), { cookie: person.cookie }))));
  expect(res.status).toBe(302);
  return newestOf(person);
}

async function row(id: number) {
  const [found] = await db().select().from(products).where(eq(products.id, id));
  return found ?? null;
}

async function toastOf(headers: Headers) {
  const cookie = cookiesFrom(new Response(null, { headers }));
  return (await readToast(getRequest("/", { cookie }))).toast?.message ?? null;
}

test("/add: anonymous goes to login; a user registers a product as its owner; bad input gets Korean reasons", async () => {
  const page = await caught(() => addRoute.loader(args(getRequest("/add"))));
  expect(page.status).toBe(302);
  expect(page.location).toBe("/login?redirectTo=%2Fadd");
  const anonymousPost = await caught(() => addRoute.action(args(formRequest("/add", fields()))));
  expect(anonymousPost.status).toBe(401);

  const seller = await signUp("seller");
  // Back to an empty form, the message as a one-time message (with JavaScript or without: one answer).
  const plain = asResponse(
    await addRoute.action(args(formRequest("/add", fields({ name: "  접이식 캠핑 의자 ", price: "12,000원" }), { cookie: seller.cookie }))),
  );
  expect(plain.status).toBe(302);
  const savedId = await newestOf(seller);
  expect(plain.location).toBe(`/add?saved=${savedId}`);
  expect(await toastOf(plain.headers)).toBe("상품이 등록되었습니다.");
  expect(await row(savedId)).toMatchObject({ name: "접이식 캠핑 의자", price: 12000, createdBy: seller.id });
  // The empty form again, with a link to the new product's page; someone else's id names nothing.
  const again = asResponse(await callLoader(getRequest(plain.location!, { cookie: seller.cookie })));
  expect((again.data as { saved: unknown }).saved).toEqual({ id: savedId, name: "접이식 캠핑 의자" });
  const stranger = await signUp("stranger");
  const foreign = asResponse(await callLoader(getRequest(plain.location!, { cookie: stranger.cookie })));
  expect((foreign.data as { saved: unknown }).saved).toBeNull();

  // A body that names another owner changes nothing about who owns it.
  await addRoute.action(args(formRequest("/add", { ...fields({ name: "주인 바꾸기" }), createdBy: "someone" }, { cookie: seller.cookie })));
  expect(await row(await newestOf(seller))).toMatchObject({ name: "주인 바꾸기", createdBy: seller.id });

  const [{ n: before } = { n: 0 }] = await db()
    .$count(products)
    .then((n) => [{ n }]);
  for (const [input, message] of [
    [{ price: "-1" }, "등록 실패: 가격은 0원 이상이어야 합니다."],
    [{ price: "1.5" }, "등록 실패: 가격은 소수점 없이 원 단위로 입력해 주세요."],
    [{ price: "abc" }, "등록 실패: 가격은 숫자로 입력해 주세요. (예: 12000, 12,000원)"],
    [{ price: "2,000,000,000" }, "등록 실패: 가격은 10억 원 이하로 입력해 주세요."],
    [{ siteUrl: "javascript:alert(1)" }, "등록 실패: 상품 페이지 URL은 http:// 또는 https://로 시작하는 주소여야 합니다."],
    [{ imageUrl: "data:image/svg+xml,<svg onload=alert(1)>" }, "등록 실패: 이미지 URL은 http:// 또는 https://로 시작하는 주소여야 합니다."],
    [{ name: "  " }, "등록 실패: 상품명을 입력해 주세요."],
  ] as const) {
    const res = asResponse(await addRoute.action(args(formRequest("/add", fields(input), { cookie: seller.cookie }))));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ ok: false, message, values: expect.objectContaining(input) });
  }
  expect(await db().$count(products)).toBe(before);
});

test("/edit/{id} loader: login first, unknown ids are 404, someone else's product sends you back with a message", async () => {
  const owner = await signUp("owner");
  const other = await signUp("other");
  const id = await addAs(owner, { name: "편집 대상", price: "3000" });

  const anonymous = await caught(() => editRoute.loader(args(getRequest(`/edit/${id}`), { id: String(id) })));
  expect(anonymous.location).toBe(`/login?redirectTo=%2Fedit%2F${id}`);

  for (const bad of ["999999", "abc", "0", "-1", "1.5", "1' OR '1'='1"]) {
    const res = await caught(() =>
      editRoute.loader(args(getRequest(`/edit/${encodeURIComponent(bad)}`, { cookie: owner.cookie }), { id: bad })),
    );
    expect(res.status, bad).toBe(404);
  }
  const missing = await editRoute
    .loader(args(getRequest("/edit/999999", { cookie: owner.cookie }), { id: "999999" }))
    .catch((e: Response) => e);
  expect(await (missing as Response).text()).toBe("상품이 존재하지 않습니다.");

  const notOwner = await caught(() => editRoute.loader(args(getRequest(`/edit/${id}`, { cookie: other.cookie }), { id: String(id) })));
  expect(notOwner.status).toBe(302);
  expect(notOwner.location).toBe("/products");
  expect(await toastOf(notOwner.headers)).toBe("수정 권한이 없습니다.");

  const mine = await editRoute.loader(args(getRequest(`/edit/${id}`, { cookie: owner.cookie }), { id: String(id) }));
  // An account that manages no listing (공급사 인증) has no 도매처 to choose; the product is tied to none.
  expect(mine).toEqual({
    id,
    values: { name: "편집 대상", imageUrl: "", summary: "", price: "3000", siteUrl: "" },
    wholesalerId: null,
    suppliers: [],
  });
});

test("edit matrix by direct POST: only the owner changes the row; other user and admin get 403, anonymous 401", async () => {
  const owner = await signUp("owner");
  const other = await signUp("other");
  const boss = await admin();
  const id = await addAs(owner, { name: "원래 이름", price: "1000" });
  const original = await row(id);
  const post = (who: Person | null, extra: Record<string, string> = {}) =>
    caught(() =>
      editRoute.action(
        args(formRequest(`/edit/${id}`, { ...fields({ name: "바뀐 이름", price: "2000" }), ...extra }, who ? { cookie: who.cookie } : {}), {
          id: String(id),
        }),
      ),
    );

  const anonymous = await post(null);
  expect(anonymous.status).toBe(401);
  for (const who of [other, boss]) {
    const refused = await editRoute
      .action(args(formRequest(`/edit/${id}`, fields({ name: "바뀐 이름" }), { cookie: who.cookie }), { id: String(id) }))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await (refused as Response).text()).toBe("수정 권한이 없습니다.");
    // Bad input from someone else is still "not yours", not a validation message.
    expect((await post(who, { price: "-5" })).status).toBe(403);
  }
  expect(await row(id)).toEqual(original);

  const invalid = await post(owner, { price: "-5" });
  expect(invalid.status).toBe(400);
  expect(invalid.data).toMatchObject({ ok: false, message: "수정 실패: 가격은 0원 이상이어야 합니다." });
  expect(await row(id)).toEqual(original);

  // `수정 완료!` on the edit page, which moves on to /products a second later.
  const saved = await post(owner);
  expect(saved.status).toBe(302);
  expect(saved.location).toBe(`/edit/${id}`);
  const cookie = cookiesFrom(new Response(null, { headers: saved.headers }));
  expect((await readToast(getRequest(`/edit/${id}`, { cookie }))).toast).toMatchObject({ message: "수정 완료!", next: "/products" });
  const edited = await row(id);
  expect(edited).toMatchObject({ name: "바뀐 이름", price: 2000, createdBy: owner.id });
  expect(edited!.updatedAt.getTime()).toBeGreaterThan(original!.updatedAt.getTime());

  const unknown = await caught(() =>
    editRoute.action(args(formRequest("/edit/999999", fields(), { cookie: owner.cookie }), { id: "999999" })),
  );
  expect(unknown.status).toBe(404);
});

test("delete matrix by direct POST: owner and admin delete; another user gets 403 and anonymous 401, the row stays", async () => {
  const owner = await signUp("owner");
  const other = await signUp("other");
  const boss = await admin();
  const del = (who: Person | null, id: number, extra: Record<string, string> = {}) =>
    caught(() =>
      productsRoute.action(
        args(
          formRequest(
            "/products?q=%EC%82%AD%EC%A0%9C",
            { intent: "delete", productId: String(id), confirm: "1", ...extra },
            who ? { cookie: who.cookie } : {},
          ),
        ),
      ),
    );

  const id = await addAs(owner, { name: "삭제 대상" });
  const original = await row(id);
  expect((await del(null, id)).status).toBe(401);
  const refused = await del(other, id);
  expect(refused.status).toBe(403);
  expect(refused.data).toMatchObject({ ok: false, message: "삭제 권한이 없습니다." });
  expect(await row(id)).toEqual(original);

  // Nothing is deleted by one request: without confirm=1 the owner gets the question, and the row stays.
  const asked = await del(owner, id, { confirm: "" });
  expect(asked.status).toBe(200);
  expect(asked.data).toMatchObject({ ok: false, message: "정말 삭제하시겠습니까?", values: { intent: "delete", productId: String(id) } });
  expect(await row(id)).toEqual(original);

  // The owner's delete comes back to the same list with the message.
  const byOwner = await del(owner, id);
  expect(byOwner.status).toBe(302);
  expect(byOwner.location).toBe("/products?q=%EC%82%AD%EC%A0%9C");
  expect(await toastOf(byOwner.headers)).toBe("삭제 완료!");
  expect(await row(id)).toBeNull();
  expect((await del(owner, id)).status).toBe(404);

  const spam = await addAs(other, { name: "스팸" });
  expect((await del(boss, spam)).status).toBe(302);
  expect(await row(spam)).toBeNull();

  for (const bad of ["abc", "0", "-1", "", "1 OR 1=1"]) expect((await del(owner, 0, { productId: bad })).status, bad).toBe(404);
  expect(
    (
      await caught(() =>
        productsRoute.action(args(formRequest("/products", { intent: "other", productId: "1" }, { cookie: owner.cookie }))),
      )
    ).status,
  ).toBe(400);
});

test("/products tells each visitor what they may do with a card, and never sends owner ids", async () => {
  const owner = await signUp("owner");
  const other = await signUp("other");
  const boss = await admin();
  const id = await addAs(owner, { name: "권한표시 상품" });
  const view = async (who: Person | null) => {
    const data = await productsRoute.loader(args(getRequest("/products?q=권한표시", who ? { cookie: who.cookie } : {})));
    return { signedIn: data.signedIn, card: data.products.items.find((p: { id: number }) => p.id === id) };
  };
  expect(await view(owner)).toMatchObject({ signedIn: true, card: { canEdit: true, canDelete: true } });
  expect(await view(other)).toMatchObject({ signedIn: true, card: { canEdit: false, canDelete: false } });
  expect(await view(boss)).toMatchObject({ signedIn: true, card: { canEdit: false, canDelete: true } });
  const anonymous = await view(null);
  expect(anonymous).toMatchObject({ signedIn: false, card: { canEdit: false, canDelete: false } });
  expect(JSON.stringify(anonymous)).not.toContain(owner.id);
  expect(anonymous.card).not.toHaveProperty("createdBy");
});

test("/admin/add-product records the admin as creator; a plain user is refused", async () => {
  const seller = await signUp("seller");
  const boss = await admin();
  const before = await db().$count(products);
  const refused = await caught(() =>
    callAction(formRequest("/admin/add-product", fields({ name: "관리자 아님" }), { cookie: seller.cookie })),
  );
  expect(refused.status).toBe(403);
  expect(await db().$count(products)).toBe(before);
  const page = await caught(() => callLoader(getRequest("/admin/add-product", { cookie: seller.cookie })));
  expect(page.location).toBe("/");

  const saved = asResponse(
    await callAction(
      formRequest("/admin/add-product", fields({ name: "관리자 상품", siteUrl: "https://shop.example.com/p/1" }), {
        cookie: boss.cookie,
      }),
    ),
  );
  // Back to an empty form with the message; the page then links to the saved product's own page.
  const savedId = await newestOf(boss);
  expect(saved.location).toBe(`/admin/add-product?saved=${savedId}`);
  expect(await toastOf(saved.headers)).toBe("상품 등록 완료!");
  expect(await row(savedId)).toMatchObject({ name: "관리자 상품", createdBy: boss.id });
  const linked = (await callLoader(getRequest(saved.location!, { cookie: boss.cookie }))) as { saved: boolean; savedLink: string | null };
  expect(linked).toEqual({ saved: true, savedLink: "https://shop.example.com/p/1" });
  const noLink = asResponse(
    await callAction(formRequest("/admin/add-product", fields({ name: "링크 없는 상품" }), { cookie: boss.cookie })),
  );
  expect(await toastOf(noLink.headers)).toBe("상품 등록 완료!");
  expect(((await callLoader(getRequest(noLink.location!, { cookie: boss.cookie }))) as { savedLink: string | null }).savedLink).toBeNull();
});

test("/add and /edit over a per-account cap: 429 with Retry-After (passed on by the route) or 403, the Korean reason, what was typed, nothing saved", async () => {
  const saved = { images: process.env.IMAGE_REQUESTS_PER_HOUR, products: process.env.PRODUCTS_PER_ACCOUNT };
  process.env.IMAGE_REQUESTS_PER_HOUR = "1";
  process.env.PRODUCTS_PER_ACCOUNT = "2";
  try {
    const seller = await signUp("capped");
    const id = await addAs(seller, { name: "첫 그림 상품", imageUrl: "https://img.example.com/cap/1.jpg" });
    const before = await db().$count(products);
    const typed = { ...fields({ name: "두 번째 그림 상품", imageUrl: "https://img.example.com/cap/2.jpg" }) };
    const refused = asResponse(await addRoute.action(args(formRequest("/add", typed, { cookie: seller.cookie }))));
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, values: typed });
    expect((refused.data as { message: string }).message).toMatch(/^등록 실패: 새 이미지 주소는 한 시간에 1개까지 등록할 수 있습니다\./);
    // The route passes the header on to the response.
    const retryAfter = retryAfterPassedOn(addRoute, refused);
    expect(Number(retryAfter.sent)).toBeGreaterThan(0);
    expect(retryAfter.passedOn).toBe(retryAfter.sent);
    expect(await db().$count(products)).toBe(before);

    const edit = asResponse(
      await editRoute.action(
        args(
          formRequest(`/edit/${id}`, fields({ name: "새 그림", imageUrl: "https://img.example.com/cap/3.jpg" }), { cookie: seller.cookie }),
          {
            id: String(id),
          },
        ),
      ),
    );
    expect(edit.status).toBe(429);
    expect((edit.data as { message: string }).message).toMatch(/^수정 실패: 새 이미지 주소는/);
    expect(edit.headers.get("Retry-After")).toBeTruthy();
    expect(await row(id)).toMatchObject({ name: "첫 그림 상품", imageUrl: "https://img.example.com/cap/1.jpg" });

    await addAs(seller, { name: "그림 없는 상품" });
    const full = asResponse(await addRoute.action(args(formRequest("/add", fields({ name: "세 번째 상품" }), { cookie: seller.cookie }))));
    expect(full.status).toBe(403);
    expect((full.data as { message: string }).message).toBe(
      "등록 실패: 한 계정에 상품은 2개까지 등록할 수 있습니다. 더 등록하려면 필요 없는 상품을 먼저 삭제해 주세요.",
    );
    expect(await db().$count(products)).toBe(before + 1);
  } finally {
    for (const [key, value] of [
      ["IMAGE_REQUESTS_PER_HOUR", saved.images],
      ["PRODUCTS_PER_ACCOUNT", saved.products],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
});

test("/admin/external-products: every write needs the admin role; a too-large upload is refused before it is read", async () => {
  const seller = await signUp("seller");
  const boss = await admin();
  const count = () => db().$count(externalProducts);
  const before = await count();
  const create = {
    intent: "create",
    title: "관리 테스트 상품",
    productUrl: "https://shop.example.com/admin-test",
    imageUrl: "https://img.example.com/a.jpg",
    price: "9,900원~",
  };

  const post = (body: Record<string, string>, who: Person | null) =>
    caught(() => callAction(formRequest("/admin/external-products", body, who ? { cookie: who.cookie } : {})));
  expect((await post(create, null)).status).toBe(401);
  expect((await post(create, seller)).status).toBe(403);
  expect((await caught(() => callLoader(getRequest("/admin/external-products", { cookie: seller.cookie })))).location).toBe("/");
  expect(await count()).toBe(before);

  const bad = await caught(() =>
    callAction(formRequest("/admin/external-products", { ...create, productUrl: "javascript:alert(1)" }, { cookie: boss.cookie })),
  );
  expect(bad.status).toBe(400);
  expect(bad.data).toMatchObject({ ok: false, message: "등록 실패: 상품 URL은 http:// 또는 https://로 시작하는 주소여야 합니다." });

  const created = await caught(() => callAction(formRequest("/admin/external-products", create, { cookie: boss.cookie })));
  expect(created.status).toBe(302);
  expect(await toastOf(created.headers)).toBe("외부 인기 상품이 등록되었습니다.");
  expect(await count()).toBe(before + 1);
  const [saved] = await db().select().from(externalProducts).where(eq(externalProducts.productUrl, create.productUrl));

  expect((await post({ intent: "delete", id: String(saved!.id) }, seller)).status).toBe(403);
  expect(await count()).toBe(before + 1);

  // Import through a multipart upload: preview, then apply.
  const upload = async (text: string, name = "popular.csv", declareSize = true) => {
    const form = new FormData();
    form.set("intent", "preview-import");
    form.set("file", new File([text], name, { type: "text/csv" }));
    const encoded = new Response(form);
    const body = new Uint8Array(await encoded.arrayBuffer());
    const headers: Record<string, string> = {
      cookie: boss.cookie,
      origin: "http://localhost:3000",
      "content-type": encoded.headers.get("content-type") ?? "",
    };
    if (declareSize) headers["content-length"] = String(body.byteLength);
    return new Request("http://localhost:3000/admin/external-products", { method: "POST", body, headers });
  };
  const preview = asResponse(
    await callAction(
      await upload("title,productUrl,imageUrl,price\n가져온 상품,https://shop.example.com/imported,https://img.example.com/i.jpg,1000원"),
    ),
  );
  expect(preview.data).toMatchObject({ kind: "preview", rows: [{ title: "가져온 상품" }], refused: [] });
  expect(await count()).toBe(before + 1);
  const applied = await caught(() =>
    callAction(
      formRequest(
        "/admin/external-products",
        { intent: "apply-import", payload: (preview.data as { payload: string }).payload },
        { cookie: boss.cookie },
      ),
    ),
  );
  expect(applied.status).toBe(302);
  expect(await toastOf(applied.headers)).toBe("외부 인기 상품 1개를 가져왔습니다.");
  expect(await count()).toBe(before + 2);

  const broken = asResponse(await callAction(await upload("{not json", "broken.json")));
  expect(broken.status).toBe(400);
  expect(broken.data).toMatchObject({ ok: false, message: "JSON 형식이 올바르지 않아 파일을 읽을 수 없습니다." });
  const tampered = await caught(() =>
    callAction(
      formRequest(
        "/admin/external-products",
        { intent: "apply-import", payload: '[{"title":"x","productUrl":"javascript:alert(1)","imageUrl":"","price":"","position":"1"}]' },
        { cookie: boss.cookie },
      ),
    ),
  );
  expect(tampered.status).toBe(400);
  const hugeCsv = `title,productUrl\n${"가".repeat(2_000_000)},https://a.example/`;
  for (const declareSize of [true, false]) {
    const huge = asResponse(await callAction(await upload(hugeCsv, "huge.csv", declareSize)));
    expect(huge.status).toBe(413);
    expect(huge.data).toMatchObject({ ok: false, message: "파일이 너무 큽니다. 1MB 이하의 JSON 또는 CSV 파일을 선택해 주세요." });
  }
  // Just over the file limit, inside the request limit: refused by the file check.
  const overFile = asResponse(await callAction(await upload(`title,productUrl\n${"a".repeat(1_000_001)},https://a.example/`)));
  expect(overFile.status).toBe(413);
  expect(await count()).toBe(before + 2);

  const asked = await caught(() =>
    callAction(formRequest("/admin/external-products", { intent: "delete", id: String(saved!.id) }, { cookie: boss.cookie })),
  );
  expect(asked.status).toBe(200);
  expect(asked.data).toMatchObject({ ok: false, message: "정말 삭제하시겠습니까?" });
  expect(await count()).toBe(before + 2);
  const deleted = await caught(() =>
    callAction(formRequest("/admin/external-products", { intent: "delete", id: String(saved!.id), confirm: "1" }, { cookie: boss.cookie })),
  );
  expect(deleted.status).toBe(302);
  expect(await count()).toBe(before + 1);
});
