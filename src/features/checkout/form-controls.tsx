// The checkout forms' controls beside the shared TextField: a select, a Yes/No (or Home/Work/
// Other) choice as a radio group, a textarea, each labelled with its error under it.
import type { ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { inputClass } from '@/client/form-fields';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600" data-field-error>
      {error}
    </p>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  id: string;
  label: string;
  error?: string | undefined;
  placeholder: string;
  options: readonly string[];
  /** Labels by option value (the message catalog's); an option without one shows its value. */
  optionLabels?: Record<string, string>;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ id, label, error, placeholder, options, optionLabels, ...select }: SelectFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-700">
        {label}
      </label>
      <select
        id={id}
        className={`${inputClass} appearance-none bg-[length:1rem] bg-[right_0.75rem_center] bg-no-repeat pe-9`}
        style={{
          backgroundImage:
            "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%236b7280' stroke-width='2'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E\")",
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabels?.[o] ?? o}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

interface ChoiceFieldProps {
  id: string;
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  icon?: (value: string) => ReactNode;
}

/** A radio group drawn as buttons; arrow keys move between the options as in any radio group. */
export function ChoiceField({ id, name, legend, options, value, onChange, error, icon }: ChoiceFieldProps) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-ink-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label key={o.value} className="relative">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="peer sr-only"
            />
            <span className="flex h-10 cursor-pointer items-center gap-2 rounded-md border border-ink-300 bg-white px-4 text-sm font-medium text-ink-700 transition peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:text-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:border-ink-500">
              {icon?.(o.value)}
              {o.label}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  id: string;
  label: string;
  error?: string | undefined;
}

export function TextAreaField({ id, label, error, ...area }: TextAreaFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-700">
        {label}
      </label>
      <textarea
        id={id}
        className={`${inputClass} min-h-20 resize-y`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...area}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Keeps digits only, at most `max` of them (PO box, floors). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}
