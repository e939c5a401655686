import { z } from './zod';
import { emailProblem } from './email';
import { newsletterMessages } from './messages/newsletter';
import { singleLine } from './input';

export const newsletterSchema = z.object({
  email: singleLine(
    z.string({ error: newsletterMessages.required }).superRefine((value, ctx) => {
      const problem = emailProblem(value, newsletterMessages);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ).transform((e) => e.trim().toLowerCase()),
});
