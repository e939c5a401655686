// The shop's days (docs/decisions/0036-admin-order-list.md): the shop is in the UAE, so 'today',
// 'this month' and a date range are Asia/Dubai's, whatever the server's time zone. The UAE keeps
// UTC+4 all year (no daylight saving), so a Dubai day starts at 20:00 UTC the day before.
import { todayInDubai } from './checkout';

export const SHOP_TIME_ZONE = 'Asia/Dubai';
const SHOP_UTC_OFFSET = '+04:00';

/** The instant a Dubai calendar day (yyyy-mm-dd) starts. */
export function shopDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${SHOP_UTC_OFFSET}`);
}

/** The calendar day after yyyy-mm-dd. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** [start, end) of the Dubai day of `now`. */
export function shopToday(now: Date): { start: Date; end: Date; day: string } {
  const day = todayInDubai(now);
  return { start: shopDayStart(day), end: shopDayStart(nextDay(day)), day };
}

/** [start, end) of the Dubai calendar month of `now`. */
export function shopMonth(now: Date): { start: Date; end: Date; firstDay: string; lastDay: string } {
  const day = todayInDubai(now);
  const [y, m] = day.split('-').map(Number) as [number, number];
  const firstDay = `${y}-${String(m).padStart(2, '0')}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const last = new Date(`${next}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() - 1);
  return { start: shopDayStart(firstDay), end: shopDayStart(next), firstDay, lastDay: last.toISOString().slice(0, 10) };
}
