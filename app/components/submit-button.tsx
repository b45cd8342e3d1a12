import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/** The primary action's look, for every submit button and for a link that is the page's main action. */
export const PRIMARY_BUTTON_CLASS =
  "inline-flex items-center justify-center rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:opacity-60";
/** The same across the whole form (the narrow sign-in and account-recovery forms). */
export const WIDE_BUTTON_CLASS = `${PRIMARY_BUTTON_CLASS} w-full`;

/**
 * The form's submit button. While this form's submission is in flight (matched by the form's hidden
 * `intent` field when given, else any submission of the page) it is disabled and shows `pendingLabel` (e.g. `등록 중...`).
 */
export function SubmitButton({
  children,
  pendingLabel,
  intent,
  className = PRIMARY_BUTTON_CLASS,
  disabled = false,
}: {
  children: ReactNode;
  pendingLabel?: string;
  intent?: string;
  className?: string;
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button type="submit" disabled={disabled || pending} className={className}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
