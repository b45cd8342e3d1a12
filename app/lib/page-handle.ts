/**
 * What a route may say about its page in its `handle` export, read by the root layout (app/root.tsx) over every
 * matched route, the deepest included:
 * - `ads: false`: the page carries no ads (the admin pages).
 * - `hydrate: false`: the page is served without React's client scripts (no modulepreloads, no hydration data, no
 *   router): every link and form on it works as plain HTML (ADR 0031). The page may still get the one small
 *   hand-written module (`app/scripts/page-enhancements.js`) and the speculation rules.
 * - `compareBar: false`: no `비교하기` bar fixed at the bottom (the sign-in and account forms: on a phone it covered
 *   their buttons).
 */
export type PageHandle = { ads?: boolean; hydrate?: boolean; compareBar?: boolean };

/** The `handle` of a form a person fills in to sign in or keep their account. */
export const ACCOUNT_FORM = { compareBar: false } as const satisfies PageHandle;

/** The `handle` of a page that needs no JavaScript. */
export const SCRIPT_FREE = { hydrate: false } as const satisfies PageHandle;

/** Whether any matched route turns `key` off. */
export function anyRouteTurnsOff(matches: readonly { handle?: unknown }[], key: keyof PageHandle) {
  return matches.some((match) => (match.handle as PageHandle | undefined)?.[key] === false);
}

/**
 * Sent by the small module with its background request for a `data-live-form` (the margin calculator, ADR 0040):
 * the seller is still typing, so the page answers as to a form not yet sent.
 */
export const LIVE_FORM_HEADER = "X-Live-Form";
