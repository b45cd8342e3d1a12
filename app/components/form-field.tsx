import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200";

type FieldProps = { label: string; name: string; error?: string; hint?: string };

export function TextField({ label, name, error, hint, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = input.id ?? `field-${name}`;
  return (
    <div>
      {/* The required mark sits beside the label, not in it: the label's text stays exactly `label`. */}
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {input.required ? (
          <span className="text-sm text-rose-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <input
        id={id}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && !error ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-rose-600">{error}</p> : null}
    </div>
  );
}

export function TextAreaField({ label, name, error, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = textarea.id ?? `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea id={id} name={name} rows={4} className={inputClass} aria-invalid={error ? true : undefined} {...textarea} />
      {error ? <p className="mt-1 text-sm text-rose-600">{error}</p> : null}
    </div>
  );
}

/** The honeypot: hidden from people and assistive technology, filled only by bots. */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`hp-${name}`}>이 칸은 비워 두세요</label>
      <input id={`hp-${name}`} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function SubmitButton({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <button
      type="submit"
      className={`inline-flex items-center justify-center rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:opacity-60 ${className}`}
    >
      {children}
    </button>
  );
}
