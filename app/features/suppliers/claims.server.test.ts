import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { claimCodes, products, wholesalerManagers, wholesalers } from "#app/db/schema.ts";
import { backgroundSettled } from "#app/platform/mail/background.server.ts";
import { html, text, useClaimScene } from "#tests/claim-scene.ts";
import { mailSubject, mailText, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { CHECKS_PER_HOUR } from "./claim-rules.ts";
import { CLAIM_WORDS, claimCodeFor, isManagerOf, listManagers, removeManager } from "./claims.server.ts";

withTestDatabase();
const smtp = useSmtpStandIn();

const scene = useClaimScene();
const { url, answer, check, held } = scene;
let ownerId = "";
let otherId = "";
let listing = 0;
beforeEach(() => {
  ({ ownerId, otherId, listing } = scene);
});
const meta = (code: string) => `<meta name="domaeon-site-verification" content="${code}">`;

describe("the code", () => {
  test("one code per account and listing, kept for 7 days, stored only as a hash, and only by a 확인하기", async () => {
    const first = await claimCodeFor(ownerId, listing);
    const again = await claimCodeFor(ownerId, listing);
    const other = await claimCodeFor(otherId, listing);
    expect(again.code).toBe(first.code);
    expect(other.code).not.toBe(first.code);
    expect(first.code).toMatch(/^domaeon-[0-9a-f]{32}$/);
    const days = (first.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Showing the code wrote nothing; the first 확인하기 stores it (its hash, never the code).
    expect(await db().select().from(claimCodes)).toEqual([]);
    answer("supplier.co.kr", "/", html("<html><head></head><body></body></html>"));
    expect((await check("meta")).ok).toBe(false);
    const rows = await db().select().from(claimCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toBe(createHash("sha256").update(first.code).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(first.code);
    expect((await claimCodeFor(ownerId, listing)).code).toBe(first.code);
    // After the expiry a new code replaces the old one.
    const later = await claimCodeFor(ownerId, listing, new Date(Date.now() + 8 * 86_400_000));
    expect(later.code).not.toBe(first.code);
  });

  test("a page opened before the code's 7-day period turned still checks the code it showed", async () => {
    const week = 7 * 86_400_000;
    const lastPeriods = await claimCodeFor(ownerId, listing, new Date(Date.now() - week));
    const older = await claimCodeFor(ownerId, listing, new Date(Date.now() - 2 * week));
    answer("supplier.co.kr", "/", html(`<html><head>${meta(older.code)}</head><body></body></html>`));
    expect(await check("meta", ownerId, { shownCode: older.code })).toMatchObject({ ok: false, status: 400 });
    await db().delete(claimCodes);
    answer("supplier.co.kr", "/", html(`<html><head>${meta(lastPeriods.code)}</head><body></body></html>`));
    expect((await check("meta", ownerId, { shownCode: lastPeriods.code })).ok).toBe(true);
    expect((await claimCodeFor(ownerId, listing)).code).toBe(lastPeriods.code);
  });
});

describe("the proofs", () => {
  test("the meta tag in the head of the page at the listing's address makes the account a manager", async () => {
    const { code } = await claimCodeFor(ownerId, listing);
    answer("supplier.co.kr", "/", html(`<!doctype html><html><head><title>공급사몰</title>${meta(code)}</head><body>상품</body></html>`));
    expect(await check("meta")).toEqual({ ok: true, message: CLAIM_WORDS.verified, alreadyManager: false });
    expect(await isManagerOf(ownerId, listing)).toBe(true);
    expect((await listManagers(listing)).map((row) => row.method)).toEqual(["meta"]);
  });

  test("the file at /domaeon-verification.txt whose content is the code", async () => {
    const { code } = await claimCodeFor(ownerId, listing);
    answer("supplier.co.kr", "/domaeon-verification.txt", text(`${code}\n`));
    expect((await check("file")).ok).toBe(true);
    expect(await isManagerOf(ownerId, listing)).toBe(true);
  });

  test("a redirect within the same host is followed", async () => {
    const { code } = await claimCodeFor(ownerId, listing);
    answer("supplier.co.kr", "/", (_request, response) => {
      response.writeHead(302, { location: "/main" });
      response.end();
    });
    answer("supplier.co.kr", "/main", html(`<html><head>${meta(code)}</head><body></body></html>`));
    expect((await check("meta")).ok).toBe(true);
  });

  test("another account's code proves nothing for this one", async () => {
    const { code } = await claimCodeFor(otherId, listing);
    answer("supplier.co.kr", "/", html(`<html><head>${meta(code)}</head><body></body></html>`));
    const outcome = await check("meta");
    expect(outcome).toMatchObject({ ok: false, status: 400, message: CLAIM_WORDS.notFound });
    expect(await isManagerOf(ownerId, listing)).toBe(false);
  });
});

describe("what is refused, with a Korean reason and nothing written", () => {
  const refused = async (method: "meta" | "file", expected: RegExp, options: { timeoutMs?: number } = {}) => {
    const outcome = await check(method, ownerId, options);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.message).toContain(CLAIM_WORDS.notFound);
      expect(outcome.message).toMatch(expected);
    }
    expect(await db().select().from(wholesalerManagers)).toEqual([]);
  };

  test("the code in the page's body, not its head", async () => {
    const { code } = await claimCodeFor(ownerId, listing);
    answer("supplier.co.kr", "/", html(`<html><head><title>x</title></head><body>${meta(code)}</body></html>`));
    await refused("meta", /<head>/);
  });

  test("the code in a comment, or in a script, of the head", async () => {
    const { code } = await claimCodeFor(ownerId, listing);
    answer(
      "supplier.co.kr",
      "/",
      html(`<html><head><!-- ${meta(code)} --><script>var t='${meta(code)}'</script></head><body></body></html>`),
    );
    await refused("meta", /주석/);
  });

  test("a redirect to another host, even one that shows the code", async () => {
    const { code } = await claimCodeFor(ownerId, listing);
    answer("supplier.co.kr", "/", (_request, response) => {
      response.writeHead(301, { location: url("elsewhere.co.kr", "/") });
      response.end();
    });
    answer("elsewhere.co.kr", "/", html(`<html><head>${meta(code)}</head><body></body></html>`));
    answer("elsewhere.co.kr", "/domaeon-verification.txt", text(code));
    await refused("meta", /다른 주소/);
    answer("supplier.co.kr", "/domaeon-verification.txt", (_request, response) => {
      response.writeHead(302, { location: url("elsewhere.co.kr", "/domaeon-verification.txt") });
      response.end();
    });
    await refused("file", /다른 주소/);
  });

  test("a 20 MB page whose head never ends is read only up to the cap", async () => {
    let sent = 0;
    answer("supplier.co.kr", "/", (_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.write("<html><head><title>big</title>");
      const chunk = `<meta name="x" content="${"a".repeat(1000)}">`.repeat(64);
      const more = () => {
        while (sent < 20 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", more);
        }
        response.end("</head><body></body></html>");
      };
      response.on("close", () => {
        sent = Math.min(sent, 20 * 1024 * 1024);
      });
      more();
    });
    await refused("meta", /너무 커서/);
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });

  test("a page that never ends is given up at the deadline", async () => {
    answer("supplier.co.kr", "/", (_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.write("<html><head><title>slow</title>");
      held.push(response);
    });
    await refused("meta", /제때 응답/, { timeoutMs: 500 });
  });

  test("a huge proof file", async () => {
    const { code } = await claimCodeFor(ownerId, listing);
    answer("supplier.co.kr", "/domaeon-verification.txt", text(`${code}\n${"x".repeat(100_000)}`));
    await refused("file", /너무 큽니다/);
  });

  test("a file that has more than the code", async () => {
    const { code } = await claimCodeFor(ownerId, listing);
    answer("supplier.co.kr", "/domaeon-verification.txt", text(`hello ${code}`));
    await refused("file", /$/);
  });

  test("a listing without a site, or waiting for review, cannot be claimed", async () => {
    await db().update(wholesalers).set({ siteUrl: "" }).where(eq(wholesalers.id, listing));
    expect(await check("meta")).toMatchObject({ ok: false, status: 403, message: CLAIM_WORDS.noSite });
    await db()
      .update(wholesalers)
      .set({ siteUrl: url("supplier.co.kr"), status: "review" })
      .where(eq(wholesalers.id, listing));
    expect(await check("meta")).toMatchObject({ ok: false, status: 403, message: CLAIM_WORDS.waiting });
    expect(scene.requests()).not.toContain("/?review");
  });

  test(`at most ${CHECKS_PER_HOUR} checks a listing per account an hour: the rest fetch nothing`, async () => {
    answer("supplier.co.kr", "/", html("<html><head></head><body></body></html>"));
    const before = scene.requests().length;
    const outcomes = [];
    for (let i = 0; i < CHECKS_PER_HOUR + 15; i += 1) outcomes.push(await check("meta"));
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.status === 429)).toHaveLength(15);
    expect(scene.requests().length - before).toBe(CHECKS_PER_HOUR);
    // Another account has its own checks.
    expect((await check("meta", otherId)).ok).toBe(false);
    expect(await check("meta", otherId)).not.toMatchObject({ status: 429 });
  });
});

