import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { images, jobs, products, user } from "#app/db/schema.ts";
import { createExternalProduct, listExternalProducts } from "#app/features/external-products/external-products.server.ts";
import { NEW_ACCOUNTS_LINE } from "#app/platform/images/images.server.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { productSchema } from "./product-schema.ts";
import {
  type Actor,
  canDeleteProduct,
  canEditProduct,
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  ProductRefusal,
  updateProduct,
} from "./products.server.ts";

withTestDatabase();

/**
 * An account with a confirmed address (a real user, docs/decisions/0043), or with `fresh` one that has just
 * signed up and not confirmed it (a new account), or `daysOld` days ago.
 */
async function makeUser(role: "admin" | "user" = "user", { fresh = false, daysOld = 0 } = {}): Promise<Actor> {
  const id = randomUUID();
  const email = `${id.slice(0, 8)}@example.com`;
  const createdAt = new Date(Date.now() - daysOld * 24 * 3600 * 1000);
  await db().insert(user).values({ id, name: email, email, role, emailVerified: !fresh, createdAt });
  return { id, email, role };
}

const input = (name: string, extra: Partial<Record<"imageUrl" | "summary" | "price" | "siteUrl", string>> = {}) =>
  productSchema.parse({ name, imageUrl: "", summary: "", price: "", siteUrl: "", ...extra });

test("a new product records its owner, its search fields and a normalised price", async () => {
  const owner = await makeUser();
  const id = await createProduct(input("스테인리스 텀블러 500ml", { price: "12,000원", summary: "보온 보냉" }), owner);
  const [row] = await db().select().from(products).where(eq(products.id, id));
  expect(row).toMatchObject({ name: "스테인리스 텀블러 500ml", price: 12000, summary: "보온 보냉", createdBy: owner.id });
  expect(row?.searchGrams).toEqual(expect.arrayContaining(["텀블", "블러", "ㅌㅂ"]));
  expect(row?.nameChosung).toBe("ㅅㅌㅇㄹㅅ ㅌㅂㄹ 500ml");
});

test("one search word filters both sections in the database, two-syllable Korean words included", async () => {
  const owner = await makeUser();
  for (const name of ["캠핑 의자 접이식", "원목 식탁 의자", "보온 텀블러", "캠핑 랜턴"]) await createProduct(input(name), owner);
  for (const title of ["캠핑 의자", "텀블러 세트", "무선 이어폰"]) {
    await createExternalProduct({
      title,
      productUrl: `https://shop.example.com/${encodeURIComponent(title)}`,
      imageUrl: "https://img.example.com/a.jpg",
      price: "9,900원",
    });
  }
  const names = async (q: string) => ({
    products: (await listProducts({ q })).items.map((p) => p.name).sort(),
    external: (await listExternalProducts({ q })).items.map((p) => p.title).sort(),
  });
  expect(await names("의자")).toEqual({ products: ["원목 식탁 의자", "캠핑 의자 접이식"], external: ["캠핑 의자"] });
  expect(await names("캠핑")).toEqual({ products: ["캠핑 랜턴", "캠핑 의자 접이식"], external: ["캠핑 의자"] });
  expect(await names("텀블러")).toEqual({ products: ["보온 텀블러", "스테인리스 텀블러 500ml"], external: ["텀블러 세트"] });
  expect(await names("  캠핑 의자 ")).toEqual({ products: ["캠핑 의자 접이식"], external: ["캠핑 의자"] });
  // 초성 and upper case work as they do for wholesalers.
  expect((await names("ㅋㅍ")).products).toEqual(["캠핑 랜턴", "캠핑 의자 접이식"]);
  expect((await names("500ML")).products).toEqual(["스테인리스 텀블러 500ml"]);
  expect(await names("냉장고")).toEqual({ products: [], external: [] });
  // LIKE wildcards and quotes are plain characters.
  expect(await names("%")).toEqual({ products: [], external: [] });
  expect(await names("_")).toEqual({ products: [], external: [] });
  expect(await names("' OR 1=1 --")).toEqual({ products: [], external: [] });
});

