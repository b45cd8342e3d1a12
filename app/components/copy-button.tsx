import { StatusButton } from "./status-button.tsx";

/**
 * `복사` beside a text to copy (the claim page's code and tag): it needs JavaScript, so until React runs the button
 * stays hidden and the text itself is what a visitor selects and copies (it sits in a focusable element, reachable by
 * keyboard). The status beside it says what happened.
 */
export function CopyButton({ text, label, className = "" }: { text: string; label: string; className?: string }) {
  return (
    <StatusButton
      ariaLabel={`${label} 복사`}
      act={async () => {
        try {
          await navigator.clipboard.writeText(text);
          return "복사했습니다.";
        } catch {
          return "복사하지 못했습니다. 글자를 직접 선택해 복사해 주세요.";
        }
      }}
      className={`rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-700 hover:border-blue-400 hover:text-blue-700 ${className}`}
    >
      복사
    </StatusButton>
  );
}
