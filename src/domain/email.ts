// E-mail checks without zod, so page scripts can use them without shipping a validation library.
// The server's zod schemas call the same functions: one rule, both sides.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const EMAIL_MAX_LENGTH = 254;

export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}

/** The first problem with a typed e-mail address, or null; messages are the caller's. */
export function emailProblem(raw: string, messages: { required: string; invalid: string }): string | null {
  const email = raw.trim();
  if (email === '') return messages.required;
  return isEmailAddress(email) ? null : messages.invalid;
}
