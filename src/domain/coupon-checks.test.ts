// The cart's zod-free coupon code check says what the server's zod field says, for any text.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { couponCodeField } from './cart';
import { checkCouponCode } from './coupon-checks';
import { cartMessages } from './messages/cart';
import { inputMessages } from './messages/input';

describe('checkCouponCode', () => {
  it('trims a good code and refuses an empty, a long or a multi-line one with the catalog texts', () => {
    expect(checkCouponCode('  SAVE10 ')).toEqual({ ok: true, code: 'SAVE10' });
    expect(checkCouponCode('   ')).toEqual({ ok: false, message: cartMessages.couponRequired });
    expect(checkCouponCode(undefined)).toEqual({ ok: false, message: cartMessages.couponRequired });
    expect(checkCouponCode('A'.repeat(21))).toEqual({ ok: false, message: cartMessages.couponTooLong });
    expect(checkCouponCode('A'.repeat(20))).toEqual({ ok: true, code: 'A'.repeat(20) });
    expect(checkCouponCode('SAVE\u000010')).toEqual({ ok: false, message: inputMessages.singleLine });
  });

  it('agrees with the server schema on any text', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 25 }),
      fc.constantFrom('', ' ', 'SAVE10', ' save10 ', 'A'.repeat(20), 'A'.repeat(21), 'a\nb', '\ud800x'),
    );
    fc.assert(
      fc.property(text, (raw) => {
        const server = couponCodeField.safeParse(raw);
        const client = checkCouponCode(raw);
        expect(client).toEqual(server.success ? { ok: true, code: server.data } : { ok: false, message: server.error.issues[0]?.message });
      }),
      { numRuns: 200 },
    );
  });
});
