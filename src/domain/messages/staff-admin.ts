// The back office's staff pages (docs/decisions/0033-back-office-staff.md#staff-management): the
// staff list of admins, what is shown once after adding a member or resetting a second factor, and
// a staff member's own account page. The outcomes and errors of these forms are in staff.ts.
// Sentences with a part in other markup (bold, a link) take that part as a parameter, so the
// sentence stays whole here and the page only puts the markup around it.
import { STAFF_PASSWORD_MIN } from '../constants';

export const staffAdminTexts = {
  roles: { admin: 'Admin', staff: 'Staff' },

  // The staff list (admins only).
  staffTitle: 'Staff',
  addOpen: '+ Add a staff member',
  addTitle: 'Add a staff member',
  name: 'Name',
  email: 'E-mail',
  role: 'Role',
  roleHelp: 'Admins also manage staff and read the audit log.',
  temporaryPassword: 'Temporary password (optional)',
  temporaryPasswordHelp: `At least ${STAFF_PASSWORD_MIN} characters. Leave empty to have one made.`,
  add: 'Add staff member',
  listTitle: 'Staff accounts',
  you: '(you)',
  statusActive: 'Active',
  statusDisabled: 'Disabled',
  lastSignIn: 'Last sign-in:',
  lastSignInNever: 'Last sign-in: never',
  manage: (name: string) => `Manage ${name}`,
  changeRole: 'Change role',
  disableHint: 'Ends their sessions at once; they cannot sign in.',
  disable: 'Disable account',
  enableHint: 'They can sign in again.',
  enable: 'Enable account',
  resetHint: 'Lost phone: a new authenticator link and recovery codes; the old ones stop working and their sessions end.',
  reset: 'Reset second factor',
  codesHint: 'Ten new recovery codes; the old ones stop working.',
  codes: 'New recovery codes',
  createdFor: (name: string) => `Staff account created: ${name}`,

  // Shown once: the temporary password, the authenticator link and the recovery codes.
  shownFor: (name: string, email: string, once: string) =>
    `For ${name} (${email}). This is shown ${once}: hand it over now (in person or by a separate channel).`,
  once: 'once',
  shownLost: 'Leaving or reloading this page loses it.',
  qrAlt: 'QR code of the authenticator link: scan it with the authenticator app',
  qrScan: 'Scan with the authenticator app',
  shownPassword: 'Temporary password',
  shownPasswordHint: 'They change it on their Account page after signing in.',
  authenticatorLink: 'Authenticator link',
  onThePhone: (link: string) => `On the phone itself: ${link}.`,
  openInApp: 'open in the authenticator app',
  recoveryCodes: 'Recovery codes (each works once)',
  backToList: 'Done: back to the staff list',

  // The own account page.
  accountTitle: 'Your account',
  signedInAs: 'Signed in as',
  yourRole: (role: string) => `Role: ${role}`,
  lostSecondFactor: 'A lost phone or used-up recovery codes: ask an admin to reset your second factor.',
  changePasswordTitle: 'Change your password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHelp: `At least ${STAFF_PASSWORD_MIN} characters. Your other sessions end; this one stays.`,
  changePassword: 'Change password',
} as const;
