import { z } from 'zod';

export const newsletterMessages = {
  required: 'Email is required',
  invalid: 'Invalid email address',
  subscribed: 'Thank you for subscribing! Look out for our deals in your inbox.',
  alreadySubscribed: 'You have already subscribed with us',
  failed: 'An error occurred while subscribing',
  tooMany: 'Too many sign-up attempts. Please try again in a few minutes.',
} as const;

export const newsletterSchema = z.object({
  email: z
    .string({ error: newsletterMessages.required })
    .trim()
    .min(1, newsletterMessages.required)
    .max(254, newsletterMessages.invalid)
    .pipe(z.email(newsletterMessages.invalid))
    .transform((e) => e.toLowerCase()),
});
