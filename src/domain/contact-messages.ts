// Spec section 5 and 8 texts for the contact form, shared by the page script and the server.
export const contactMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  phoneDigits: 'Phone number must be 10 digits',
  messageRequired: 'Message is required',
  tooLong: (max: number) => `At most ${max} characters`,
  sent: 'Message sent successfully!',
  failed: 'Form submission failed!',
  error: 'An error occurred!',
  tooMany: 'Too many messages sent. Please try again later.',
} as const;
