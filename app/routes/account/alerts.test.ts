import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { alertDigests } from "#app/db/schema.ts";
import { alertsEnabled, gatherDigests, readUnsubscribeToken, unsubscribeToken } from "#app/features/alerts/alerts.server.ts";
import { BAD_TOKEN, EXPIRED_TOKEN, UNSUBSCRIBED } from "#app/features/alerts/unsubscribe-actions.server.ts";
import { type SCENE_TERMS, supplierSaves as saveSceneTerms, soon, useAlertScene } from "#tests/alert-scene.ts";
import { asResponse, caught, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();
const scene = useAlertScene();
const { ids, cookies } = scene;
let supplier = 0;
beforeEach(() => {
  supplier = scene.supplier;
});
const supplierSaves = (changes: Partial<typeof SCENE_TERMS>, contact = "") => saveSceneTerms(supplier, changes, contact);

describe("the setting and the unsubscribe link", () => {
  test("/account: the checkbox is on by default, 알림 설정 저장 turns it off and on", async () => {
    const cookie = cookies["late@alerts.test"]!;
    const page = asResponse(await callLoader(getRequest("/account", { cookie })));
    expect((page.data as { alertsOn: boolean }).alertsOn).toBe(true);
    const off = await caught(() => callAction(formRequest("/account", { intent: "alerts" }, { cookie })));
    expect(off.status).toBe(302);
    expect(await alertsEnabled(ids["late@alerts.test"]!)).toBe(false);
    await caught(() => callAction(formRequest("/account", { intent: "alerts", alerts: "on" }, { cookie })));
    expect(await alertsEnabled(ids["late@alerts.test"]!)).toBe(true);
  });

  test("one press turns alerts off without signing in; forged, altered or cut tokens are refused", async () => {
    const fan = ids["fan@alerts.test"]!;
    const token = unsubscribeToken(fan);
    expect(readUnsubscribeToken(token)).toEqual({ userId: fan });
    // Opening the link (a mail scanner) changes nothing.
    const page = asResponse(await callLoader(getRequest(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`)));
    expect(page.data).toEqual({ token, alreadyOff: false });
    expect(await alertsEnabled(fan)).toBe(true);
    const pressed = asResponse(await callAction(formRequest("/alerts/unsubscribe", { token })));
    expect(pressed.data).toEqual({ ok: true, message: UNSUBSCRIBED });
    expect(await alertsEnabled(fan)).toBe(false);
    expect(await alertsEnabled(ids["late@alerts.test"]!)).toBe(true);
    // Reused: still off, and the page says so.
    const again = asResponse(await callLoader(getRequest(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`)));
    expect(again.data).toEqual({ token, alreadyOff: true });

    const late = ids["late@alerts.test"]!;
    const lateToken = Buffer.from(unsubscribeToken(late), "base64url");
    // The old form, the account id and its keyed hash (it never expired).
    const oldForm = `${Buffer.from(late).toString("base64url")}.${createHmac("sha256", "test-secret-test-secret-test-secret-0123").update(`alerts-unsubscribe:${late}`).digest("base64url")}`;
    const flipped = Buffer.from(lateToken);
    flipped[14]! ^= 1;
    const forged = [
      "",
      "abc",
      oldForm,
      `${token}x`,
      `${token}.extra`,
      token.slice(0, -2),
      flipped.toString("base64url"),
      // Another account's nonce and tag around this token's sealed text.
      Buffer.concat([lateToken.subarray(0, 12), Buffer.from(token, "base64url").subarray(12)]).toString("base64url"),
    ];
    for (const bad of forged) {
      const loaded = await caught(() => callLoader(getRequest(`/alerts/unsubscribe?token=${encodeURIComponent(bad)}`)));
      expect(loaded.status).toBe(400);
      const posted = asResponse(await callAction(formRequest("/alerts/unsubscribe", { token: bad })));
      expect(posted.status).toBe(400);
      expect((posted.data as { message: string }).message).toBe(BAD_TOKEN);
    }
    expect(await alertsEnabled(late)).toBe(true);
    // With alerts off, the gathering makes nothing for that account.
    await supplierSaves({});
    expect(await gatherDigests(soon())).toBe(0);
    expect(
      await db()
        .select()
        .from(alertDigests)
        .where(and(eq(alertDigests.userId, fan))),
    ).toEqual([]);
  });

  test(`a link older than 60 days is refused with a Korean page; a newer mail's link works`, async () => {
    const fan = ids["fan@alerts.test"]!;
    const day = 86_400_000;
    const expired = unsubscribeToken(fan, new Date(Date.now() - 61 * day));
    const loaded = await callLoader(getRequest(`/alerts/unsubscribe?token=${encodeURIComponent(expired)}`)).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    // The page's ErrorBoundary shows this text.
    expect(loaded?.status).toBe(400);
    expect(await loaded?.text()).toBe(EXPIRED_TOKEN);
    expect(EXPIRED_TOKEN).toBe(
      "알림 해제 링크는 메일을 받은 날부터 60일 동안만 쓸 수 있습니다. 가장 최근에 받은 알림 메일의 링크를 열어 주시거나, 로그인한 뒤 내 계정에서 알림을 꺼 주세요.",
    );
    const posted = asResponse(await callAction(formRequest("/alerts/unsubscribe", { token: expired })));
    expect(posted.status).toBe(400);
    expect((posted.data as { message: string }).message).toBe(EXPIRED_TOKEN);
    expect(await alertsEnabled(fan)).toBe(true);
    // A link made ahead of this server's clock was not made by this site.
    const ahead = unsubscribeToken(fan, new Date(Date.now() + day));
    expect((await caught(() => callLoader(getRequest(`/alerts/unsubscribe?token=${encodeURIComponent(ahead)}`)))).status).toBe(400);
    expect(readUnsubscribeToken(ahead)).toBe("invalid");

    const newer = unsubscribeToken(fan, new Date(Date.now() - 59 * day));
    const page = asResponse(await callLoader(getRequest(`/alerts/unsubscribe?token=${encodeURIComponent(newer)}`)));
    expect(page.data).toEqual({ token: newer, alreadyOff: false });
    const pressed = asResponse(await callAction(formRequest("/alerts/unsubscribe", { token: newer })));
    expect(pressed.data).toEqual({ ok: true, message: UNSUBSCRIBED });
    expect(await alertsEnabled(fan)).toBe(false);
  });
});
