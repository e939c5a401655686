// The back office's sign-in and staff accounts (docs/decisions/0033-back-office-staff.md).
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from '../constants';

export const staffMessages = {
  signInFailed: 'E-mail, password or code is wrong',
  signInTooMany: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  passwordRequired: 'Please enter your password',
  codeRequired: 'Please enter the code from your authenticator app or a recovery code',
  codeInvalid: 'Enter the 6-digit code from your authenticator app, or a recovery code (XXXXX-XXXXX)',
  passwordTooShort: `Use at least ${STAFF_PASSWORD_MIN} characters`,
  passwordTooLong: `Use at most ${STAFF_PASSWORD_MAX} characters`,
  emailTaken: 'A staff account with this e-mail already exists',
  guestRefused: 'Please sign in to the back office',
  customerRefused: 'This is the back office: staff accounts only',
  adminOnly: 'Only an administrator may do this',
  signedOut: 'You are signed out of the back office',
} as const;
