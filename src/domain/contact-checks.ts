// Contact form checks without zod, so the page script can use them without shipping a validation
// library. The server's zod schema calls the same functions: one rule, both sides.
import { emailProblem } from './email';
import { contactMessages } from './messages/contact';
import { inputMessages } from './messages/input';
import { isCleanText, isSingleLineText } from './text-checks';

/** Column sizes of contact_messages (names 80, phone 10) and a generous cap for the message. */
export const CONTACT_LIMITS = { first_name: 80, last_name: 80, message: 5000 } as const;
export const CONTACT_PHONE_DIGITS = 10;

export type ContactField = 'first_name' | 'last_name' | 'email' | 'phone' | 'message';
export const CONTACT_FIELDS: readonly ContactField[] = ['first_name', 'last_name', 'email', 'phone', 'message'];

function requiredText(raw: string, required: string, max: number): string | null {
  const value = raw.trim();
  if (value === '') return required;
  return value.length > max ? contactMessages.tooLong(max) : null;
}

/** Digits only, at most 10: what the phone field keeps while typing. */
export function phoneInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CONTACT_PHONE_DIGITS);
}

/** The first problem with one typed field, or null. The message may span lines; the other fields are one line each. */
export function contactFieldProblem(field: ContactField, raw: string): string | null {
  if (field === 'message' ? !isCleanText(raw) : !isSingleLineText(raw))
    return field === 'message' ? inputMessages.controlCharacters : inputMessages.singleLine;
  switch (field) {
    case 'first_name':
      return requiredText(raw, contactMessages.firstNameRequired, CONTACT_LIMITS.first_name);
    case 'last_name':
      return requiredText(raw, contactMessages.lastNameRequired, CONTACT_LIMITS.last_name);
    case 'email':
      return emailProblem(raw, { required: contactMessages.emailRequired, invalid: contactMessages.emailInvalid });
    case 'phone':
      return /^\d{10}$/.test(raw.trim()) ? null : contactMessages.phoneDigits;
    case 'message':
      return requiredText(raw, contactMessages.messageRequired, CONTACT_LIMITS.message);
  }
}

/** Every field's problem, for a whole form. */
export function contactProblems(values: Record<ContactField, string>): Partial<Record<ContactField, string>> {
  const problems: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const problem = contactFieldProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}
