// Dates as the shop shows them (orders, delivery dates), the same on the server and in the browser.
// The shop is in the UAE: dates are the UAE's, whatever the server's time zone.
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Dubai' });

/** A timestamp as '12 May 2025' (UAE time). */
export function orderDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Built once: making a formatter costs far more than using one (about 1 ms, once per order mail). */
const calendarFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar date (yyyy-mm-dd) as '12 May 2025', without shifting it through a time zone. */
export function calendarDate(value: string | null | undefined): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value ?? '';
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return calendarFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * Dates as UAE shoppers type them, dd/mm/yyyy (docs/decisions/0026-delivery-form-per-order.md): the delivery date
 * picker shows and takes this form, while the API keeps yyyy-mm-dd.
 */
export const UAE_DATE_PATTERN = 'dd/mm/yyyy';

/** yyyy-mm-dd as dd/mm/yyyy; anything else as ''. */
export function uaeDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** dd/mm/yyyy (also with '-' or '.') as yyyy-mm-dd, or null when it is not a real calendar date. */
export function isoFromUaeDate(text: string): string | null {
  const match = /^(\d{2})[/.-](\d{2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, dd, mm, yyyy] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  const real = date.getUTCFullYear() === Number(yyyy) && date.getUTCMonth() === Number(mm) - 1 && date.getUTCDate() === Number(dd);
  return real && Number(yyyy) >= 1000 ? `${yyyy}-${mm}-${dd}` : null;
}

/** What is typed, as dd/mm/yyyy so far: its digits (at most 8), with the slashes put in. */
export function typedUaeDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Dubai',
});

/** A timestamp as '12 May 2025, 14:05' in UAE time (the back office's lists and logs). */
export function dubaiDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}
