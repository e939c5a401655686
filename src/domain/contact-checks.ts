// Contact form checks without zod, so the page script can use them without shipping a validation
// library. The server's zod schema calls the same functions: one rule, both sides.
import { emailProblem } from './email';
import { contactMessages } from './messages/contact';
import { inputMessages } from './messages/input';
import { isCleanText, isSingleLineText } from './text-checks';
import { phoneMessagesFor, phoneProblem } from './phone';

/** Column sizes of contact_messages (names 80) and a generous cap for the message; the phone is stored in its 10-digit form. */
export const CONTACT_LIMITS = { first_name: 80, last_name: 80, message: 5000 } as const;

export type ContactField = 'first_name' | 'last_name' | 'email' | 'phone' | 'message';
export const CONTACT_FIELDS: readonly ContactField[] = ['first_name', 'last_name', 'email', 'phone', 'message'];

function requiredText(raw: string, required: string, max: number): string | null {
  const value = raw.trim();
  if (value === '') return required;
  return value.length > max ? contactMessages.tooLong(max) : null;
}

/** The phone's problems: the spec's 'Phone number must be 10 digits' for an empty, short or lettered one (docs/product.md#phone-numbers). */
const PHONE_MESSAGES = phoneMessagesFor({ required: contactMessages.phoneDigits, length: contactMessages.phoneDigits });

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
      return phoneProblem(raw, PHONE_MESSAGES);
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
