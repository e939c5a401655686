// Four single-digit boxes (docs/product.md#code-boxes): digits only, typing moves forward,
// Backspace on an empty box moves back, pasting exactly four digits fills them all.
import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@/domain/accounts';
import { authTexts as t } from '@/domain/messages/auth';

export const emptyDigits = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

interface OtpInputProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
}

export function OtpInput({ digits, onChange, disabled = false, invalid = false, describedBy }: OtpInputProps) {
  const id = useId();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const fillFrom = (start: number, typed: string) => {
    const next = [...digits];
    let index = start;
    for (const digit of typed) {
      if (index >= OTP_LENGTH) break;
      next[index++] = digit;
    }
    onChange(next);
    focusBox(index >= OTP_LENGTH ? OTP_LENGTH - 1 : index);
  };

  const onInput = (index: number, raw: string) => {
    if (raw === '') {
      onChange(digits.map((d, i) => (i === index ? '' : d)));
      return;
    }
    // Letters and other characters are refused: the box keeps its digit.
    if (!/^\d+$/.test(raw)) return;
    const old = digits[index] ?? '';
    // A digit typed next to the one already there replaces it.
    const typed = raw.length === 2 && old !== '' && raw.includes(old) ? raw.replace(old, '') || old : raw;
    if (typed.length >= OTP_LENGTH)
      fillFrom(0, typed.slice(0, OTP_LENGTH)); // autofill of the whole code
    else fillFrom(index, typed);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && (digits[index] ?? '') === '' && index > 0) {
      event.preventDefault();
      onChange(digits.map((d, i) => (i === index - 1 ? '' : d)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData('text').trim();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(text)) return;
    onChange(text.split(''));
    focusBox(OTP_LENGTH - 1);
  };

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy}>
      <legend className="sr-only">{t.otp.code}</legend>
      <div className="flex justify-center gap-3">
        {digits.map((digit, index) => (
          <div key={index}>
            <label htmlFor={`${id}-${index}`} className="sr-only">
              {t.otp.digit(index + 1, OTP_LENGTH)}
            </label>
            <input
              ref={(el) => {
                boxes.current[index] = el;
              }}
              id={`${id}-${index}`}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              value={digit}
              disabled={disabled}
              aria-invalid={invalid ? true : undefined}
              data-otp-box
              onChange={(event) => onInput(index, event.target.value)}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={onPaste}
              onFocus={(event) => event.target.select()}
              className="h-14 w-12 rounded-lg border border-ink-300 bg-white text-center text-2xl font-bold text-ink-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/25 focus:outline-none disabled:bg-ink-100 disabled:text-ink-500 aria-[invalid=true]:border-red-500 sm:h-16 sm:w-14"
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
