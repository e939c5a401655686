// The accounts' limits, zod-free so an island shows and checks them without loading the validation
// library (docs/decisions/0042-page-weight.md); accounts.ts re-exports them with its schemas.
export const OTP_LENGTH = 4;
export const OTP_VALID_MINUTES = 10;
/** After a failed try the code is locked this long (spec: 3 minutes). */
export const OTP_LOCK_SECONDS = 180;
/** The dialog's resend countdown (spec: 3 minutes 30 seconds). */
export const OTP_RESEND_COUNTDOWN_SECONDS = 210;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
