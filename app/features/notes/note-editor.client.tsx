import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type KeyboardEvent, useRef } from "react";
import { toast } from "#app/components/browser-messages.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { noteBodyClass } from "./note-body-class.ts";

/**
 * The seller-note editor (browser only, loaded lazily by the admin pages). Its toolbar makes exactly
 * what the server's sanitiser keeps: h2/h3, paragraphs, bold, italic, underline, both lists, links,
 * images and line breaks. Everything else StarterKit offers is switched off.
 */
type Props = { initialContent: string; onChange: (html: string) => void };

const URL_RULE = "http:// 또는 https://로 시작하는 주소만 넣을 수 있습니다.";

export default function NoteEditor({ initialContent, onChange }: Props) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          isAllowedUri: (url) => safeHttpUrl(url) !== null,
          HTMLAttributes: { rel: "noopener noreferrer", target: "_blank" },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initialContent,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-label": "내용",
        "aria-multiline": "true",
        class: `${noteBodyClass} min-h-72 rounded-b-lg border border-t-0 border-slate-300 bg-white px-4 py-3 focus:outline-none focus:ring-2 focus:ring-blue-200`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });

  return (
    <div>
      {editor ? <Toolbar editor={editor} /> : null}
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <p className="rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-500">불러오는 중...</p>
      )}
    </div>
  );
}

type ButtonSpec = {
  label: string;
  keys?: string;
  isActive?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

const BUTTONS: ButtonSpec[] = [
  {
    label: "제목 1",
    keys: "Control+Alt+2",
    isActive: (e) => e.isActive("heading", { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: "제목 2",
    keys: "Control+Alt+3",
    isActive: (e) => e.isActive("heading", { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  { label: "굵게", keys: "Control+B", isActive: (e) => e.isActive("bold"), run: (e) => e.chain().focus().toggleBold().run() },
  { label: "기울임", keys: "Control+I", isActive: (e) => e.isActive("italic"), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: "밑줄", keys: "Control+U", isActive: (e) => e.isActive("underline"), run: (e) => e.chain().focus().toggleUnderline().run() },
  {
    label: "번호 목록",
    keys: "Control+Shift+7",
    isActive: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: "글머리 목록",
    keys: "Control+Shift+8",
    isActive: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  { label: "링크", isActive: (e) => e.isActive("link"), run: promptLink },
  { label: "이미지", run: promptImage },
];

function promptLink(editor: Editor) {
  const current = (editor.getAttributes("link").href as string | undefined) ?? "https://";
  const answer = window.prompt("연결할 주소를 입력해 주세요. 비워 두면 링크를 없앱니다.", current);
  if (answer === null) return;
  if (answer.trim() === "" || answer.trim() === "https://") {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return;
  }
  const href = safeHttpUrl(answer.trim());
  if (!href) {
    toast.error(URL_RULE);
    return;
  }
  if (editor.state.selection.empty && !editor.isActive("link")) {
    // Nothing selected: the address itself becomes the link text.
    editor
      .chain()
      .focus()
      .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
      .run();
    return;
  }
  editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
}

function promptImage(editor: Editor) {
  const answer = window.prompt("이미지 주소(https://…)를 입력해 주세요.", "https://");
  if (answer === null || answer.trim() === "" || answer.trim() === "https://") return;
  const src = safeHttpUrl(answer.trim());
  if (!src) {
    toast.error(URL_RULE);
    return;
  }
  const alt = window.prompt("이미지를 설명하는 글(대체 텍스트)을 입력해 주세요.", "") ?? "";
  editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
}

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => BUTTONS.map((button) => (button.isActive ? button.isActive(current) : null)),
  });
  const toolbarRef = useRef<HTMLDivElement>(null);

  // Arrow keys move along the toolbar, as in any ARIA toolbar.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const buttons = Array.from(toolbarRef.current?.querySelectorAll("button") ?? []);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index === -1) return;
    event.preventDefault();
    const next = (index + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
  }

  return (
    <div
      ref={toolbarRef}
      role="toolbar"
      aria-label="서식"
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 rounded-t-lg border border-slate-300 bg-slate-100 p-1.5"
    >
      {BUTTONS.map((button, i) => {
        const pressed = active?.[i];
        return (
          <button
            key={button.label}
            type="button"
            aria-pressed={pressed === null || pressed === undefined ? undefined : pressed}
            aria-keyshortcuts={button.keys}
            title={button.keys ? `${button.label} (${button.keys.replace("Control", "Ctrl")})` : button.label}
            onClick={() => button.run(editor)}
            className="rounded-md px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-white aria-pressed:bg-blue-600 aria-pressed:text-white"
          >
            {button.label}
          </button>
        );
      })}
    </div>
  );
}
