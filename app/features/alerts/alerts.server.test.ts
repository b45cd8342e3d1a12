import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { alertDigests, alertSettings, favorites, jobs, wholesalers } from "#app/db/schema.ts";
import { recordChanges, SYSTEM_ACTOR } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { UNKNOWN_TERMS } from "#app/features/wholesalers/wholesaler-terms.ts";
import { saveSupplierTerms } from "#app/features/wholesalers/wholesalers.server.ts";
import { MailError } from "#app/platform/mail/mail.server.ts";
import { ALERT_ACCOUNTS, type SCENE_TERMS, supplierSaves as saveSceneTerms, soon, useAlertScene } from "#tests/alert-scene.ts";
import { loggedMails } from "#tests/log-capture.ts";
import { mailHtml, mailSubject, mailText } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { ALERT_DIGEST_KIND, ALERT_SEND_KIND } from "./alert-kinds.ts";
import { gatherDigests, readUnsubscribeToken, sendDigest, unsubscribeToken } from "./alerts.server.ts";

withTestDatabase();
const scene = useAlertScene();
const { smtp, ids } = scene;
let supplier = 0;
beforeEach(() => {
  supplier = scene.supplier;
});
const supplierSaves = (changes: Partial<typeof SCENE_TERMS>, contact = "") => saveSceneTerms(supplier, changes, contact);
const digests = () => db().select().from(alertDigests);

describe("the digest", () => {
  test("a watched change queues the digest job for the end of its window; one mail, to the saver with alerts on only", async () => {
    await supplierSaves({});
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, ALERT_DIGEST_KIND));
    expect(job).toBeDefined();
    const wait = job!.runAfter.getTime() - Date.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(65_000);

    expect(await gatherDigests(soon())).toBe(1);
    const [digest] = await digests();
    expect(digest).toMatchObject({ userId: ids["fan@alerts.test"], state: "pending" });
    const [send] = await db().select().from(jobs).where(eq(jobs.kind, ALERT_SEND_KIND));
    expect(send?.payload).toEqual({ digestId: digest!.id });

    expect(await sendDigest(digest!.id)).toBe("sent");
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["fan@alerts.test"]);
    expect(mailSubject(mail!)).toBe("[도매온] 찜한 도매처 변경 알림");
    const text = mailText(mail!);
    expect(text).toContain("■ 알림몰");
    expect(text).toContain("- 위탁 판매: 확인 필요 → 가능");
    expect(text).toContain("- 배송비: 확인 필요 → 3,000원");
    expect(text).toContain(`/wholesaler/${supplier}`);
    expect(text).toContain("/alerts/unsubscribe?token=");
    for (const email of ALERT_ACCOUNTS.filter((e) => e !== "fan@alerts.test")) expect(mail!.raw).not.toContain(email);
    // Sent once: a second run of the same job sends nothing.
    expect(await sendDigest(digest!.id)).toBe("skipped");
    expect(smtp.received).toHaveLength(1);
  });

  test("the mail has an HTML part beside the text, with the same supplier, changes and links, and every value escaped", async () => {
    const name = `<script>alert("찜")</script> & <b>몰</b>`;
    await db().update(wholesalers).set({ name }).where(eq(wholesalers.id, supplier));
    await supplierSaves({});
    expect(await gatherDigests(soon())).toBe(1);
    const [digest] = await digests();
    expect(await sendDigest(digest!.id)).toBe("sent");
    const [mail] = smtp.received;
    const text = mailText(mail!);
    const html = mailHtml(mail!);
    expect(text).toContain(`■ ${name}`);
    expect(html).toBeDefined();
    expect(html).toMatch(/^<!doctype html><html lang="ko">/);
    expect(html).toContain("<title>[도매온] 찜한 도매처 변경 알림</title>");
    // The name as text, never as markup: no script, no tag from the name, nothing from another site.
    expect(html).toContain("&lt;script&gt;alert(&quot;찜&quot;)&lt;/script&gt; &amp; &lt;b&gt;몰&lt;/b&gt;");
    expect(html).not.toMatch(/<script|<b>|<img|src=/i);
    for (const words of ["위탁 판매", "확인 필요", "가능", "배송비", "3,000원"]) expect(html).toContain(words);
    // The same two links as the text: the supplier's page and the way out.
    const links = [...html!.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
    const textLinks = text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(2);
    expect(links).toEqual(textLinks);
    expect(links[0]).toMatch(new RegExp(`/wholesaler/${supplier}$`));
    expect(links[1]).toContain("/alerts/unsubscribe?token=");

    // A digest gathered before the HTML part existed goes out as text alone.
    await db().update(alertDigests).set({ state: "pending", html: null }).where(eq(alertDigests.id, digest!.id));
    await sendDigest(digest!.id);
    expect(mailHtml(smtp.received[1]!)).toBeUndefined();
    expect(mailText(smtp.received[1]!)).toBe(text);
  });

  test("at most one mail an account a day: what changes after it waits for the next day's mail", async () => {
    await supplierSaves({});
    expect(await gatherDigests(soon())).toBe(1);
    await supplierSaves({ shippingFee: 0 });
    expect(await gatherDigests(soon())).toBe(0);
    expect(await digests()).toHaveLength(1);
    expect(await gatherDigests(soon(1))).toBe(1);
    const all = await digests();
    expect(all).toHaveLength(2);
    const second = all.find((d) => d.id !== Math.min(...all.map((x) => x.id)))!;
    expect(second.body).toContain("- 배송비: 3,000원 → 무료");
    expect(second.body).not.toContain("위탁 판매");
    // Nothing new: nothing more.
    expect(await gatherDigests(soon(2))).toBe(0);
  });

  test("nothing for unwatched fields, for accounts that did not save the supplier, or that saved it after the change", async () => {
    await saveSupplierTerms(supplier, { summary: "새 요약", contact: "02-1", terms: { ...UNKNOWN_TERMS, minOrder: 5 } }, SYSTEM_ACTOR);
    expect(await db().select().from(jobs).where(eq(jobs.kind, ALERT_DIGEST_KIND))).toEqual([]);
    expect(await gatherDigests(soon())).toBe(0);
    await supplierSaves({});
    await db().insert(favorites).values({ userId: ids["late@alerts.test"]!, wholesalerId: supplier, createdAt: soon() });
    expect(await gatherDigests(soon())).toBe(1);
    expect((await digests()).map((d) => d.userId)).toEqual([ids["fan@alerts.test"]]);
  });

  /** The official-records job saw the 국세청 state go from `before` to `after`. */
  const officialStateChanges = (before: string, after: string) =>
    db().transaction((tx) =>
      recordChanges(tx, {
        wholesalerId: supplier,
        action: "update",
        source: "official-records",
        actor: SYSTEM_ACTOR,
        before: { ntsState: before },
        after: { ntsState: after },
      }),
    );

  test("a 국세청 state that becomes 폐업자 is mailed; 계속사업자 is not news", async () => {
    await officialStateChanges("", "계속사업자");
    expect(await gatherDigests(soon())).toBe(0);
    await officialStateChanges("계속사업자", "폐업자");
    expect(await gatherDigests(soon())).toBe(1);
    expect((await digests())[0]!.body).toContain("- 국세청 상태: 계속사업자 → 폐업자");
  });

  test("a mail server that fails: the digest goes back to pending and the retry sends it once; a send cut off midway is never repeated", async () => {
    await supplierSaves({});
    await gatherDigests(soon());
    const [digest] = await digests();
    // Nothing listens on port 1 of this machine: the mail server refuses the connection.
    process.env.SMTP_URL = "smtp://mailer:mail-secret@127.0.0.1:1";
    try {
      await expect(sendDigest(digest!.id)).rejects.toBeInstanceOf(MailError);
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
    expect((await digests())[0]!.state).toBe("pending");
    expect(await sendDigest(digest!.id)).toBe("sent");
    expect(smtp.received).toHaveLength(1);
    // A worker that died after marking it sending: the mail may have left, so it is not sent again.
    await db().update(alertDigests).set({ state: "sending" }).where(eq(alertDigests.id, digest!.id));
    expect(await sendDigest(digest!.id)).toBe("skipped");
    expect(smtp.received).toHaveLength(1);
  });

  test("alerts turned off after the gathering: nothing is sent", async () => {
    await supplierSaves({});
    await gatherDigests(soon());
    const [digest] = await digests();
    await db()
      .insert(alertSettings)
      .values({ userId: ids["fan@alerts.test"]!, enabled: false })
      .onConflictDoUpdate({
        target: alertSettings.userId,
        set: { enabled: false },
      });
    expect(await sendDigest(digest!.id)).toBe("skipped");
    expect(smtp.received).toHaveLength(0);
  });
});

