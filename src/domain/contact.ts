import { z } from './zod';
import { contactFieldProblem, type ContactField } from './contact-checks';
import { contactMessages } from './messages/contact';
import { normalisePhone } from './phone';

const field = (name: ContactField, required: string) =>
  z
    .string({ error: required })
    .superRefine((value, ctx) => {
      const problem = contactFieldProblem(name, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => v.trim());

export const contactSchema = z.object({
  first_name: field('first_name', contactMessages.firstNameRequired),
  last_name: field('last_name', contactMessages.lastNameRequired),
  email: field('email', contactMessages.emailRequired).transform((e) => e.toLowerCase()),
  // Stored in its 10-digit national form, however it was typed (docs/product.md#phone-numbers).
  phone: field('phone', contactMessages.phoneDigits).transform(normalisePhone),
  message: field('message', contactMessages.messageRequired),
});

export type ContactInput = z.output<typeof contactSchema>;
