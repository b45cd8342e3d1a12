import { z } from "zod";
import { singleLine } from "#app/lib/form-fields.ts";

export const NOTE_BLANK_MESSAGE = "제목과 내용을 모두 입력해 주세요.";
export const NOTE_NOT_FOUND = "존재하지 않는 게시글입니다.";
export const NOTE_TITLE_MAX = 200;
/** Generous for long articles with many links; stops a runaway paste from filling the database. */
export const NOTE_CONTENT_MAX = 200_000;

/**
 * Whether editor HTML holds anything a reader would see: words or an image. Used by the page to enable
 * `저장` and by the action before sanitising; the server repeats the check on the sanitised HTML.
 */
export function noteHtmlHasContent(html: string): boolean {
  if (/<img\s[^>]*src=/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;|&#xa0;/gi, " ")
    .trim();
  return text !== "";
}

/** The seller-note form (`title`, `content`), shared by /admin/sellernote-add and /admin/sellernote-edit/{id}. */
export const noteSchema = z.object({
  title: singleLine({ max: NOTE_TITLE_MAX, required: NOTE_BLANK_MESSAGE, tooLong: `제목은 ${NOTE_TITLE_MAX}자 이하로 입력해 주세요.` }),
  content: z
    .string({ error: NOTE_BLANK_MESSAGE })
    .max(NOTE_CONTENT_MAX, "내용이 너무 깁니다. 글을 나누어 올려 주세요.")
    .refine(noteHtmlHasContent, NOTE_BLANK_MESSAGE),
});

export type NoteInput = z.infer<typeof noteSchema>;
