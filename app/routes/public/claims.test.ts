import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { claimCodes, rateLimits, wholesalers } from "#app/db/schema.ts";
import { ACCOUNT_CHECKS_PER_HOUR, CHECKS_PER_HOUR } from "#app/features/suppliers/claim-rules.ts";
import { CLAIM_WORDS, claimCodeFor, isManagerOf } from "#app/features/suppliers/claims.server.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import * as claimRoute from "#app/routes/public/wholesaler-claim.tsx";
import { html, text, useClaimScene } from "#tests/claim-scene.ts";
import { setAllowHosts } from "#tests/network.ts";
import { asResponse, caught, formRequest, getRequest, retryAfterPassedOn } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const scene = useClaimScene();
const { url, answer, check } = scene;
let ownerId = "";
let otherId = "";
let ownerCookie = "";
let otherCookie = "";
let listing = 0;
beforeEach(() => {
  ({ ownerId, otherId, ownerCookie, otherCookie, listing } = scene);
});

describe("the code", () => {
  test("GETs of the claim page write no row, whoever asks and however often", async () => {
    const second = await createWholesaler({
      name: "둘째몰",
      category: "패션",
      siteUrl: url("supplier.co.kr"),
      contact: "",
      logoUrl: "",
      summary: "",
    });
    const shown = new Set<string>();
    for (const id of [listing, second]) {
      for (const cookie of [ownerCookie, otherCookie, ownerCookie]) {
        const page = asResponse(await callLoader(getRequest(`/wholesaler/${id}/claim`, { cookie })));
        shown.add((page.data as { code: string }).code);
      }
    }
    expect(shown.size).toBe(4);
    expect(await db().select().from(claimCodes)).toEqual([]);
    expect(await db().select().from(rateLimits)).toEqual([]);
  });
});

describe("what is refused, with a Korean reason and nothing written", () => {
  test(`at most ${ACCOUNT_CHECKS_PER_HOUR} checks an account an hour over every listing: a Korean 429 with Retry-After, no fetch`, async () => {
    answer("supplier.co.kr", "/", html("<html><head></head><body></body></html>"));
    const site = { category: "패션", siteUrl: url("supplier.co.kr"), contact: "", logoUrl: "", summary: "" };
    const second = await createWholesaler({ ...site, name: "둘째몰" });
    const third = await createWholesaler({ ...site, name: "셋째몰" });
    const before = scene.requests().length;
    const statuses: (number | "ok")[] = [];
    const press = async (id: number, times: number) => {
      for (let i = 0; i < times; i += 1) {
        const outcome = await check("meta", ownerId, {}, id);
        statuses.push(outcome.ok ? "ok" : outcome.status);
      }
    };
    // The listing's own limit refuses 5 without counting them against the account.
    await press(listing, CHECKS_PER_HOUR + 5);
    await press(second, ACCOUNT_CHECKS_PER_HOUR - CHECKS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(scene.requests().length - before).toBe(ACCOUNT_CHECKS_PER_HOUR);
    const refused = await check("meta", ownerId, {}, third);
    expect(refused).toMatchObject({ ok: false, status: 429, message: CLAIM_WORDS.accountLimited });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect(scene.requests().length - before).toBe(ACCOUNT_CHECKS_PER_HOUR);
    // Through the page: the same refusal, with Retry-After passed on to the browser.
    const page = asResponse(await callAction(formRequest(`/wholesaler/${third}/claim`, { method: "meta" }, { cookie: ownerCookie })));
    expect(page.status).toBe(429);
    expect((page.data as { message: string }).message).toBe(CLAIM_WORDS.accountLimited);
    const retryAfter = retryAfterPassedOn(claimRoute, page);
    expect(Number(retryAfter.sent)).toBeGreaterThan(3000);
    expect(retryAfter.passedOn).toBe(retryAfter.sent);
    expect(scene.requests().length - before).toBe(ACCOUNT_CHECKS_PER_HOUR);
    // Another account is not held back.
    expect(await check("meta", otherId, {}, third)).toMatchObject({ ok: false, status: 400 });
  });
});

describe("the page", () => {
  test("anonymous visitors go to /login; a signed-in account sees its code and the two ways", async () => {
    const anonymous = await caught(() => callLoader(getRequest(`/wholesaler/${listing}/claim`)));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain(`/login?redirectTo=${encodeURIComponent(`/wholesaler/${listing}/claim`)}`);
    const page = asResponse(await callLoader(getRequest(`/wholesaler/${listing}/claim`, { cookie: ownerCookie })));
    const { code } = await claimCodeFor(ownerId, listing);
    expect(page.data).toMatchObject({ code, refusal: null, manager: false });
  });

  test("확인하기 posts: success goes to /supplier with 인증이 완료되었습니다.; a bad method or a missing listing is a 4xx", async () => {
    const { code } = await claimCodeFor(ownerId, listing);
    // The route's fetch resolves names for real: the listing's address is the stand-in's own address here.
    const direct = `http://127.0.0.1:${scene.port()}`;
    setAllowHosts(`127.0.0.1:${scene.port()}`);
    try {
      await db()
        .update(wholesalers)
        .set({ siteUrl: `${direct}/` })
        .where(eq(wholesalers.id, listing));
      answer("127.0.0.1", "/domaeon-verification.txt", text(code));
      const bad = asResponse(await callAction(formRequest(`/wholesaler/${listing}/claim`, { method: "dns" }, { cookie: ownerCookie })));
      expect(bad.status).toBe(400);
      const missing = await caught(() => callAction(formRequest("/wholesaler/999999/claim", { method: "file" }, { cookie: ownerCookie })));
      expect(missing.status).toBe(404);
      const anonymous = await caught(() => callAction(formRequest(`/wholesaler/${listing}/claim`, { method: "file" })));
      expect(anonymous.status).toBe(401);
      const done = asResponse(await callAction(formRequest(`/wholesaler/${listing}/claim`, { method: "file" }, { cookie: ownerCookie })));
      expect(done.status).toBe(302);
      expect(done.location).toBe("/supplier");
      expect(await isManagerOf(ownerId, listing)).toBe(true);
      const again = asResponse(await callAction(formRequest(`/wholesaler/${listing}/claim`, { method: "meta" }, { cookie: otherCookie })));
      expect(again.status).toBe(400);
      expect((again.data as { message: string }).message).toContain(CLAIM_WORDS.notFound);
    } finally {
      scene.allowSites();
    }
  });
});
