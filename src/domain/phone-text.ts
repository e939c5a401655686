// Phone numbers as text on screen (docs/decisions/0027-phone-numbers.md): what a phone field keeps
// while typing, and a stored number as people read it. Free of libphonenumber-js and its metadata
// so the checkout's islands show numbers without loading them (docs/decisions/0042-page-weight.md);
// phone.ts checks numbers and re-exports these. phone-text.test.ts holds displayPhone to
// formatPhone (libphonenumber-js) for every number the shop stores.

/** The most characters a phone field takes while typing: '+971 (0) 50 123 4567' is 20. */
export const PHONE_INPUT_MAX = 24;

// Anything but digits of any script (Arabic-Indic too), spaces, dashes, dots, brackets and +.
const NOT_TYPED = /[^\p{Nd}\s().+-]/gu;

/** What a phone field keeps while typing: digits, spaces, dashes, dots, brackets and +, at most PHONE_INPUT_MAX. */
export function phoneTyping(raw: string): string {
  return raw.replace(NOT_TYPED, '').slice(0, PHONE_INPUT_MAX);
}

// A stored UAE mobile number: its national form, 0 then 5[02-68] and seven digits (the metadata's mobile pattern).
const STORED_MOBILE = /^05[02-68]\d{7}$/;

/** A stored number (normalisePhone's output) as people read it, '050 123 4567'; anything else as it is. */
export function displayPhone(stored: string): string {
  return STORED_MOBILE.test(stored) ? `${stored.slice(0, 3)} ${stored.slice(3, 6)} ${stored.slice(6)}` : stored;
}
