// What the shown-once panel (ShownOnce.astro) displays after an admin adds a staff member or
// resets their second factor (docs/decisions/0033-back-office-staff.md#staff-management).
export interface ShownOnceDetails {
  heading: string;
  name: string;
  email: string;
  password?: string | null;
  otpauthUri?: string;
  qrCode?: string;
  recoveryCodes: string[];
}
