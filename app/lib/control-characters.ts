// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * The one control-character scrubber (forms, search boxes, list parameters). PostgreSQL text cannot hold NUL, and
 * nobody types the other control characters on purpose: in one line they become spaces; multi-line text keeps its
 * line breaks and tabs and loses the rest. A module of its own, without zod, so page code can use it cheaply.
 */
export function stripControl(value: string, { keepLines = false } = {}): string {
  return keepLines ? value.replace(CONTROL_EXCEPT_LINES, "") : value.replace(CONTROL, " ");
}
