import { Form, Link, useActionData } from "react-router";
import { CheckboxField, EmailField, HoneypotField, TextField } from "#app/components/form-field.tsx";
import { SubmitButton, WIDE_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { failedValue, failureOf } from "#app/lib/form-kit.ts";
import { HONEYPOT_FIELD } from "./honeypot.ts";
import { PENDING_ACTION_FIELD, parsePendingAction, pendingActionNotice } from "./pending-action.ts";
import { CONSENT_FIELD } from "./signup-consent.ts";

type Props = {
  kind: "login" | "admin-login" | "signup";
  submitLabel: string;
  pendingLabel: string;
  /** The page to return to and the intent to finish there (pending-action.ts), from the page's address. */
  redirectTo?: string | null;
  afterSignIn?: string | null;
};

/**
 * Login, admin login and signup: e-mail and password (signup: the consent checkbox too). The action
 * redirects on success with the message; a failure comes back as the form kit's failure, shown at its
 * field, or above the button when it is about the whole form.
 */
export function CredentialsForm({ kind, submitLabel, pendingLabel, redirectTo, afterSignIn }: Props) {
  const failure = failureOf(useActionData());
  const signup = kind === "signup";
  const pending = parsePendingAction(afterSignIn);
  const fieldError = (name: string) => failure?.errors[name];
  const formError = failure && !Object.values(failure.errors).some(Boolean) ? failure.message : null;

  return (
    <Form method="post" className="relative mx-auto max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {pending && afterSignIn ? (
        <>
          <input type="hidden" name={PENDING_ACTION_FIELD} value={afterSignIn} />
          <p className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900">
            {pendingActionNotice(pending, signup ? "signup" : "login")}
          </p>
        </>
      ) : null}
      <HoneypotField name={HONEYPOT_FIELD} />
      <EmailField defaultValue={failedValue(failure, "email")} error={fieldError("email")} />
      <TextField
        label="비밀번호"
        name="password"
        type="password"
        autoComplete={signup ? "new-password" : "current-password"}
        required
        minLength={signup ? 8 : undefined}
        maxLength={128}
        hint={signup ? "8자 이상으로 정해 주세요. 너무 흔한 비밀번호는 쓸 수 없습니다." : undefined}
        error={fieldError("password")}
      />
      {signup ? <ConsentCheckbox checked={failedValue(failure, CONSENT_FIELD) === "yes"} error={fieldError(CONSENT_FIELD)} /> : null}
      {formError ? (
        <p role="alert" className="text-sm text-rose-600">
          {formError}
        </p>
      ) : null}
      <SubmitButton pendingLabel={pendingLabel} className={WIDE_BUTTON_CLASS}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

/** `이용약관과 개인정보처리방침에 동의합니다.`, each name a link to its page (ui-contract "Smaller changes"). */
function ConsentCheckbox({ checked, error }: { checked: boolean; error?: string }) {
  return (
    <CheckboxField
      name={CONSENT_FIELD}
      required
      checked={checked}
      error={error}
      label={
        <>
          <Link to="/terms" className="font-medium text-blue-700 underline">
            이용약관
          </Link>
          과{" "}
          <Link to="/privacy" className="font-medium text-blue-700 underline">
            개인정보처리방침
          </Link>
          에 동의합니다.
        </>
      }
    />
  );
}
