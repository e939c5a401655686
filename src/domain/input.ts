// Shared bounds for what clients send (docs/decisions/0016-hostile-input.md): ids, whole numbers
// and text. Every schema builds its ids and counts from these, so nothing the database cannot
// hold (an id above int4, 1e300, NaN) gets past the parse, and no text carries control characters.
import { z } from './zod';
import { isCleanText, isSingleLineText } from './text-checks';
import { inputMessages as t } from './messages/input';

/** PostgreSQL's int4: every id column and every count the API stores. */
export const MAX_ID = 2 ** 31 - 1;

/** Plain decimal digits with an optional sign: '12' and ' 12 ' count, '1e3', '0x10', '1.0' and '' do not. */
const DECIMAL_INTEGER = /^[+-]?\d{1,15}$/;

/** A query or form value as a number when it is written as a whole decimal number; anything else is left for the check to refuse. */
export function wholeNumberInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return DECIMAL_INTEGER.test(trimmed) ? Number(trimmed) : value;
}

export interface NumberMessages {
  /** Not a number, or not whole. */
  number?: string;
  whole?: string;
  min?: string;
  max?: string;
}

/** A whole number from min to max, from JSON or from text ('12'); never 1e300, NaN, '1e3' or true. */
export function wholeNumber(min: number, max: number, messages: NumberMessages = {}) {
  return z.preprocess(
    wholeNumberInput,
    z
      .number({ error: messages.number ?? t.wholeNumber })
      .int(messages.whole ?? t.wholeNumber)
      .min(min, messages.min ?? t.atLeast(min))
      .max(max, messages.max ?? t.atMost(max)),
  );
}

/** A row id: 1 to 2^31-1. */
export function idField(messages: NumberMessages = {}) {
  return wholeNumber(1, MAX_ID, { min: t.invalidId, max: t.invalidId, ...messages });
}

/** A page number for any paged list. */
export const pageField = (maxPage: number) => wholeNumber(1, maxPage).default(1);

/** customer_id, accepted for compatibility and compared with the session's (docs/decisions/0008-sessions.md): short text or a number. */
export const claimedCustomerId = z.union([z.string().trim().max(20), z.number()]).optional();

/** Adds the single-line rule (no control characters, no line breaks) to a string schema. */
export const singleLine = <T extends z.ZodType<string>>(schema: T) => schema.refine(isSingleLineText, t.singleLine);

/** Adds the multi-line rule (tabs and line breaks only) to a string schema. */
export const multiLine = <T extends z.ZodType<string>>(schema: T) => schema.refine(isCleanText, t.controlCharacters);
