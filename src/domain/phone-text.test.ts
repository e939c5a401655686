// The checkout islands show stored numbers with displayPhone, without libphonenumber-js: it must
// read every number the shop stores (normalisePhone's output) as formatPhone does.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPhone, normalisePhone } from './phone';
import { displayPhone } from './phone-text';

describe('displayPhone', () => {
  it('spaces a stored UAE mobile number and leaves anything else as it is', () => {
    expect(displayPhone('0501234567')).toBe('050 123 4567');
    expect(displayPhone('0581234567')).toBe('058 123 4567');
    expect(displayPhone('0591234567')).toBe('0591234567');
    expect(displayPhone('041234567')).toBe('041234567');
    expect(displayPhone('050 123 456')).toBe('050 123 456');
  });

  it('agrees with formatPhone on every stored number', () => {
    const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
    const typed = fc.oneof(
      fc.tuple(fc.constantFrom('05', '+9715', '009715', '9715', '5', '04', '0'), digits(8)).map(([a, b]) => a + b),
      fc.tuple(fc.constantFrom('05', '+971 5', '050'), digits(7), fc.constantFrom('', ' ', '-')).map(([a, b, c]) => a + c + b),
      digits(10),
      fc.string({ maxLength: 16 }),
      fc.constantFrom('', ' ', '0501234567', '0591234567', '80012345', '٠٥٠١٢٣٤٥٦٧', '+1 202 555 0100'),
    );
    fc.assert(
      fc.property(typed, (raw) => {
        const stored = normalisePhone(raw);
        expect(displayPhone(stored)).toBe(formatPhone(stored));
      }),
      { numRuns: 2000 },
    );
  });
});
