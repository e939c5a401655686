import { z } from './zod';
import { emailProblem } from './email';
import { newsletterMessages, unsubscribeTexts } from './messages/newsletter';
import { singleLine } from './input';

export const newsletterSchema = z.object({
  email: singleLine(
    z.string({ error: newsletterMessages.required }).superRefine((value, ctx) => {
      const problem = emailProblem(value, newsletterMessages);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ).transform((e) => e.trim().toLowerCase()),
});

/** An unsubscribe token as the links carry it (the database makes 32 hex digits). */
export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9]{16,64}$/;

export const unsubscribeSchema = z.object({
  token: z.string({ error: unsubscribeTexts.tokenRequired }).trim().regex(UNSUBSCRIBE_TOKEN, unsubscribeTexts.badToken),
});

/**
 * An address shown to whoever holds an unsubscribe link, which may be forwarded: enough to
 * recognise it, not enough to read it ('r***@example.ae').
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
