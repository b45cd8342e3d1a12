import { noteBodyClass } from "./note-body-class.ts";

/**
 * A note's body. `html` must come from sanitizeNoteHtml on the server (the note loader re-sanitises
 * what it read from the database): this is the only raw-HTML render in the app (security-checklist 2),
 * and a test checks that it stays the only one.
 */
export function NoteBody({ html }: { html: string }) {
  return <div className={noteBodyClass} dangerouslySetInnerHTML={{ __html: html }} />;
}
