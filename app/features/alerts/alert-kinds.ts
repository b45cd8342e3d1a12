/** What the 찜 alerts watch and their job kinds (docs/decisions/0036), apart from the server code. */

/** `위탁 판매`, `배송비`, `단순 변심 반품`, `가격 정책`: the terms whose change is mailed. */
export const WATCHED_TERM_FIELDS = ["dropshipping", "shippingFee", "returns", "pricePolicy"] as const;
/** The 국세청 states (as the change history names them) whose arrival is mailed: 휴업자, 폐업자. */
export const ALERTED_NTS_STATES = ["휴업자", "폐업자"] as const;

/** Gathers the changes not mailed yet into at most one digest per account and day. */
export const ALERT_DIGEST_KIND = "alerts.digest";
/** Sends one gathered digest (retried on a mail server's failure, never sent twice). */
export const ALERT_SEND_KIND = "alerts.send";

/**
 * Changes this recent wait for the next gathering (a write that started earlier may still commit a lower id);
 * the digest job of a window is due this long after the window ends.
 */
export const SETTLE_SECONDS = 5;

type Change = { field: string; before: string; after: string };

/** Whether one change of the history is something an alert mails. */
export function isAlertedChange(change: Change): boolean {
  if (change.before === change.after) return false;
  if ((WATCHED_TERM_FIELDS as readonly string[]).includes(change.field)) return true;
  return change.field === "ntsState" && (ALERTED_NTS_STATES as readonly string[]).includes(change.after);
}
