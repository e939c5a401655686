import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  OTP_LENGTH,
  OTP_LOCK_SECONDS,
  OTP_RESEND_COUNTDOWN_SECONDS,
  OTP_VALID_MINUTES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  changePasswordSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  loginSchema,
  otpCodeField,
  passwordIsStrong,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  sendOtpSchema,
  verifyOtpSchema,
} from './accounts';
import { accountMessages } from './messages/accounts';

const RULE =
  'Password must contain at least one uppercase letter, one lowercase letter, one digit, one special character, and be between 8 and 32 characters long';

/** Field name to its messages, in order; null when the input is valid. */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected valid input: ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** A strong password of exactly `length` characters. */
const strong = (length: number) => `Aa1!${'x'.repeat(length - 4)}`;

describe('constants (docs/product.md#prices-totals-and-limits, docs/decisions/0008-sessions.md)', () => {
  it('fixes the spec numbers', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(32);
    expect(OTP_LENGTH).toBe(4);
    expect(OTP_LOCK_SECONDS).toBe(180);
    expect(OTP_RESEND_COUNTDOWN_SECONDS).toBe(210);
    expect(OTP_VALID_MINUTES).toBe(10);
    expect(AVATAR_MAX_BYTES).toBe(2 * 1024 * 1024);
  });

  it('keeps the spec texts word for word', () => {
    expect(accountMessages).toMatchObject({
      nameRequired: 'Name is required',
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email',
      emailFormat: 'Invalid email format',
      passwordRequired: 'Password is required',
      passwordRule: RULE,
      confirmRequired: 'Confirm Password is required',
      passwordsMustMatch: 'Passwords must match',
      otpInvalid: 'Invalid Otp',
      otpWait: 'Wait for three minutes to verify again',
    });
  });
});

describe('the password rule', () => {
  it('takes 8 to 32 characters: 7 and 33 are refused, 8 and 32 accepted', () => {
    expect(strong(7)).toHaveLength(7);
    expect(passwordIsStrong(strong(7))).toBe(false);
    expect(passwordIsStrong(strong(8))).toBe(true);
    expect(passwordIsStrong(strong(32))).toBe(true);
    expect(strong(33)).toHaveLength(33);
    expect(passwordIsStrong(strong(33))).toBe(false);
  });

  it('needs a lower-case letter, an upper-case letter, a digit and a special character', () => {
    expect(passwordIsStrong('Abcdef1!')).toBe(true);
    expect(passwordIsStrong('ABCDEF1!')).toBe(false); // no lower case
    expect(passwordIsStrong('abcdef1!')).toBe(false); // no upper case
    expect(passwordIsStrong('Abcdefg!')).toBe(false); // no digit
    expect(passwordIsStrong('Abcdefg1')).toBe(false); // no special character
    expect(passwordIsStrong('Abc def1')).toBe(true); // a space is a special character
    expect(passwordIsStrong('')).toBe(false);
  });

  it('applies to register, reset and change, with the spec message', () => {
    expect(errors(registerSchema, { name: 'Reem', email: 'reem@example.ae', password: strong(7), c_password: strong(7) })).toEqual({
      password: [RULE],
    });
    expect(errors(registerSchema, { name: 'Reem', email: 'reem@example.ae', password: strong(33), c_password: strong(33) })).toEqual({
      password: [RULE],
    });
    expect(errors(registerSchema, { name: 'Reem', email: 'reem@example.ae', password: strong(32), c_password: strong(32) })).toBeNull();
    expect(errors(resetPasswordSchema, { email: 'reem@example.ae', new_password: 'abcdefg1!' })).toEqual({ new_password: [RULE] });
    expect(errors(resetPasswordSchema, { email: 'reem@example.ae', new_password: strong(8) })).toBeNull();
    expect(errors(changePasswordSchema, { current_password: 'old', new_password: 'ABCDEFG1!' })).toEqual({ new_password: [RULE] });
    expect(errors(changePasswordSchema, { current_password: 'old', new_password: strong(8) })).toBeNull();
  });
});

describe('sign-in schema', () => {
  it('requires both fields with the spec messages', () => {
    expect(errors(loginSchema, {})).toEqual({ email: ['Email is required'], password: ['Password is required'] });
    expect(errors(loginSchema, { email: '   ', password: '' })).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
    expect(errors(loginSchema, { email: 'not-an-email', password: 'x' })).toEqual({ email: ['Please enter a valid email'] });
  });

  it('trims and lower-cases the e-mail and leaves the password alone', () => {
    expect(parsed(loginSchema, { email: '  Reem.Ali@Example.AE ', password: ' Secret 1 ' })).toEqual({
      email: 'reem.ali@example.ae',
      password: ' Secret 1 ',
    });
  });
});

describe('register schema', () => {
  const valid = { name: 'Reem Ali', email: 'Reem@Example.ae', password: 'Abcdef1!', c_password: 'Abcdef1!', user_type: 'customer' };

  it('accepts a complete form, normalising the e-mail', () => {
    expect(parsed(registerSchema, valid)).toEqual({ ...valid, email: 'reem@example.ae' });
  });

  it('names every missing field with the spec messages', () => {
    expect(errors(registerSchema, {})).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      c_password: ['Confirm Password is required'],
    });
  });

  it('treats blank text as missing; an empty password shows "Password is required" first', () => {
    const e = errors(registerSchema, { name: '   ', email: '  ', password: '', c_password: '' })!;
    expect(e.name).toEqual(['Name is required']);
    expect(e.email).toEqual(['Email is required']);
    expect(e.password![0]).toBe('Password is required');
    expect(e.c_password).toEqual(['Confirm Password is required']);
  });

  it('refuses an invalid e-mail and a confirmation that differs', () => {
    expect(errors(registerSchema, { ...valid, email: 'reem@' })).toEqual({ email: ['Please enter a valid email'] });
    expect(errors(registerSchema, { ...valid, email: 'reem example@x.ae' })).toEqual({ email: ['Please enter a valid email'] });
    expect(errors(registerSchema, { ...valid, c_password: 'Abcdef1?' })).toEqual({ c_password: ['Passwords must match'] });
  });

  it('only allows the customer user type', () => {
    expect(errors(registerSchema, { ...valid, user_type: 'admin' })).toHaveProperty('user_type');
    const { user_type: _omit, ...withoutType } = valid;
    expect(errors(registerSchema, withoutType)).toBeNull();
  });
});

