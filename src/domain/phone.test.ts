// UAE phone numbers as people type them (docs/product.md#phone-numbers, docs/decisions/0027-phone-numbers.md).
import { describe, expect, it } from 'vitest';
import { checkUaePhone, formatPhone, normalisePhone, phoneMessagesFor, phoneProblem, phoneTyping, PHONE_INPUT_MAX } from './phone';
import { phoneMessages } from './messages/phone';

const problem = (typed: string) => {
  const check = checkUaePhone(typed);
  return check.ok ? `ok ${check.phone}` : check.problem;
};

describe('checkUaePhone', () => {
  it.each([
    '+971 50 123 4567',
    '00971 50 123 4567',
    '971501234567',
    '050 123 4567',
    '050-123-4567',
    '0501234567',
    '+971501234567',
    '(050) 123-4567',
    '050.123.4567',
    '+971 (0) 50 123 4567',
    '+971-50-123-4567',
    '  050 123 4567  ',
    '501234567',
    '٠٥٠١٢٣٤٥٦٧',
    '۰۵۰۱۲۳۴۵۶۷',
  ])('accepts %j as 0501234567', (typed) => {
    expect(checkUaePhone(typed)).toEqual({ ok: true, phone: '0501234567' });
  });

  it('accepts every UAE mobile prefix in use (050, 052, 054, 055, 056, 058)', () => {
    for (const prefix of ['50', '52', '54', '55', '56', '58']) {
      expect(problem(`+971 ${prefix} 765 4321`), prefix).toBe(`ok 0${prefix}7654321`);
      expect(problem(`0${prefix}7654321`), prefix).toBe(`ok 0${prefix}7654321`);
    }
  });

  it('an empty or blank number is required', () => {
    for (const blank of ['', '   ', '\t']) expect(problem(blank), JSON.stringify(blank)).toBe('required');
  });

  it('refuses letters and other signs', () => {
    for (const typed of [
      '05012345ab',
      '050 12a 4567',
      'O501234567',
      '+971501234567 ext 2',
      '050#1234567',
      '050_123_4567',
      '05\r\nFrom:',
      '+971+501234567',
    ])
      expect(problem(typed), typed).toBe('characters');
  });

  it('refuses a number too short or too long for a UAE mobile', () => {
    for (const typed of [
      '5',
      '050',
      '050123',
      '050123456',
      '05012345678',
      '050 123 45678',
      '+971 50 123 456',
      '+971 50 123 45678',
      '0097150123',
    ])
      expect(problem(typed), typed).toBe('length');
  });

  it('refuses the numbers of other countries', () => {
    for (const typed of [
      '+44 20 7946 0958',
      '0044 20 7946 0958',
      '+1 212 555 0100',
      '+966 50 123 4567',
      '00966501234567',
      '+91 98765 43210',
    ])
      expect(problem(typed), typed).toBe('notUae');
  });

  it('refuses landlines and service numbers: the delivery contact is a mobile', () => {
    for (const typed of [
      '04 555 0199',
      '+971 4 555 0199',
      '02 612 3456',
      '06 512 3456',
      '800 123',
      '600 52 3456',
      '0591234567',
      '0571234567',
    ])
      expect(problem(typed), typed).toBe('notMobile');
  });
});

describe('phoneProblem and phoneMessagesFor', () => {
  const messages = phoneMessagesFor({ required: 'Phone Number is required', length: 'Phone number must be 10 digits' });

  it("answers the field's own text for an empty or short number and the shared ones otherwise", () => {
    expect(phoneProblem('+971 50 123 4567', messages)).toBeNull();
    expect(phoneProblem('', messages)).toBe('Phone Number is required');
    expect(phoneProblem('050123', messages)).toBe('Phone number must be 10 digits');
    expect(phoneProblem('05012345ab', messages)).toBe('Phone number must be 10 digits');
    expect(phoneProblem('05012345ab', phoneMessagesFor({ required: 'r', length: 'l', characters: 'Digits only' }))).toBe('Digits only');
    expect(phoneProblem('+44 20 7946 0958', messages)).toBe(phoneMessages.notUae);
    expect(phoneProblem('04 555 0199', messages)).toBe(phoneMessages.notMobile);
  });
});

describe('normalisePhone, formatPhone and phoneTyping', () => {
  it('normalisePhone answers the stored form, and leaves a refused number as typed', () => {
    expect(normalisePhone(' +971 55 111 2233 ')).toBe('0551112233');
    expect(normalisePhone(' 050123 ')).toBe('050123');
  });

  it('formatPhone shows a stored number as people read it, anything else as it is', () => {
    expect(formatPhone('0501234567')).toBe('050 123 4567');
    expect(formatPhone('+971551112233')).toBe('055 111 2233');
    expect(formatPhone('050123')).toBe('050123');
    expect(formatPhone('')).toBe('');
  });

  it('phoneTyping keeps digits and the signs people type between them, at most PHONE_INPUT_MAX characters', () => {
    expect(phoneTyping('+971 (0) 50-123.4567')).toBe('+971 (0) 50-123.4567');
    expect(phoneTyping('05a0b-1234 567')).toBe('050-1234 567');
    expect(phoneTyping('٠٥٠١٢٣٤٥٦٧')).toBe('٠٥٠١٢٣٤٥٦٧');
    expect(phoneTyping('1'.repeat(40))).toHaveLength(PHONE_INPUT_MAX);
  });
});
