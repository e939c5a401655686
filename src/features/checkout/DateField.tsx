// The delivery date as UAE shoppers write it, dd/mm/yyyy, whatever the browser's language
// (docs/decisions/0026-delivery-form-per-order.md): a text input that puts the slashes in while the digits are
// typed, and a calendar button that opens the browser's own date picker (a hidden date input,
// whose value is always yyyy-mm-dd). The form gets yyyy-mm-dd, or '' while the text is not a date.
import { useRef, useState } from 'react';
import { StrokeIcon } from '@/client/StrokeIcon';
import { inputClass } from '@/client/form-fields';
import { isoFromUaeDate, typedUaeDate, uaeDate } from '@/domain/dates';
import { checkoutTexts } from '@/domain/messages/checkout';

const t = checkoutTexts.delivery;

interface DateFieldProps {
  id: string;
  name: string;
  label: string;
  /** yyyy-mm-dd, or '' */
  value: string;
  /** The first date the calendar offers (yyyy-mm-dd). */
  min: string;
  error: string | undefined;
  onChange: (iso: string) => void;
  onBlur?: () => void;
}

export function DateField({ id, name, label, value, min, error, onChange, onBlur }: DateFieldProps) {
  const [text, setText] = useState(() => uaeDate(value));
  const [shownValue, setShownValue] = useState(value);
  const [formatError, setFormatError] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // The value changed from outside (the form was reset or prefilled): show it.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== (isoFromUaeDate(text) ?? '')) setText(uaeDate(value));
  }

  const type = (typed: string) => {
    const next = typedUaeDate(typed);
    setText(next);
    setFormatError(false);
    const iso = isoFromUaeDate(next) ?? '';
    setShownValue(iso);
    onChange(iso);
  };

  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
      input.click();
    }
  };

  // A half-typed date says how to write it; otherwise the form's message.
  const shown = formatError && text !== '' && !isoFromUaeDate(text) ? t.dateFormat : error;
  const describedBy = shown ? `${id}-error` : `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t.datePlaceholder}
          maxLength={10}
          className={`${inputClass} pe-12 tabular-nums`}
          value={text}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => type(event.target.value)}
          onBlur={() => {
            setFormatError(text !== '' && !isoFromUaeDate(text));
            onBlur?.();
          }}
          data-testid="delivery-date"
        />
        <button
          type="button"
          onClick={openCalendar}
          className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-md text-ink-500 hover:text-brand-700 focus-visible:text-brand-700"
          aria-label={t.openCalendar}
          data-testid="delivery-date-calendar"
        >
          <StrokeIcon
            path="M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"
            className="h-5 w-5"
          />
        </button>
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          min={min}
          value={value}
          onChange={(event) => {
            const iso = event.target.value;
            setText(uaeDate(iso));
            setFormatError(false);
            setShownValue(iso);
            onChange(iso);
          }}
          className="pointer-events-none absolute end-0 bottom-0 h-px w-px opacity-0"
          data-testid="delivery-date-picker"
        />
      </div>
      {shown ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600" data-field-error>
          {shown}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-ink-500">
          {t.dateHint}
        </p>
      )}
    </div>
  );
}
