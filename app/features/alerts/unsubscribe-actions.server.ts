import { formFailure, readForm } from "#app/lib/form.server.ts";
import { log } from "#app/lib/log.server.ts";
import { accountOfToken, alertsEnabled, setAlertsEnabled } from "./alerts.server.ts";

/**
 * /alerts/unsubscribe?token=…: the link of every alert mail. It works without signing in (the signed token names
 * the account) and asks for one press of `알림 끄기`, so a mail scanner that opens the link turns nothing off.
 */

export const BAD_TOKEN =
  "알림 해제 링크가 올바르지 않습니다. 메일의 링크를 그대로 열어 주시거나, 로그인한 뒤 내 계정에서 알림을 꺼 주세요.";
export const UNSUBSCRIBED = "알림을 껐습니다.";

export async function loadUnsubscribePage(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const userId = accountOfToken(token);
  if (!userId) throw new Response(BAD_TOKEN, { status: 400 });
  return { token, alreadyOff: !(await alertsEnabled(userId)) };
}

export async function unsubscribeAction(request: Request) {
  const form = await readForm(request);
  const userId = accountOfToken(form.get("token") ?? new URL(request.url).searchParams.get("token"));
  if (!userId) return formFailure(BAD_TOKEN, { status: 400 });
  try {
    await setAlertsEnabled(userId, false);
  } catch (error) {
    log.error("alerts unsubscribe failed", { request, error });
    return formFailure("알림을 끄지 못했습니다. 잠시 후 다시 시도해 주세요.", { status: 500 });
  }
  return { ok: true as const, message: UNSUBSCRIBED };
}
