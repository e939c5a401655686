// The header's look of the signed-in shopper (docs/product.md#personal-parts).
import { describe, expect, it } from 'vitest';
import { accountLook } from './account-look';

describe('accountLook', () => {
  it('takes the first name and the initial of the whole name', () => {
    expect(accountLook('  aisha Al Mansoori ', null)).toEqual({ first: 'aisha', initial: 'A', picture: null });
  });

  it('keeps a letter outside the basic plane whole, and the picture when there is one', () => {
    expect(accountLook('𝒜dam', '/uploads/avatars/a.webp')).toEqual({ first: '𝒜dam', initial: '𝒜', picture: '/uploads/avatars/a.webp' });
  });

  it('shows a question mark for an empty name, and no picture for an empty address', () => {
    expect(accountLook('   ', '')).toEqual({ first: '', initial: '?', picture: null });
  });
});
