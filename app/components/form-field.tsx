import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { z } from "zod";
import { type FieldErrors, inputHints } from "#app/lib/form-kit.ts";

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200";

type FieldProps = { label: string; name: string; error?: string; hint?: string };

const labelClass = "block text-sm font-medium text-slate-800";

function FieldLabel({ id, label }: { id: string; label: string }) {
  return (
    <label htmlFor={id} className={labelClass}>
      {label}
    </label>
  );
}

/** The id of what describes a field: its error while it has one, else its hint. */
const describedBy = (id: string, error?: string, hint?: string) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

/** Below every field: the hint until there is an error, then the error (each with the id describedBy names). */
function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField({ label, name, error, hint, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = input.id ?? `field-${name}`;
  return (
    <div>
      {/* The required mark sits beside the label, not in it: the label's text stays exactly `label`. */}
      <div className="flex items-baseline gap-0.5">
        <FieldLabel id={id} label={label} />
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
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** One line of a field list: the name and label, plus what only the page says (placeholder, hint, datalist id). */
export type TextFieldSpec = { name: string; label: string; placeholder?: string; hint?: string; list?: string };

/**
 * A form's single-line fields from a list, each with `required`, `maxLength` and `inputMode` read off the schema
 * its action checks, so the page and the action cannot disagree.
 */
/** The e-mail address of sign-up, login and the password reset: the same field, label and browser hints. */
export function EmailField(props: Omit<FieldProps, "label" | "name"> & InputHTMLAttributes<HTMLInputElement>) {
  return <TextField label="이메일" name="email" type="email" autoComplete="email" required {...props} />;
}

export function SchemaTextFields({
  schema,
  fields,
  value,
  errors,
}: {
  schema: z.ZodObject;
  fields: readonly TextFieldSpec[];
  value: (name: string) => string;
  errors: FieldErrors;
}) {
  return fields.map(({ name, label, ...shown }) => (
    <TextField
      key={name}
      label={label}
      name={name}
      defaultValue={value(name)}
      error={errors[name]}
      autoComplete="off"
      {...inputHints(schema, name)}
      {...shown}
    />
  ));
}

/**
 * A file to upload (the import pages, an evidence picture): the label, the types the page reads and, below it, what
 * the file must hold; then the field's error, when the server refused the file.
 */
export function FileField({
  label,
  name,
  accept,
  help,
  required = true,
  error,
}: {
  label: string;
  name: string;
  accept: string;
  help?: ReactNode;
  required?: boolean;
  error?: string;
}) {
  const id = `field-${name}`;
  const described = [help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="flex-1">
      <FieldLabel id={id} label={label} />
      <input
        id={id}
        name={name}
        type="file"
        required={required}
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:font-medium"
      />
      {help ? (
        <p id={`${id}-help`} className="mt-2 text-xs leading-relaxed text-slate-500">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextAreaField({ label, name, error, hint, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = textarea.id ?? `field-${name}`;
  return (
    <div>
      <FieldLabel id={id} label={label} />
      <textarea
        id={id}
        name={name}
        rows={4}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...textarea}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** The honeypot: hidden from people and assistive technology, filled only by bots. */
/**
 * One checkbox that sends `yes` when ticked, its label beside it (text or links), and the field's hint or error
 * below, as every other field. `required` makes the browser insist too; the server checks it either way.
 */
export function CheckboxField({
  name,
  label,
  checked,
  error,
  hint,
  required,
  className = "",
}: {
  name: string;
  label: ReactNode;
  checked: boolean;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}) {
  const id = `field-${name}`;
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="yes"
          required={required}
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className="mt-1 h-4 w-4 rounded border-slate-300"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`hp-${name}`}>이 칸은 비워 두세요</label>
      <input id={`hp-${name}`} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

type Option = { value: string; label: string };

/** A labelled `<select>` with its error beside it, like TextField; `placeholder` is a first choice that cannot be sent. */
export function SelectField({
  label,
  name,
  error,
  hint,
  options,
  placeholder,
  ...select
}: FieldProps & { options: readonly Option[]; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = select.id ?? `field-${name}`;
  return (
    <div>
      <FieldLabel id={id} label={label} />
      <select
        id={id}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** Checkboxes sharing one name (a set of values), in a fieldset whose legend is the label. */
export function CheckboxGroup({
  label,
  name,
  error,
  hint,
  options,
  checked,
}: FieldProps & { options: readonly Option[]; checked: readonly string[] }) {
  const id = `field-${name}`;
  return (
    <fieldset aria-describedby={describedBy(id, error, hint)}>
      <legend className={labelClass}>{label}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-base text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={checked.includes(option.value)}
              className="h-4 w-4 rounded border-slate-300"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </fieldset>
  );
}

/** Radio buttons sharing one name (one value of a few), in a fieldset whose legend is the label; the choices in a row. */
export function RadioGroup({
  label,
  name,
  error,
  hint,
  options,
  checked,
}: FieldProps & { options: readonly Option[]; checked: string | undefined }) {
  const id = `field-${name}`;
  return (
    <fieldset aria-describedby={describedBy(id, error, hint)}>
      <legend className={labelClass}>{label}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex min-h-8 items-center gap-1.5 text-base text-slate-800">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={checked === option.value}
              className="h-4 w-4 border-slate-300"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </fieldset>
  );
}
