// UAE phone numbers as people type them (docs/product.md#phone-numbers,
// docs/decisions/0027-phone-numbers.md): '+971 50 123 4567', '00971 50 123 4567', '971501234567',
// '050 123 4567', '050-123-4567' and '0501234567' are one number, kept as its 10-digit national form
// '0501234567'. Zod-free, so the contact page's script uses it without a validation library; the
// schemas (checkout.ts, contact-checks.ts) call it, so browser and server apply one rule.
import { parseIncompletePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { uaePhoneMetadata } from './phone-metadata.gen';
import { phoneMessages } from './messages/phone';

export { PHONE_INPUT_MAX, phoneTyping, displayPhone } from './phone-text';

/** The national form's length (0 and nine digits), the spec's 10-digit rule. */
export const PHONE_NATIONAL_DIGITS = 10;

/** Why a typed phone number is refused. */
export type PhoneProblem = 'required' | 'characters' | 'length' | 'notUae' | 'notMobile';
export type PhoneCheck = { ok: true; phone: string } | { ok: false; problem: PhoneProblem };
/** One field's texts for each problem. */
export type PhoneMessages = Record<PhoneProblem, string>;

// Digits of any script (Arabic-Indic too), spaces, dashes, dots, brackets, and a leading +.
const TYPED = /^\+?[\p{Nd}\s().-]*$/u;
// Dialled abroad: + or 00 and a country code other than the UAE's 971.
const FOREIGN = /^(?:\+|00)(?!971)/;

const refuse = (problem: PhoneProblem): PhoneCheck => ({ ok: false, problem });

/**
 * Parses, checks and normalises a typed UAE mobile number: the normal form is the national
 * '05XXXXXXXX'. Landlines, toll-free and other service numbers are refused (the courier calls and
 * texts a mobile), and so are numbers of other countries.
 */
export function checkUaePhone(raw: string): PhoneCheck {
  const typed = raw.trim();
  if (typed === '') return refuse('required');
  if (!TYPED.test(typed)) return refuse('characters');
  if (FOREIGN.test(parseIncompletePhoneNumber(typed))) return refuse('notUae');
  const number = parsePhoneNumberFromString(typed, { defaultCountry: 'AE', extract: false }, uaePhoneMetadata);
  if (!number) return refuse('length');
  const national = `0${number.nationalNumber}`;
  if (number.isValid()) return number.getType() === 'MOBILE' ? { ok: true, phone: national } : refuse('notMobile');
  // Ten digits that are not a UAE mobile (059 …): the length is right, the number is not.
  return refuse(national.length === PHONE_NATIONAL_DIGITS ? 'notMobile' : 'length');
}

/** The field's text for a typed number's problem, or null when it is a UAE mobile number. */
export function phoneProblem(raw: string, messages: PhoneMessages): string | null {
  const check = checkUaePhone(raw);
  return check.ok ? null : messages[check.problem];
}

/**
 * A field's texts: its own for an empty number, a wrong length and (where the spec has none of its
 * own, the same as the length's) other characters; the shared ones for other countries and landlines.
 */
export function phoneMessagesFor(own: { required: string; length: string; characters?: string }): PhoneMessages {
  return { characters: own.length, ...own, notUae: phoneMessages.notUae, notMobile: phoneMessages.notMobile };
}

/** The stored form of a typed number; a number that does not check stays as typed, trimmed. */
export function normalisePhone(raw: string): string {
  const check = checkUaePhone(raw);
  return check.ok ? check.phone : raw.trim();
}

/** A stored number as people read it, '050 123 4567'; anything that is not a UAE mobile number as it is. */
export function formatPhone(stored: string): string {
  const check = checkUaePhone(stored);
  if (!check.ok) return stored;
  return parsePhoneNumberFromString(check.phone, 'AE', uaePhoneMetadata)?.formatNational() ?? stored;
}
