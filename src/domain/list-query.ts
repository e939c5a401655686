// The pieces the back office's list queries share (the orders list, docs/decisions/0036-admin-order-list.md,
// and the tax documents', docs/product.md#back-office-tax-invoices): a GET form's blank field is no
// filter, a calendar day is a real yyyy-mm-dd, the page size is one of the offered ones, a day
// range ends on or after it starts, and the query goes back into a URL without its defaults. Zod only.
import { z } from './zod';

/** A form's empty field ('' from a GET form's select or date) is no filter. */
export const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A field a GET form may leave blank. */
export const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** A calendar day as yyyy-mm-dd that exists (no 2026-02-30). */
export const calendarDay = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, message);

/** One of the page sizes a list offers, its default when blank. */
export const perPageField = (sizes: readonly number[], fallback: number, message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .refine((n) => sizes.includes(n), message)
      .default(fallback),
  );

/** A day range's last day is not before its first (the message goes on `to`). */
export const daysInOrder = (
  message: string,
): [(v: { from?: string | undefined; to?: string | undefined }) => boolean, { message: string; path: string[] }] => [
  (v) => !v.from || !v.to || v.from <= v.to,
  { message, path: ['to'] },
];

/** URL parameters without the empty values and those equal to their defaults. */
export function listParams(entries: [name: string, value: string | number | undefined, fallback?: string | number][]): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value, fallback] of entries)
    if (value !== undefined && value !== '' && value !== fallback) params.set(name, String(value));
  return params;
}

/**
 * A list page's query from its URL, forgiving: a field the form cannot read is named in `problems`
 * (its message, for the field) and left out, and the rest still applies; all blank if nothing can be read.
 */
export function readListQuery<S extends z.ZodType>(
  schema: S,
  searchParams: URLSearchParams,
): { query: z.output<S>; problems: Record<string, string> } {
  const raw = Object.fromEntries(searchParams);
  let parsed = schema.safeParse(raw);
  const problems: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? 'q')] ??= issue.message;
    const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !(name in problems)));
    parsed = schema.safeParse(kept);
  }
  return { query: parsed.success ? parsed.data : schema.parse({}), problems };
}
