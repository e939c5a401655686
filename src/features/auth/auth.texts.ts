// The dialogs' labels and headings. Rule and error texts come from accountMessages in
// @/domain/accounts (shared with the server); these are the words around them (D8: one place
// per string, so an Arabic edition can replace them).
export const authTexts = {
  close: 'Close',
  email: 'Email',
  emailPlaceholder: 'you@example.com',
  password: 'Password',
  name: 'Full name',
  confirmPassword: 'Confirm password',
  newPassword: 'New password',
  signIn: {
    title: 'Sign in',
    intro: 'Welcome back. Sign in to see your orders, addresses and saved items.',
    submit: 'Sign in',
    forgot: 'Forgot password?',
    noAccount: 'New to Safe Buddy?',
    register: 'Create an account',
  },
  register: {
    title: 'Create an account',
    intro: 'Verify your e-mail with a 4-digit code, then choose a password.',
    verify: 'Verify',
    verified: 'Verified',
    verifyFirst: 'Verify your e-mail to continue',
    passwordHint: '8 to 32 characters with an uppercase and a lowercase letter, a digit and a special character.',
    agreeBefore: 'I agree to the',
    privacy: 'Privacy Policy',
    and: 'and',
    terms: 'Terms & Conditions',
    submit: 'Create account',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
  },
  otp: {
    title: 'Verify your e-mail',
    sentTo: 'Enter the 4-digit code we sent to',
    code: 'Verification code',
    digit: (n: number, of: number) => `Digit ${n} of ${of}`,
    verify: 'Verify',
    resendIn: 'Resend code in',
    resend: 'Resend code',
    noCode: 'Did not get the code?',
    lockedFor: 'Try again in',
  },
  forgot: {
    title: 'Reset your password',
    introEmail: 'Enter the e-mail of your account and we will send you a 4-digit code.',
    sendCode: 'Send code',
    introCode: 'Enter the 4-digit code we sent to',
    changeEmail: 'Use another e-mail',
    introReset: 'Choose a new password for',
    submit: 'Reset password',
    backToSignIn: 'Back to sign in',
  },
} as const;

/** 210 -> '3:30' */
export function minutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
