// The newsletter sign-up (home and contact pages). newsletterMessages are spec texts (docs/product.md#validation, #messages), shared by the page script and the server.
export const newsletterMessages = {
  required: 'Email is required',
  invalid: 'Invalid email address',
  subscribed: 'Thank you for subscribing! Look out for our deals in your inbox.',
  alreadySubscribed: 'You have already subscribed with us',
  failed: 'An error occurred while subscribing',
  tooMany: 'Too many sign-up attempts. Please try again in a few minutes.',
} as const;

export const newsletterTexts = {
  title: 'Sign up for deals, new products and promotions',
  text: 'One e-mail a month. Unsubscribe any time.',
  emailLabel: 'E-mail',
  placeholder: 'Your e-mail address',
  button: 'Subscribe',
} as const;
