// The contact page. contactMessages are spec texts (docs/product.md#validation, #messages), shared by the page script
// and the server; contactTexts are the words around the form.
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

export const contactTexts = {
  pageTitle: 'Contact Us',
  pageDescription: (shopName: string) => `Questions about a safe or an order? Write to ${shopName} and we will answer soon.`,
  title: 'Talk to Buddy',
  intro: 'Questions about a safe, delivery or an order? Send us a message and our team will get back to you.',
  phone: 'Phone',
  email: 'E-mail',
  office: 'Office',
  formTitle: 'Send us a message',
  fields: { first_name: 'First name', last_name: 'Last name', email: 'E-mail', phone: 'Phone number', message: 'Message' },
  agreeBefore: 'I agree to the',
  privacyPolicy: 'privacy policy',
  agreeAfter: '.',
  send: 'Send',
} as const;
