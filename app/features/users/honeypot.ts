/**
 * A field real people never see or fill; bots that fill every input reveal themselves. In a module of
 * its own so the sign-in form can name it without pulling the zod schemas into the page's JavaScript.
 */
export const HONEYPOT_FIELD = "nickname_confirm";