test("each section pages on its own, newest first", async () => {
  const owner = await makeUser();
  for (let i = 1; i <= 30; i++) await createProduct(input(`페이징 상품 ${String(i).padStart(2, "0")}`), owner);
  const first = await listProducts({ q: "페이징", page: 1 });
  expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
  expect(first.items).toHaveLength(24);
  expect(first.items[0]?.name).toBe("페이징 상품 30");
  const second = await listProducts({ q: "페이징", page: 2 });
  expect(second.items.map((p) => p.name)).toEqual([
    "페이징 상품 06",
    "페이징 상품 05",
    "페이징 상품 04",
    "페이징 상품 03",
    "페이징 상품 02",
    "페이징 상품 01",
  ]);
  const beyond = await listProducts({ q: "페이징", page: 9 });
  expect(beyond.items).toEqual([]);
  expect(beyond.total).toBe(30);
  expect((await listProducts({ q: "페이징", page: 1, perPage: 10 })).pageCount).toBe(3);
});

test("ownership is part of the write: owner edits, others and admins do not; owner and admin delete", async () => {
  const owner = await makeUser();
  const other = await makeUser();
  const admin = await makeUser("admin");
  const id = await createProduct(input("소유권 확인 상품", { price: "1000" }), owner);
  const before = await getProduct(id);

  expect(await updateProduct({ id, userId: other.id, input: input("남의 수정") })).toBe("forbidden");
  expect(await updateProduct({ id, userId: admin.id, input: input("관리자 수정") })).toBe("forbidden");
  expect(await getProduct(id)).toEqual(before);
  expect(await updateProduct({ id: 2_000_000_000, userId: owner.id, input: input("없는 상품") })).toBe("not-found");

  expect(await updateProduct({ id, userId: owner.id, input: input("주인이 고친 이름", { price: "2,000" }) })).toBe("done");
  const [edited] = await db().select().from(products).where(eq(products.id, id));
  expect(edited).toMatchObject({ name: "주인이 고친 이름", price: 2000, createdBy: owner.id });
  expect(edited?.searchGrams).toContain("고친");
  expect(edited!.updatedAt.getTime()).toBeGreaterThanOrEqual(edited!.createdAt.getTime());

  expect(await deleteProduct({ id, actor: other })).toBe("forbidden");
  expect(await getProduct(id)).not.toBeNull();
  expect(await deleteProduct({ id, actor: owner })).toBe("done");
  expect(await getProduct(id)).toBeNull();
  expect(await deleteProduct({ id, actor: owner })).toBe("not-found");

  const spam = await createProduct(input("스팸 상품"), other);
  expect(await deleteProduct({ id: spam, actor: admin })).toBe("done");
  expect(await getProduct(spam)).toBeNull();
});

test("what a visitor may do with a card", () => {
  const card = { createdBy: "owner-id" };
  expect(canEditProduct(card, { id: "owner-id" })).toBe(true);
  expect(canEditProduct(card, { id: "other-id" })).toBe(false);
  expect(canEditProduct(card, null)).toBe(false);
  expect(canEditProduct({ createdBy: null }, { id: "x" })).toBe(false);
  expect(canDeleteProduct(card, { id: "owner-id", role: "user" })).toBe(true);
  expect(canDeleteProduct(card, { id: "other-id", role: "user" })).toBe(false);
  expect(canDeleteProduct(card, { id: "admin-id", role: "admin" })).toBe(true);
  expect(canDeleteProduct(card, null)).toBe(false);
});

