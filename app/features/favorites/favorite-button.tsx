import { Link, useLocation } from "react-router";
import { PostToggle, TOGGLE_BUTTON_CLASS } from "#app/components/post-toggle.tsx";
import { pendingActionValue, signInHref } from "#app/features/users/pending-action.ts";

const OFF = "border-slate-300 bg-white text-slate-700 hover:bg-slate-50";
const ON = "border-rose-500 bg-rose-50 text-rose-700";

/**
 * `찜하기` (aria-pressed false) / `찜 해제` (aria-pressed true) for a signed-in user. An anonymous
 * visitor gets a link of the same name to /login, which brings them back to this page with the
 * supplier saved: the link carries the intent, the login's (or sign-up's) POST saves it
 * (features/users/pending-action.ts).
 */
export function FavoriteButton({ wholesalerId, saved }: { wholesalerId: number; saved: boolean | null }) {
  const location = useLocation();
  if (saved === null) {
    const back = `${location.pathname}${location.search}`;
    return (
      <Link
        to={signInHref("/login", { redirectTo: back, afterSignIn: pendingActionValue({ kind: "favorite", wholesalerId }) })}
        className={`${TOGGLE_BUTTON_CLASS} ${OFF}`}
      >
        찜하기
      </Link>
    );
  }
  return (
    <PostToggle
      action="/favorites"
      fields={{ id: String(wholesalerId) }}
      on={saved}
      pressable
      label={{ on: "찜 해제", off: "찜하기" }}
      className={(on) => `${TOGGLE_BUTTON_CLASS} ${on ? ON : OFF}`}
    />
  );
}