describe('OTP schemas', () => {
  it('sends for register by default, or for reset; nothing else', () => {
    expect(parsed(sendOtpSchema, { email: ' Layla@Example.AE' })).toEqual({ email: 'layla@example.ae', purpose: 'register' });
    expect(parsed(sendOtpSchema, { email: 'layla@example.ae', purpose: 'reset' }).purpose).toBe('reset');
    expect(errors(sendOtpSchema, { email: 'layla@example.ae', purpose: 'admin' })).toHaveProperty('purpose');
    expect(errors(sendOtpSchema, {})).toEqual({ email: ['Email is required'] });
    expect(errors(sendOtpSchema, { email: 'layla' })).toEqual({ email: ['Please enter a valid email'] });
  });

  it('takes exactly 4 ASCII digits', () => {
    expect(otpCodeField.parse('0042')).toBe('0042');
    expect(otpCodeField.parse(' 1234 ')).toBe('1234');
    for (const bad of ['', '123', '12345', '12a4', '12 4', '1.23', '-123', '١٢٣٤', '１２３４']) {
      expect(otpCodeField.safeParse(bad).success, bad).toBe(false);
    }
    expect(errors(verifyOtpSchema, { email: 'a@b.ae', otp: 1234 })).toHaveProperty('otp');
    expect(parsed(verifyOtpSchema, { email: 'A@B.ae', otp: '9876' })).toEqual({ email: 'a@b.ae', otp: '9876' });
    expect(errors(verifyOtpSchema, {})).toEqual({ email: ['Email is required'], otp: [accountMessages.otpRequired] });
  });
});

describe('reset password schema', () => {
  it('requires the e-mail and a strong new password', () => {
    expect(errors(resetPasswordSchema, {})).toEqual({ email: ['Email is required'], new_password: ['Password is required'] });
    expect(parsed(resetPasswordSchema, { email: ' X@Y.AE ', new_password: 'Abcdef1!' })).toEqual({
      email: 'x@y.ae',
      new_password: 'Abcdef1!',
    });
  });
});

describe('profile schema', () => {
  it('uses "Invalid email format" for a bad e-mail, and the required messages', () => {
    expect(errors(profileUpdateSchema, { name: 'Reem', email: 'reem.example.ae' })).toEqual({ email: ['Invalid email format'] });
    // The e-mail may be left out (it changes through its own flow); when sent it must be valid.
    expect(errors(profileUpdateSchema, {})).toEqual({ name: ['Name is required'] });
    expect(errors(profileUpdateSchema, { name: ' ', email: ' ' })).toEqual({ name: ['Name is required'], email: ['Email is required'] });
  });

  it('trims the name and normalises the e-mail', () => {
    expect(parsed(profileUpdateSchema, { name: '  Reem Ali ', email: ' Reem@Example.AE ' })).toEqual({
      name: 'Reem Ali',
      email: 'reem@example.ae',
    });
  });

  it('caps the name at 120 characters', () => {
    expect(errors(profileUpdateSchema, { name: 'x'.repeat(121), email: 'a@b.ae' })).toHaveProperty('name');
    expect(errors(profileUpdateSchema, { name: 'x'.repeat(120), email: 'a@b.ae' })).toBeNull();
  });
});

describe('e-mail change schemas', () => {
  it('needs the new e-mail and the current password, then the new e-mail and the 4-digit code', () => {
    expect(errors(emailChangeRequestSchema, {})).toEqual({
      new_email: ['Email is required'],
      current_password: [accountMessages.currentPasswordRequired],
    });
    expect(parsed(emailChangeRequestSchema, { new_email: ' New@Example.AE ', current_password: 'x' })).toEqual({
      new_email: 'new@example.ae',
      current_password: 'x',
    });
    expect(errors(emailChangeConfirmSchema, { new_email: 'bad', otp: '12' })).toEqual({
      new_email: ['Invalid email format'],
      otp: [accountMessages.otpRequired],
    });
  });
});

describe('password change schema', () => {
  it('requires the current and the new password; the confirmation must match when sent', () => {
    expect(errors(changePasswordSchema, {})).toEqual({
      current_password: [accountMessages.currentPasswordRequired],
      new_password: ['Password is required'],
    });
    expect(errors(changePasswordSchema, { current_password: 'Old-pass1', new_password: 'Abcdef1!', confirm_password: 'Abcdef1?' })).toEqual(
      {
        confirm_password: ['Passwords must match'],
      },
    );
    expect(
      errors(changePasswordSchema, { current_password: 'Old-pass1', new_password: 'Abcdef1!', confirm_password: 'Abcdef1!' }),
    ).toBeNull();
    expect(errors(changePasswordSchema, { current_password: 'Old-pass1', new_password: 'Abcdef1!' })).toBeNull();
  });
});
