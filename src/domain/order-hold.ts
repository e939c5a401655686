// How long an unpaid card order holds its stock, shared by the server (the sweeper, the order
// JSON) and the card page's countdown. No zod here: the payment island imports it
// (docs/decisions/0013-order-holds.md).

/** An unpaid card order holds its stock this long after it was placed; the sweeper then closes it. */
export const ORDER_HOLD_MINUTES = 15;

/** When an unpaid card order placed at `placedAt` stops holding its stock. */
export function holdExpiresAt(placedAt: Date): Date {
  return new Date(placedAt.getTime() + ORDER_HOLD_MINUTES * 60_000);
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Dubai' });

/** The hold's end as the shop says it: '14:05', UAE time (where the shop and its shoppers are). */
export function holdTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

/** Whole minutes left until `expiresAt` (rounded up; 0 once it passed). */
export function minutesLeft(expiresAt: Date | string, now: Date = new Date()): number {
  const end = typeof expiresAt === 'string' ? new Date(expiresAt) : expiresAt;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 60_000));
}
