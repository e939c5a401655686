import { describe, expect, it } from 'vitest';
import { emailProblem, isEmailAddress } from './email';

const messages = { required: 'Email is required', invalid: 'Invalid email address' };

describe('email checks', () => {
  it('accepts ordinary addresses, trimmed', () => {
    expect(isEmailAddress('reem@example.ae')).toBe(true);
    expect(isEmailAddress('a.b+c@mail.co.uk')).toBe(true);
    expect(emailProblem('  reem@example.ae ', messages)).toBeNull();
  });
  it('names the problem: missing, then invalid', () => {
    expect(emailProblem('   ', messages)).toBe('Email is required');
    for (const bad of ['reem', 'reem@', '@example.ae', 'reem@example', 'a b@example.ae', 'reem@@example.ae', `${'a'.repeat(250)}@x.ae`]) {
      expect(emailProblem(bad, messages), bad).toBe('Invalid email address');
    }
  });
});
