import { StatusButton } from "./status-button.tsx";

/** The look of `공유` beside a page's other buttons (a product, a supplier, a guide, a note). */
export const SHARE_BUTTON_CLASS =
  "rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50";

/** What the button says once the page's address is on the clipboard (ui-contract, fourth release). */
export const LINK_COPIED = "링크를 복사했습니다.";

/**
 * `공유` (ui-contract, fourth release: a product, and later a supplier, a guide and a note): the device's share
 * sheet, else the page's address copied, which the status beside it says. It needs JavaScript, so without it the
 * button stays hidden and the page loses nothing (the address bar still holds the link). On a page sent without React
 * the small module (app/scripts/page-enhancements.js) finds the box by `data-share` and does the same; on a page that
 * hydrates, React does, and the module is not there.
 */
export function ShareButton({ path, title, className = "" }: { path: string; title: string; className?: string }) {
  return (
    <StatusButton
      act={() => shareOrCopy(new URL(path, location.href).href, title)}
      className={className}
      wrapper={{ "data-share": path, "data-share-title": title }}
    >
      공유
    </StatusButton>
  );
}

/**
 * The share sheet where the device has one (nothing to say after it), else the clipboard (`링크를 복사했습니다.`),
 * else the address to copy by hand. The small module has its own copy of these few lines: it cannot import this file.
 */
async function shareOrCopy(url: string, title: string): Promise<string> {
  if (navigator.share) {
    try {
      await navigator.share({ title, url });
      return "";
    } catch (error) {
      if ((error as Error).name === "AbortError") return "";
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return LINK_COPIED;
  } catch {
    return `이 주소를 복사해 주세요: ${url}`;
  }
}
