import { Form, Link, useActionData } from "react-router";
import { EmailField, HoneypotField, TextField } from "#app/components/form-field.tsx";
import { SubmitButton, WIDE_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { failedValue, failureOf } from "#app/lib/form-kit.ts";
import { HONEYPOT_FIELD } from "./honeypot.ts";
import { PENDING_ACTION_FIELD, parsePendingAction, pendingActionNotice } from "./pending-action.ts";
import { CONSENT_ALL_FIELD, CONSENT_ALL_LABEL, CONSENT_ITEMS } from "./signup-consent.ts";

type Props = {
  kind: "login" | "admin-login" | "signup";
  submitLabel: string;
  pendingLabel: string;
  /** The page to return to and the intent to finish there (pending-action.ts), from the page's address. */
  redirectTo?: string | null;
  afterSignIn?: string | null;
  /** 카카오 로그인 / 네이버 로그인, when the operator set their keys (docs/decisions/0055). */
  providers?: readonly { id: string; name: string }[];
};

/** Each service's own colours (black on Kakao's yellow and on Naver's green: both read at over 9:1). */
const PROVIDER_BUTTON: Record<string, string> = {
  kakao: "bg-[#FEE500] text-black hover:brightness-95",
  naver: "bg-[#03C75A] text-black hover:brightness-95",
};

/**
 * Login, admin login and signup: e-mail and password (signup: the consent checkbox too). The action
 * redirects on success with the message; a failure comes back as the form kit's failure, shown at its
 * field, or above the button when it is about the whole form.
 */
export function CredentialsForm({ kind, submitLabel, pendingLabel, redirectTo, afterSignIn, providers = [] }: Props) {
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
      {signup ? <ConsentItems ticked={(field) => failedValue(failure, field) === "yes"} error={fieldError} /> : null}
      {formError ? (
        <p role="alert" className="text-sm text-rose-600">
          {formError}
        </p>
      ) : null}
      <SubmitButton pendingLabel={pendingLabel} className={WIDE_BUTTON_CLASS}>
        {submitLabel}
      </SubmitButton>
      {providers.length > 0 ? (
        // In the same form: on /signup the consents above go with the provider's button (the server checks them),
        // and `formNoValidate` lets it go without the e-mail and password.
        <div className="space-y-2 border-t border-slate-200 pt-4">
          {signup ? <p className="text-sm text-slate-600">필수 항목에 동의한 뒤 아래 버튼으로도 가입할 수 있습니다.</p> : null}
          {providers.map((provider) => (
            <button
              key={provider.id}
              type="submit"
              name="provider"
              value={provider.id}
              formNoValidate
              className={`w-full rounded-lg px-5 py-2.5 font-semibold ${PROVIDER_BUTTON[provider.id] ?? "bg-slate-100 text-slate-900"}`}
            >
              {provider.name} 로그인
            </button>
          ))}
        </div>
      ) : null}
    </Form>
  );
}

/** Why a 카카오 or 네이버 sign-in came back without signing in (provider-sign-in.server.ts), above the form. */
export function ProviderError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="mx-auto mb-4 max-w-md rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-800">
      {message}
    </p>
  ) : null;
}

const BOX_CLASS = "mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300";

/**
 * The sign-up's consent items (signup-consent.ts), each its own checkbox, under `전체 동의`. With JavaScript the
 * all-box ticks and unticks every item and follows them; without it the box is sent as it is and the server reads
 * it as every item ticked. No box is `required` in HTML (the all-box alone must be enough without JavaScript): the
 * server refuses a sign-up missing a required item, and the message shows under the items.
 */
function ConsentItems({ ticked, error }: { ticked: (field: string) => boolean; error: (field: string) => string | undefined }) {
  const missing = CONSENT_ITEMS.filter((item) => error(item.field));
  const messageId = "consent-error";
  const itemBoxes = (form: HTMLFormElement | null) =>
    CONSENT_ITEMS.map((item) => form?.elements.namedItem(item.field)).filter(
      (box): box is HTMLInputElement => box instanceof HTMLInputElement,
    );
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3" aria-describedby={missing.length ? messageId : undefined}>
      <legend className="px-1 text-sm font-medium text-slate-800">약관 동의</legend>
      <div className="flex items-start gap-2 border-b border-slate-100 pb-2">
        <input
          id={`field-${CONSENT_ALL_FIELD}`}
          type="checkbox"
          name={CONSENT_ALL_FIELD}
          value="yes"
          defaultChecked={ticked(CONSENT_ALL_FIELD)}
          onChange={(event) => {
            for (const box of itemBoxes(event.currentTarget.form)) box.checked = event.currentTarget.checked;
          }}
          className={BOX_CLASS}
        />
        <label htmlFor={`field-${CONSENT_ALL_FIELD}`} className="text-sm font-semibold text-slate-900">
          {CONSENT_ALL_LABEL}
        </label>
      </div>
      {CONSENT_ITEMS.map((item) => {
        const id = `field-${item.field}`;
        return (
          <div key={item.field}>
            <div className="flex items-start gap-2">
              <input
                id={id}
                type="checkbox"
                name={item.field}
                value="yes"
                defaultChecked={ticked(item.field) || ticked(CONSENT_ALL_FIELD)}
                aria-invalid={error(item.field) ? true : undefined}
                onChange={(event) => {
                  const form = event.currentTarget.form;
                  const all = form?.elements.namedItem(CONSENT_ALL_FIELD);
                  if (all instanceof HTMLInputElement) all.checked = itemBoxes(form).every((box) => box.checked);
                }}
                className={BOX_CLASS}
              />
              <label htmlFor={id} className="text-sm text-slate-800">
                {item.label}
              </label>
              {item.href ? (
                <Link to={item.href} className="ml-auto shrink-0 text-sm text-blue-700 underline">
                  {item.kind === "terms" ? "이용약관" : "개인정보처리방침"}
                </Link>
              ) : null}
            </div>
            {item.details ? (
              <ul className="ml-6 mt-1 list-disc space-y-0.5 pl-4 text-xs leading-5 text-slate-600">
                {item.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
      {missing.length ? (
        <p id={messageId} role="alert" className="text-sm text-rose-600">
          {error(missing[0]?.field ?? "")}
        </p>
      ) : null}
    </fieldset>
  );
}
