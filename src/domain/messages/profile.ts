// The profile page's labels. Rule and result texts are accountMessages (accounts.ts).
export const profileTexts = {
  pageTitle: 'My profile',
  pageIntro: 'Your details and your password.',
  info: {
    title: 'Profile Information',
    intro: 'Your name and e-mail for orders and receipts.',
    name: 'Full name',
    email: 'Email',
    photo: 'Profile picture',
    changePhoto: 'Change photo',
    photoHint: 'JPEG, PNG or WebP, up to 2 MB.',
  },
  emailChange: {
    open: 'Change e-mail',
    title: 'Change your e-mail',
    intro: 'We send a 4-digit code to the new address. Your other devices will be signed out.',
    newEmail: 'New e-mail',
    current: 'Current password',
    sendCode: 'Send code',
    cancel: 'Cancel',
  },
  business: {
    title: 'Business details',
    intro: 'For a full tax invoice in your company name: its name and 15-digit TRN. Checkout starts from them.',
  },
  password: {
    title: 'Change password',
    intro: 'Use a strong password that you do not use elsewhere.',
    current: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    hint: '8 to 32 characters with an uppercase and a lowercase letter, a digit and a special character.',
  },
  edit: 'Edit',
  cancel: 'Cancel',
  save: 'Save changes',
  saving: 'Saving…',
} as const;