describe("managers", () => {
  test("several accounts may manage one listing; removing one unties its products and keeps them", async () => {
    const first = await claimCodeFor(ownerId, listing);
    const second = await claimCodeFor(otherId, listing);
    answer("supplier.co.kr", "/", html(`<html><head>${meta(first.code)}${meta(second.code)}</head><body></body></html>`));
    expect((await check("meta", ownerId)).ok).toBe(true);
    await backgroundSettled();
    const before = smtp.received.length;
    expect((await check("meta", otherId)).ok).toBe(true);
    // The manager already there is told, without the new account's address; the new one gets nothing.
    const mail = await smtp.nextMail(
      (received) => received.to.includes("owner@supplier.test") && smtp.received.indexOf(received) >= before,
    );
    expect(mailSubject(mail)).toBe("[도매온] 도매처 운영자가 추가되었습니다");
    expect(mailText(mail)).toContain("공급사몰");
    expect(mail.raw).not.toContain("second@supplier.test");
    await backgroundSettled();
    expect(smtp.received.slice(before).flatMap((received) => received.to)).toEqual(["owner@supplier.test"]);
    expect((await listManagers(listing)).map((row) => row.email).sort()).toEqual(["owner@supplier.test", "second@supplier.test"]);
    const [product] = await db()
      .insert(products)
      .values({ name: "티셔츠", createdBy: ownerId, wholesalerId: listing })
      .returning({ id: products.id });
    expect(await removeManager(listing, ownerId)).toBe(true);
    expect(await isManagerOf(ownerId, listing)).toBe(false);
    expect(await isManagerOf(otherId, listing)).toBe(true);
    const [kept] = await db().select().from(products).where(eq(products.id, product!.id));
    expect(kept).toMatchObject({ createdBy: ownerId, wholesalerId: null });
    expect(await removeManager(listing, ownerId)).toBe(false);
    // The code the removed manager left on the site proves nothing any more; the page offers a new one.
    expect(await check("meta", ownerId)).toMatchObject({ ok: false, status: 400 });
    expect(await isManagerOf(ownerId, listing)).toBe(false);
    expect((await claimCodeFor(ownerId, listing)).code).not.toBe(first.code);
  });
});