test("without SMTP_URL the digest's log line carries the supplier's page and the unsubscribe link (README: the operator reads mails there)", async () => {
  await supplierSaves({ shippingFee: 0 });
  expect(await gatherDigests(soon())).toBe(1);
  const [digest] = await digests();
  const [line] = await loggedMails(() => sendDigest(digest!.id));
  expect(line?.to).toBe("fan@alerts.test");
  const paths = (line?.links ?? []).map((link) => new URL(link).pathname);
  expect(paths).toEqual([`/wholesaler/${supplier}`, "/alerts/unsubscribe"]);
  expect(readUnsubscribeToken(new URL(line!.links[1]!).searchParams.get("token"))).toEqual({ userId: ids["fan@alerts.test"] });
  expect(line?.link).toBe(line?.links[0]);
});

describe("the setting and the unsubscribe link", () => {
  test("the link names no account: what it carries is sealed, and every mail gets a new one", async () => {
    const fan = ids["fan@alerts.test"]!;
    const tokens = [unsubscribeToken(fan), unsubscribeToken(fan)];
    expect(tokens[0]).not.toBe(tokens[1]);
    for (const token of tokens) {
      const bytes = Buffer.from(token, "base64url");
      for (const shown of [token, bytes.toString("latin1"), bytes.toString("utf8"), bytes.toString("hex")]) {
        expect(shown).not.toContain(fan);
        for (const encoding of ["base64", "base64url", "hex"] as const)
          expect(shown).not.toContain(Buffer.from(fan).toString(encoding).slice(0, 8));
      }
      expect(readUnsubscribeToken(token)).toEqual({ userId: fan });
    }
    // The mailed digest's link too.
    await supplierSaves({ shippingFee: 2500 });
    expect(await gatherDigests(soon())).toBe(1);
    const [digest] = await db().select().from(alertDigests).where(eq(alertDigests.userId, fan));
    const mailed = new URL(/http\S+\/alerts\/unsubscribe\?\S+/.exec(digest!.body)![0]).searchParams.get("token")!;
    expect(mailed).not.toContain(fan);
    expect(readUnsubscribeToken(mailed)).toEqual({ userId: fan });
  });
});
