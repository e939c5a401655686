// Form building blocks shared by the account dialogs, the profile cards and the checkout forms: a
// labelled input with its error under it, the e-mail and new-password fields built on it, a
// form-level alert, and zod issues turned into one message a field.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import type { z } from 'zod';
import { authTexts } from '@/domain/messages/auth';

/** The first message of each top-level field of a failed zod parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    out[key] ??= issue.message;
  }
  return out;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  label: string;
  ref?: Ref<HTMLInputElement>;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the input's row (a button such as Verify). */
  trailing?: ReactNode;
}

export const inputClass =
  'block w-full min-w-0 rounded-md border border-ink-300 bg-white px-3 py-2.5 text-sm text-ink-900 placeholder:text-ink-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-[invalid=true]:border-red-500 read-only:bg-ink-50 read-only:text-ink-700 read-only:focus:ring-0 disabled:bg-ink-50';

export function TextField({ id, label, error, hint, trailing, ...input }: TextFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-700">
        {label}
      </label>
      <div className="flex items-stretch gap-2">
        <input id={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {trailing}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-ink-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

/** The account dialogs' e-mail input: labelled "Email", with the example address as placeholder. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'placeholder'>) {
  return <TextField label={authTexts.email} type="email" autoComplete="email" placeholder={authTexts.emailPlaceholder} {...props} />;
}

/** One of the two inputs of NewPasswordFields: its id, label and form wiring (`{...form.text('new_password')}`). */
type NewPasswordInput = Omit<TextFieldProps, 'type' | 'autoComplete'>;

/** A new password and its confirmation (register, forgot password, the profile's password change). */
export function NewPasswordFields({ password, confirm }: { password: NewPasswordInput; confirm: NewPasswordInput }) {
  return (
    <>
      <TextField type="password" autoComplete="new-password" {...password} />
      <TextField type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-form-error>
      {message}
    </p>
  );
}

/**
 * A staff form's problem above its fields and, after a 409 (someone saved the record since it was
 * opened), the button that reloads their version (docs/decisions/0045-catalog-editing.md).
 */
export function FormProblem({ message, stale, reloadLabel }: { message: string | null; stale: boolean; reloadLabel: string }) {
  return (
    <>
      <FormAlert message={message} />
      {stale && (
        <button type="button" className="btn-secondary self-start" onClick={() => location.reload()}>
          {reloadLabel}
        </button>
      )}
    </>
  );
}

/** A checkbox with its label and a hint under it; `className` places the row (a grid cell's top padding). */
export function CheckboxField({
  id,
  label,
  hint,
  checked,
  onChange,
  className,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <div className={['flex items-start gap-3', className].filter(Boolean).join(' ')}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-ink-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-ink-500">
          {hint}
        </p>
      </div>
    </div>
  );
}

export function Spinner() {
  return <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-e-transparent" aria-hidden="true" />;
}

/** A dialog's full-width submit button, showing the spinner while busy. */
export function SubmitButton({
  busy,
  disabled = false,
  describedBy,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  describedBy?: string | undefined;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="btn-primary h-11 w-full" disabled={disabled || busy} aria-describedby={describedBy}>
      {busy && <Spinner />}
      {children}
    </button>
  );
}

/** The line under a dialog that moves to another one ("No account? Register"). */
export function DialogSwitch({ lead, label, onClick }: { lead?: string; label: string; onClick: () => void }) {
  return (
    <p className="mt-5 border-t border-ink-100 pt-5 text-center text-sm text-ink-500">
      {lead && <>{lead} </>}
      <button type="button" onClick={onClick} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        {label}
      </button>
    </p>
  );
}
