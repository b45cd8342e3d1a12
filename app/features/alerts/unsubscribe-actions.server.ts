import { formFailure, readForm } from "#app/lib/form.server.ts";
import { log } from "#app/lib/log.server.ts";
import { alertsEnabled, readUnsubscribeToken, setAlertsEnabled, UNSUBSCRIBE_TOKEN_DAYS } from "./alerts.server.ts";

/**
 * /alerts/unsubscribe?token=…: the link of every alert mail. It works without signing in (the token, sealed with
 * the server's secret, names the account to the server only) for `UNSUBSCRIBE_TOKEN_DAYS` after its mail, and asks
 * for one press of `알림 끄기`, so a mail scanner that opens the link turns nothing off.
 */

export const BAD_TOKEN =
  "알림 해제 링크가 올바르지 않습니다. 메일의 링크를 그대로 열어 주시거나, 로그인한 뒤 내 계정에서 알림을 꺼 주세요.";
export const EXPIRED_TOKEN = `알림 해제 링크는 메일을 받은 날부터 ${UNSUBSCRIBE_TOKEN_DAYS}일 동안만 쓸 수 있습니다. 가장 최근에 받은 알림 메일의 링크를 열어 주시거나, 로그인한 뒤 내 계정에서 알림을 꺼 주세요.`;
export const UNSUBSCRIBED = "알림을 껐습니다.";

/** The token's account, or the refusal's message. */
function accountOf(token: unknown): { userId: string } | { refusal: string } {
  const checked = readUnsubscribeToken(token);
  if (checked === "expired") return { refusal: EXPIRED_TOKEN };
  if (checked === "invalid") return { refusal: BAD_TOKEN };
  return checked;
}

export async function loadUnsubscribePage(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const account = accountOf(token);
  if ("refusal" in account) throw new Response(account.refusal, { status: 400 });
  return { token, alreadyOff: !(await alertsEnabled(account.userId)) };
}

export async function unsubscribeAction(request: Request) {
  const form = await readForm(request);
  const account = accountOf(form.get("token") ?? new URL(request.url).searchParams.get("token"));
  if ("refusal" in account) return formFailure(account.refusal, { status: 400 });
  const { userId } = account;
  try {
    await setAlertsEnabled(userId, false);
  } catch (error) {
    log.error("alerts unsubscribe failed", { request, error });
    return formFailure("알림을 끄지 못했습니다. 잠시 후 다시 시도해 주세요.", { status: 500 });
  }
  return { ok: true as const, message: UNSUBSCRIBED };
}
