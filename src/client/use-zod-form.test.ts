// The form layer's pure parts: the schema's and the extra rules' verdict, and the server's field
// errors that belong to a form.
import { describe, expect, it } from 'vitest';
import { z } from '@/domain/zod';
import { firstWithError, formProblems, schemaSource, serverFieldErrors } from './use-zod-form';

const schema = z
  .object({
    email: z.string().trim().min(1, 'E-mail is required').toLowerCase(),
    password: z.string().min(8, 'At least 8 characters'),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: 'Passwords must match', path: ['confirm'] });

describe('formProblems', () => {
  it("gives the schema's output when every rule holds", () => {
    expect(formProblems(schema, { email: ' A@B.AE ', password: '12345678', confirm: '12345678' })).toEqual({
      ok: true,
      data: { email: 'a@b.ae', password: '12345678', confirm: '12345678' },
    });
  });

  it('names the first problem of each field', () => {
    expect(formProblems(schema, { email: '', password: 'short', confirm: 'short' })).toEqual({
      ok: false,
      errors: { email: 'E-mail is required', password: 'At least 8 characters' },
    });
  });

  it("adds the extra rules' problems where the schema found none, and refuses on them alone", () => {
    const extra = { confirm: 'Passwords must match', email: 'not this one' };
    expect(formProblems(schema, { email: '', password: '12345678', confirm: 'x' }, extra)).toEqual({
      ok: false,
      errors: { email: 'E-mail is required', confirm: 'Passwords must match' },
    });
    expect(formProblems(schema, { email: 'a@b.ae', password: '12345678', confirm: '12345678' }, { confirm: 'Required' })).toEqual({
      ok: false,
      errors: { confirm: 'Required' },
    });
  });
});

describe('serverFieldErrors', () => {
  const answer = { fields: { email: 'Taken', password: 'Too weak', confirmpassword: 'Must match', customer_id: 'Not yours' } };

  it("keeps the form's own fields and leaves the others out", () => {
    expect(serverFieldErrors(answer, ['email', 'password'])).toEqual({ email: 'Taken', password: 'Too weak' });
  });

  it("maps the server's names to the form's, the first message winning", () => {
    expect(serverFieldErrors(answer, { email: 'email', confirmpassword: 'c_password', c_password: 'c_password' })).toEqual({
      email: 'Taken',
      c_password: 'Must match',
    });
  });

  it('is empty for an answer without field errors', () => {
    expect(serverFieldErrors({ fields: {} }, ['email'])).toEqual({});
  });
});

describe('firstWithError', () => {
  it('is the first field in screen order that has an error', () => {
    expect(firstWithError(['name', 'phone', 'city'], { city: 'x', phone: 'y' })).toBe('phone');
    expect(firstWithError(['name'], {})).toBeUndefined();
  });
});

describe('schemaSource', () => {
  it('has a given schema at once', async () => {
    const source = schemaSource(schema);
    expect(source.current()).toBe(schema);
    await expect(source.get()).resolves.toBe(schema);
  });

  it('loads a lazy schema once however often it is asked, and has it at once afterwards', async () => {
    let loads = 0;
    const source = schemaSource({ load: async () => (loads++, schema), failed: 'Could not load' });
    expect(source.current()).toBeNull();
    const [first, second] = await Promise.all([source.get(), source.get()]);
    expect([first, second, source.current(), loads]).toEqual([schema, schema, schema, 1]);
  });

  it('tries again after a failed load', async () => {
    let loads = 0;
    const source = schemaSource({
      load: async () => {
        loads++;
        if (loads === 1) throw new Error('offline');
        return schema;
      },
      failed: 'Could not load',
    });
    await expect(source.get()).rejects.toThrow('offline');
    expect(source.current()).toBeNull();
    await expect(source.get()).resolves.toBe(schema);
    expect(loads).toBe(2);
  });
});
