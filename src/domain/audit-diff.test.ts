import { describe, expect, it } from 'vitest';
import { auditValueText, changedFields } from './audit-diff';

describe('changedFields', () => {
  it('lists only the fields whose value changed, nested objects compared by value', () => {
    expect(
      changedFields(
        { status: 'pending', note: null, lines: [{ id: 1, qty: 2 }], address: { city: 'Dubai', area: 'JLT' } },
        { status: 'shipped', note: 'On its way', lines: [{ qty: 2, id: 1 }], address: { area: 'JLT', city: 'Dubai' } },
      ),
    ).toEqual([
      { field: 'status', before: 'pending', after: 'shipped' },
      { field: 'note', before: null, after: 'On its way' },
    ]);
  });

  it('shows every field of a created or removed record, and a field that appears or goes', () => {
    expect(changedFields(null, { email: 'a@b.test', role: 'staff' })).toEqual([
      { field: 'email', before: null, after: 'a@b.test' },
      { field: 'role', before: null, after: 'staff' },
    ]);
    expect(changedFields({ a: 1 }, undefined)).toEqual([{ field: 'a', before: 1, after: null }]);
    expect(changedFields({ a: 1 }, { a: 1, b: 2 })).toEqual([{ field: 'b', before: null, after: 2 }]);
    expect(changedFields(3, 4)).toEqual([{ field: 'value', before: 3, after: 4 }]);
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('prints values as one line', () => {
    expect(auditValueText('x')).toBe('x');
    expect(auditValueText(null)).toBe('');
    expect(auditValueText(true)).toBe('true');
    expect(auditValueText({ a: [1] })).toBe('{"a":[1]}');
  });
});