describe("per-account caps (docs/decisions/0026)", () => {
  const settings = {
    PRODUCTS_PER_ACCOUNT: process.env.PRODUCTS_PER_ACCOUNT,
    IMAGE_REQUESTS_PER_HOUR: process.env.IMAGE_REQUESTS_PER_HOUR,
    NEW_ACCOUNT_DAYS: process.env.NEW_ACCOUNT_DAYS,
    NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR: process.env.NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR,
  };
  // Each case counts the hour's requests from nothing.
  beforeEach(async () => {
    await db().delete(jobs);
  });
  afterEach(() => {
    for (const [key, value] of Object.entries(settings)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  const refusalOf = async (save: Promise<unknown>) => {
    const error = await save.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProductRefusal);
    return error as ProductRefusal;
  };
  const owned = async (owner: Actor) =>
    (await db().select({ id: products.id }).from(products).where(eq(products.createdBy, owner.id))).length;
  const picture = (n: number | string) => `https://img.example.com/caps/${n}-${randomUUID()}.jpg`;
  const jobsOf = async (owner: Actor) => db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.owner, owner.id));

  test("PRODUCTS_PER_ACCOUNT: the next product is refused with 403 and nothing is written; deleting one makes room; admins have no cap", async () => {
    process.env.PRODUCTS_PER_ACCOUNT = "3";
    const seller = await makeUser();
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push(await createProduct(input(`한도 상품 ${n}`), seller));
    const refusal = await refusalOf(createProduct(input("한도 넘는 상품", { imageUrl: picture("over") }), seller));
    expect(refusal.status).toBe(403);
    expect(refusal.message).toBe("한 계정에 상품은 3개까지 등록할 수 있습니다. 더 등록하려면 필요 없는 상품을 먼저 삭제해 주세요.");
    expect(await owned(seller)).toBe(3);
    // Its picture was not asked for either.
    expect(await jobsOf(seller)).toEqual([]);

    expect(await deleteProduct({ id: ids[0]!, actor: seller })).toBe("done");
    await createProduct(input("자리가 난 상품"), seller);
    expect(await owned(seller)).toBe(3);

    const admin = await makeUser("admin");
    for (let n = 0; n < 5; n++) await createProduct(input(`관리자 상품 ${n}`), admin);
    expect(await owned(admin)).toBe(5);
  });

  test("several saves at once by one account never pass the cap together", async () => {
    process.env.PRODUCTS_PER_ACCOUNT = "4";
    const seller = await makeUser();
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, n) => createProduct(input(`동시 상품 ${n}`), seller)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(4);
    expect(results.filter((result) => result.status === "rejected").every((result) => result.reason instanceof ProductRefusal)).toBe(true);
    expect(await owned(seller)).toBe(4);
  });

  test("several saves at once with new pictures never pass the hourly cap together", async () => {
    process.env.IMAGE_REQUESTS_PER_HOUR = "3";
    const seller = await makeUser();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, n) => createProduct(input(`동시 그림 ${n}`, { imageUrl: picture(`burst-${n}`) }), seller)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    expect(await owned(seller)).toBe(3);
    expect(await jobsOf(seller)).toHaveLength(3);
  });

  test("IMAGE_REQUESTS_PER_HOUR: a new picture address past the cap is refused with 429 and Retry-After, the product not written; known addresses and other accounts are not held", async () => {
    process.env.IMAGE_REQUESTS_PER_HOUR = "3";
    const seller = await makeUser();
    const first = picture(0);
    for (const n of [0, 1, 2]) await createProduct(input(`그림 상품 ${n}`, { imageUrl: n === 0 ? first : picture(n) }), seller);
    // The seller's three fetches are queued in the seller's own line.
    expect(await jobsOf(seller)).toHaveLength(3);

    const refusal = await refusalOf(createProduct(input("네 번째 그림 상품", { imageUrl: picture(3) }), seller));
    expect(refusal.status).toBe(429);
    expect(refusal.retryAfterSeconds).toBeGreaterThan(3000);
    expect(refusal.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(refusal.message).toMatch(
      /^새 이미지 주소는 한 시간에 3개까지 등록할 수 있습니다\. \d+분 후에 다시 시도하거나, 이미지 URL을 비우고 저장해 주세요\.$/,
    );
    expect(await owned(seller)).toBe(3);
    expect(await jobsOf(seller)).toHaveLength(3);
    expect(
      await db()
        .select()
        .from(images)
        .where(eq(images.sourceUrl, picture(3))),
    ).toEqual([]);

    // An address already asked for costs nothing; neither does a product without a picture.
    await createProduct(input("같은 그림 상품", { imageUrl: first }), seller);
    await createProduct(input("그림 없는 상품"), seller);
    expect(await owned(seller)).toBe(5);

    // A change to a new address is refused the same way, and the row stays as it was.
    const [mine] = await db().select().from(products).where(eq(products.createdBy, seller.id)).limit(1);
    const editRefusal = await refusalOf(
      updateProduct({ id: mine!.id, userId: seller.id, input: input("새 그림으로", { imageUrl: picture(4) }) }),
    );
    expect(editRefusal.status).toBe(429);
    expect((await getProduct(mine!.id))?.name).toBe(mine!.name);

    // Another account, and an admin, are not held by this one's count.
    await createProduct(input("다른 판매자 상품", { imageUrl: picture(5) }), await makeUser());
    const admin = await makeUser("admin");
    for (let n = 0; n < 5; n++) await createProduct(input(`관리자 그림 ${n}`, { imageUrl: picture(`admin-${n}`) }), admin);
    expect(await jobsOf(admin)).toHaveLength(5);
  });

  const newAccountsJobs = async () =>
    (await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.owner, NEW_ACCOUNTS_LINE))).map(
      (job) => (job.payload as { url: string; by: string }).by,
    );

  test("a new account's pictures wait in the line new accounts share and count against its own hourly cap; a confirmed address, an account older than NEW_ACCOUNT_DAYS or an admin has a line of its own", async () => {
    process.env.IMAGE_REQUESTS_PER_HOUR = "3";
    const fresh = await makeUser("user", { fresh: true });
    for (const n of [0, 1]) await createProduct(input(`새 계정 그림 ${n}`, { imageUrl: picture(`fresh-${n}`) }), fresh);
    expect(await jobsOf(fresh)).toEqual([]);
    expect(await newAccountsJobs()).toEqual([fresh.id, fresh.id]);

    // Its address confirmed, it is a real user: the next picture goes in its own line, and its hour counts the two before.
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, fresh.id));
    await createProduct(input("확인된 계정 그림", { imageUrl: picture("verified") }), fresh);
    expect(await jobsOf(fresh)).toHaveLength(1);
    const refusal = await refusalOf(createProduct(input("네 번째 그림", { imageUrl: picture("over") }), fresh));
    expect(refusal.status).toBe(429);
    expect(refusal.message).toMatch(/^새 이미지 주소는 한 시간에 3개까지 등록할 수 있습니다\./);

    for (const real of [await makeUser("user", { fresh: true, daysOld: 8 }), await makeUser("admin", { fresh: true })]) {
      await createProduct(input("자기 줄 그림", { imageUrl: picture(`own-${real.id}`) }), real);
      expect(await jobsOf(real)).toHaveLength(1);
    }
    // NEW_ACCOUNT_DAYS=0: no account is new.
    process.env.NEW_ACCOUNT_DAYS = "0";
    const unchecked = await makeUser("user", { fresh: true });
    await createProduct(input("제한 없는 새 계정 그림", { imageUrl: picture("unchecked") }), unchecked);
    expect(await jobsOf(unchecked)).toHaveLength(1);
    expect(await newAccountsJobs()).toHaveLength(2);
  });

  test("NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR: all new accounts together; past it a new account's new picture is refused with 429 and nothing is written, real users are not held", async () => {
    process.env.NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR = "4";
    const [a, b, c] = [
      await makeUser("user", { fresh: true }),
      await makeUser("user", { fresh: true }),
      await makeUser("user", { fresh: true }),
    ];
    const known = picture("a-0");
    for (const [account, url] of [
      [a, known],
      [a, picture("a-1")],
      [b, picture("b-0")],
      [b, picture("b-1")],
    ] as const)
      await createProduct(input("새 계정 그림", { imageUrl: url }), account);

    const refusal = await refusalOf(createProduct(input("다섯 번째 새 계정 그림", { imageUrl: picture("c-0") }), c));
    expect(refusal.status).toBe(429);
    expect(refusal.retryAfterSeconds).toBeGreaterThan(3000);
    expect(refusal.message).toMatch(
      /^지금은 새로 가입한 계정의 이미지 등록이 많아 잠시 받을 수 없습니다\. \d+분 후에 다시 시도하거나, 이미지 URL을 비우고 저장해 주세요\.$/,
    );
    expect(await owned(c)).toBe(0);
    expect(await newAccountsJobs()).toHaveLength(4);
    // Without a picture, or with an address already asked for, the save costs nothing and goes through.
    await createProduct(input("그림 없는 새 계정 상품"), c);
    await createProduct(input("같은 그림 새 계정 상품", { imageUrl: known }), c);
    expect(await owned(c)).toBe(2);
    // A real user is not held by the new accounts' budget.
    const real = await makeUser();
    await createProduct(input("실사용자 그림", { imageUrl: picture("real") }), real);
    expect(await jobsOf(real)).toHaveLength(1);
  });

  test("several new accounts saving at once never pass the shared budget together", async () => {
    process.env.NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR = "3";
    const accounts = await Promise.all(Array.from({ length: 8 }, () => makeUser("user", { fresh: true })));
    const results = await Promise.allSettled(
      accounts.map((account, n) => createProduct(input(`동시 새 계정 그림 ${n}`, { imageUrl: picture(`shared-${n}`) }), account)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    expect(results.filter((result) => result.status === "rejected").every((result) => result.reason instanceof ProductRefusal)).toBe(true);
    expect(await newAccountsJobs()).toHaveLength(3);
  });
});
