import { describe, expect, it } from 'vitest';
import { calendarDate, dubaiDateTime, isoFromUaeDate, typedUaeDate, uaeDate } from './dates';

describe('dd/mm/yyyy, the UAE way of writing a date (the delivery date picker)', () => {
  it('shows yyyy-mm-dd as dd/mm/yyyy and nothing for anything else', () => {
    expect(uaeDate('2026-12-05')).toBe('05/12/2026');
    expect(uaeDate('')).toBe('');
    expect(uaeDate(null)).toBe('');
    expect(uaeDate('05/12/2026')).toBe('');
  });

  it('reads dd/mm/yyyy back as yyyy-mm-dd, day first, and refuses dates that do not exist', () => {
    expect(isoFromUaeDate('05/12/2026')).toBe('2026-12-05');
    expect(isoFromUaeDate(' 05-12-2026 ')).toBe('2026-12-05');
    expect(isoFromUaeDate('05.12.2026')).toBe('2026-12-05');
    expect(isoFromUaeDate('29/02/2028')).toBe('2028-02-29');
    expect(isoFromUaeDate('29/02/2027')).toBeNull();
    expect(isoFromUaeDate('31/04/2026')).toBeNull();
    expect(isoFromUaeDate('12/13/2026')).toBeNull();
    expect(isoFromUaeDate('5/12/2026')).toBeNull();
    expect(isoFromUaeDate('05/12/26')).toBeNull();
    expect(isoFromUaeDate('2026-12-05')).toBeNull();
    expect(isoFromUaeDate('')).toBeNull();
  });

  it('puts the slashes in while the digits are typed, and lets them be deleted', () => {
    expect(typedUaeDate('0')).toBe('0');
    expect(typedUaeDate('05')).toBe('05');
    expect(typedUaeDate('051')).toBe('05/1');
    expect(typedUaeDate('0512')).toBe('05/12');
    expect(typedUaeDate('05122')).toBe('05/12/2');
    expect(typedUaeDate('05122026')).toBe('05/12/2026');
    expect(typedUaeDate('051220261')).toBe('05/12/2026');
    expect(typedUaeDate('05/12/2026')).toBe('05/12/2026');
    expect(typedUaeDate('05/1')).toBe('05/1');
    expect(typedUaeDate('ab')).toBe('');
  });

  it('round-trips with the shown calendar date', () => {
    const iso = isoFromUaeDate(uaeDate('2027-01-09'))!;
    expect(iso).toBe('2027-01-09');
    expect(calendarDate(iso)).toBe('9 Jan 2027');
  });
});

describe('dubaiDateTime', () => {
  it('shows an instant in UAE time, whatever the server time zone', () => {
    expect(dubaiDateTime(new Date('2026-03-01T20:30:00Z'))).toBe('2 Mar 2026, 00:30');
    expect(dubaiDateTime('2026-03-01T08:05:00Z')).toBe('1 Mar 2026, 12:05');
    expect(dubaiDateTime('nonsense')).toBe('');
  });
});
