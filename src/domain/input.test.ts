// The shared bounds on what clients send (docs/decisions/0016-hostile-input.md).
import { describe, expect, it } from 'vitest';
import { MAX_ID, idField, wholeNumber } from './input';
import { isCleanText, isSingleLineText, oneLine } from './text-checks';
import { inputMessages } from './messages/input';
import { addCartSchema, couponListSchema } from './cart';
import { addressSchema, orderPayloadSchema, orderRefSchema, deliveryFormSchema } from './checkout';
import { productListQuerySchema } from './catalog-query';
import { registerSchema, loginSchema } from './accounts';
import { addReviewSchema } from './review';
import { newsletterSchema } from './newsletter';
import { addressForm } from '../../tests/checkout';

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));

describe('idField and wholeNumber', () => {
  it('take ids from 1 to 2^31-1 as JSON numbers or plain decimal text', () => {
    const id = idField();
    for (const [input, value] of [
      [1, 1],
      ['42', 42],
      [' 7 ', 7],
      ['+8', 8],
      [MAX_ID, MAX_ID],
      [String(MAX_ID), MAX_ID],
    ] as const)
      expect(id.parse(input)).toBe(value);
  });

  it('refuse ids above int4, 1e300, NaN, -0, exponents, hex, fractions, booleans, lists and empty text', () => {
    const id = idField();
    for (const input of [
      MAX_ID + 1,
      '2147483648',
      1e300,
      '1e300',
      -1e300,
      Number.NaN,
      'NaN',
      'Infinity',
      Infinity,
      -0,
      0,
      '-0',
      -1,
      '1e3',
      '0x10',
      '1.5',
      1.5,
      '',
      ' ',
      true,
      [5],
      null,
      '9'.repeat(30),
      2 ** 53 + 2,
    ]) {
      const result = id.safeParse(input);
      expect(result.success, String(input)).toBe(false);
    }
    expect(problems(idField().safeParse('2147483648'))).toEqual({ '': inputMessages.invalidId });
    expect(problems(idField().safeParse('abc'))).toEqual({ '': inputMessages.wholeNumber });
  });

  it('bound counts with their own minimum and maximum', () => {
    const n = wholeNumber(1, 999);
    expect(n.parse('999')).toBe(999);
    expect(problems(n.safeParse(1000))).toEqual({ '': inputMessages.atMost(999) });
    expect(problems(n.safeParse('0'))).toEqual({ '': inputMessages.atLeast(1) });
  });
});

describe('every id, count and price in the request schemas is bounded', () => {
  it('refuses huge ids and numbers where the database would have failed', () => {
    expect(addCartSchema.safeParse({ product_id: '2147483648', quantity: 1 }).success).toBe(false);
    expect(addCartSchema.safeParse({ product_id: 1, quantity: '1e3' }).success).toBe(false);
    expect(addCartSchema.safeParse({ product_id: 1, quantity: 1, attribute_id: 2 ** 31 }).success).toBe(false);
    expect(orderRefSchema.safeParse({ order_id: '2147483648' }).success).toBe(false);
    expect(orderPayloadSchema.safeParse({ address_id: 1, weight_form_id: 1e300 }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ price: '[{"min":1e300}]' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ price: '[{"min":"0x10"}]' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ page: '1e3' }).success).toBe(false);
    expect(couponListSchema.safeParse({ limit: 'NaN' }).success).toBe(false);
    expect(addReviewSchema.safeParse({ product_id: 2 ** 31, rating: 5, comments: 'Good' }).success).toBe(false);
    const form = {
      contact_name: 'Omar',
      contact_number: '0501234567',
      date_of_delivery: '2099-01-01',
      available_timing: '9-1',
      lift_available: 'No',
      pass_required: 'No',
    };
    expect(deliveryFormSchema.safeParse({ ...form, no_of_floors: '1e300' }).success).toBe(false);
    expect(deliveryFormSchema.safeParse({ ...form, no_of_floors: 2 ** 31 }).success).toBe(false);
    expect(deliveryFormSchema.safeParse({ ...form, no_of_floors: '3' }).success).toBe(true);
  });
});

describe('control characters', () => {
  it('isCleanText allows tabs and line breaks; isSingleLineText allows neither; both refuse NUL, other controls and lone surrogates', () => {
    expect(isCleanText('Line one\r\n\tLine two 😀 ﷺ')).toBe(true);
    expect(isSingleLineText('Aisha Al-Mansouri 😀')).toBe(true);
    for (const bad of ['a\u0000b', '\u001b[31m', 'x\u007f', '\u0085', 'x\ud800', '\udfffx']) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
      expect(isSingleLineText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const bad of ['a\nb', 'a\r\nb', 'a\tb', 'a\u2028b']) expect(isSingleLineText(bad), JSON.stringify(bad)).toBe(false);
    expect(oneLine('Reem\r\nBcc: x@y.z\u0000\ud800')).toBe('Reem  Bcc: x@y.z \ufffd');
  });

  it('the shared string schemas refuse them with the catalog message', () => {
    expect(problems(addressSchema.safeParse(addressForm({ name: 'Aisha\u0000' })))).toEqual({ name: inputMessages.singleLine });
    expect(problems(addressSchema.safeParse(addressForm({ city: 'Dubai\r\nX' })))).toEqual({ city: inputMessages.singleLine });
    expect(
      problems(registerSchema.safeParse({ name: 'A\u001bB', email: 'a@example.ae', password: 'Str0ng-Pass!', c_password: 'Str0ng-Pass!' })),
    ).toEqual({ name: inputMessages.singleLine });
    expect(problems(loginSchema.safeParse({ email: 'a\u0000@example.ae', password: 'x' }))).toEqual({ email: inputMessages.singleLine });
    expect(problems(newsletterSchema.safeParse({ email: 'a@exa\u0000mple.ae' }))).toEqual({ email: inputMessages.singleLine });
    expect(problems(addReviewSchema.safeParse({ product_id: 1, rating: 5, comments: 'Great\u0000' }))).toEqual({
      comments: inputMessages.controlCharacters,
    });
    expect(addReviewSchema.safeParse({ product_id: 1, rating: 5, comments: 'Great safe.\nHeavy, though.' }).success).toBe(true);
    expect(problems(addCartSchema.safeParse({ product_id: 1, color: 'Bl\u0000ack' }))).toEqual({ color: inputMessages.singleLine });
    expect(problems(productListQuerySchema.safeParse({ search: 'safe\u0000' }))).toEqual({ search: inputMessages.singleLine });
  });
});
