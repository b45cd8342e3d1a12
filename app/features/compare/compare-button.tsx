import { PostToggle, TOGGLE_BUTTON_CLASS } from "#app/components/post-toggle.tsx";

/** `비교에 추가` / `비교에서 빼기` on a card or a detail page (the choice lives in a cookie, no login). */
export function CompareButton({ wholesalerId, chosen }: { wholesalerId: number; chosen: boolean }) {
  return (
    <PostToggle
      action="/compare"
      fields={{ id: String(wholesalerId) }}
      on={chosen}
      label={{ on: "비교에서 빼기", off: "비교에 추가" }}
      className={(on) =>
        `${TOGGLE_BUTTON_CLASS} ${on ? "border-violet-600 bg-violet-50 text-violet-800" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`
      }
    />
  );
}
