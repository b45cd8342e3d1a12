import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/** A form's failure message (the form kit's `message`), above its button. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
      {message}
    </p>
  );
}

/**
 * Empties the form after a save that succeeded (the action redirects back to the same page, where the
 * inputs would otherwise keep what was typed); a failed save keeps them for correction.
 */
export function useResetAfterSave(result: { ok: boolean } | undefined, intent: string) {
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const wasSaving = useRef(false);
  useEffect(() => {
    if (wasSaving.current && !saving && !result) form.current?.reset();
    wasSaving.current = saving;
  }, [saving, result]);
  return form;
}
