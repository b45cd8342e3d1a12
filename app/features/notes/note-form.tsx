import { lazy, Suspense, useEffect, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { toast } from "#app/components/browser-messages.ts";
import { FormAlert } from "#app/components/form-alert.tsx";
import { TextAreaField, TextField } from "#app/components/form-field.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { failedValue, failureOf, inputHints } from "#app/lib/form-kit.ts";
import { noteHtmlHasContent, noteSchema } from "./note-schema.ts";

// Tiptap is large: it is fetched only when an admin page renders the editor, never on public pages.
const NoteEditor = lazy(() => import("./note-editor.client.tsx"));

type Props = { mode: "add" | "edit"; initialTitle?: string; initialContent?: string };

/**
 * The seller-note form of /admin/sellernote-add and /admin/sellernote-edit/{id}. It posts `title` and
 * `content` (HTML) to its own page. With JavaScript the body is the rich-text editor feeding a hidden
 * field; without it, a plain text area.
 */
export function NoteForm({ mode, initialTitle = "", initialContent = "" }: Props) {
  const failure = failureOf(useActionData());
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [title, setTitle] = useState(failedValue(failure, "title") ?? initialTitle);
  const [content, setContent] = useState(failedValue(failure, "content") ?? initialContent);
  const submitting = navigation.state === "submitting";

  useEffect(() => {
    if (failure) toast.error(failure.message);
  }, [failure]);

  const blank = title.trim() === "" || !noteHtmlHasContent(content);
  const disabled = submitting || (mode === "edit" && blank);

  return (
    <Form method="post" className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <TextField
        label="제목"
        name="title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={inputHints(noteSchema, "title").maxLength}
        autoComplete="off"
      />
      {hydrated ? (
        <div>
          <p className="mb-1 block text-sm font-medium text-slate-800" aria-hidden="true">
            내용
          </p>
          <Suspense fallback={<p className="rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-500">불러오는 중...</p>}>
            <NoteEditor initialContent={content} onChange={setContent} />
          </Suspense>
          <input type="hidden" name="content" value={content} />
        </div>
      ) : (
        <TextAreaField label="내용" name="content" rows={14} defaultValue={content} aria-describedby="note-content-hint" />
      )}
      {hydrated ? null : (
        <p id="note-content-hint" className="-mt-3 text-xs text-slate-500">
          편집기를 불러오지 못해 입력란으로 표시합니다. 빈 줄을 넣으면 문단이 나뉘고, &lt;p&gt;, &lt;h2&gt; 같은 태그를 쓰면 HTML로
          저장됩니다.
        </p>
      )}
      <FormAlert message={failure?.message} />
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={disabled}
          aria-busy={submitting || undefined}
          className="inline-flex items-center justify-center rounded-lg bg-blue-600 px-6 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {mode === "add" ? "등록" : "저장"}
        </button>
      </div>
    </Form>
  );
}
