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

/** The welcome mail and the unsubscribe page (docs/product.md#unsubscribe). */
export const unsubscribeTexts = {
  pageTitle: 'Unsubscribe',
  title: 'Unsubscribe from our newsletter',
  confirm: (maskedEmail: string) => `Stop sending deals and news to ${maskedEmail}?`,
  button: 'Unsubscribe',
  done: (maskedEmail: string) => `${maskedEmail} is unsubscribed. You will get no more newsletter e-mails from us.`,
  already: (maskedEmail: string) => `${maskedEmail} is already unsubscribed. Nothing more to do.`,
  badToken: 'This unsubscribe link is not valid. It may be cut short: open the link from the e-mail once more, or write to us.',
  again: 'Changed your mind? Sign up again at the bottom of any page.',
  home: 'Back to the shop',
  unsubscribed: 'You are unsubscribed from the newsletter.',
  alreadyUnsubscribed: 'This address was already unsubscribed.',
  tokenRequired: 'The unsubscribe link is missing its token',
} as const;
