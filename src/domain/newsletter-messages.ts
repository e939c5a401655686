// Spec section 5 and 8 texts for the newsletter, shared by the page script and the server.
export const newsletterMessages = {
  required: 'Email is required',
  invalid: 'Invalid email address',
  subscribed: 'Thank you for subscribing! Look out for our deals in your inbox.',
  alreadySubscribed: 'You have already subscribed with us',
  failed: 'An error occurred while subscribing',
  tooMany: 'Too many sign-up attempts. Please try again in a few minutes.',
} as const;
