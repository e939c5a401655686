// Closes card orders whose hold ended, every minute, inside the app process (the embedded
// database belongs to it): their intents are canceled, their stock comes back and the shopper
// gets one mail (docs/decisions/0013-order-holds.md). Several instances may run it: each
// release (and its mail) happens once.
import type { Db } from '@/server/db/client';
import { config } from '@/server/config';
import { log } from '@/server/log';
import { onShutdown } from '@/server/lifecycle';
import { faultContext, isDatabaseUnavailable } from '@/server/db/faults';
import { getMailer } from '@/server/mail/instance';
import { paymentProvider } from '@/server/payments/instance';
import { releaseAbandonedOrders, type OrderDeps } from './order.service';

const EVERY_MS = 60_000;
let started = false;

/** The app's order deps for the sweeper: the configured provider and mailer. */
async function appDeps(getDb: () => Promise<Db>): Promise<OrderDeps> {
  const db = await getDb();
  return { db, mailer: getMailer(), shopName: config().SHOP_NAME, payments: paymentProvider(db) };
}

export function startAbandonedOrderSweeper(
  getDb: () => Promise<Db>,
  deps: (getDb: () => Promise<Db>) => Promise<OrderDeps> = appDeps,
): void {
  if (started) return;
  started = true;
  const sweep = async () => {
    try {
      const released = await releaseAbandonedOrders(await deps(getDb));
      if (released > 0) log.info('released the stock of abandoned orders', { released });
    } catch (error) {
      // A database that is down is said in one line by kind; the next sweep tries again.
      if (isDatabaseUnavailable(error)) log.warn('abandoned order sweep skipped: the database is unavailable', faultContext(error));
      else log.error('abandoned order sweep failed', { error });
    }
  };
  const timer = setInterval(sweep, EVERY_MS).unref();
  // No sweep starts on a database that is closing (docs/decisions/0015-database-faults-and-operations.md).
  onShutdown('abandoned-order sweeper', () => {
    clearInterval(timer);
    started = false;
  });
  void sweep();
}
