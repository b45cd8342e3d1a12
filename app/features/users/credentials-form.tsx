import { useEffect } from "react";
import { Form, useActionData, useNavigate, useNavigation } from "react-router";
import { HoneypotField, TextField } from "#app/components/form-field.tsx";
import { WIDE_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { toast } from "#app/components/toast.ts";
import { useHydrated } from "#app/components/use-hydrated.ts";
import type { AuthActionData } from "./auth-actions.server.ts";
import { HONEYPOT_FIELD } from "./honeypot.ts";

type Props = {
  submitLabel: string;
  pendingLabel: string;
  redirectTo?: string | null;
  autoCompletePassword: "current-password" | "new-password";
};

/** Login, admin login and signup: e-mail and password, Korean messages, in-progress label, 1 s redirect. */
export function CredentialsForm({ submitLabel, pendingLabel, redirectTo, autoCompletePassword }: Props) {
  const result = useActionData() as AuthActionData | undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const pending = navigation.state === "submitting";

  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      toast.error(result.error);
      return;
    }
    toast.success(result.message);
    const timer = setTimeout(() => navigate(result.redirectTo, { replace: true }), 1000);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  return (
    <Form method="post" className="relative mx-auto max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <HoneypotField name={HONEYPOT_FIELD} />
      <TextField label="이메일" name="email" type="email" autoComplete="email" required />
      <TextField
        label="비밀번호"
        name="password"
        type="password"
        autoComplete={autoCompletePassword}
        required
        minLength={autoCompletePassword === "new-password" ? 8 : undefined}
      />
      {result && !result.ok ? (
        <p role="alert" className="text-sm text-rose-600">
          {result.error}
        </p>
      ) : null}
      {result?.ok ? (
        <p role="status" className="text-sm text-emerald-700">
          {result.message}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className={WIDE_BUTTON_CLASS}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </Form>
  );
}
