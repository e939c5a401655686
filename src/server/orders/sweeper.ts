// Closes card orders whose hold ended, every minute, inside the app process (the embedded
// database belongs to it): their intents are canceled, their stock comes back and the shopper
// gets one mail (docs/decisions/0013-order-holds.md). Several instances may run it: each
// release (and its mail) happens once.
import type { Db } from '@/server/db/client';
import { config } from '@/server/config';
import { log } from '@/server/log';
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

export function startAbandonedOrderSweeper(getDb: () => Promise<Db>, deps: (getDb: () => Promise<Db>) => Promise<OrderDeps> = appDeps): void {
  if (started) return;
  started = true;
  const sweep = async () => {
    try {
      const released = await releaseAbandonedOrders(await deps(getDb));
      if (released > 0) log.info('released the stock of abandoned orders', { released });
    } catch (error) {
      log.error('abandoned order sweep failed', { error });
    }
  };
  setInterval(sweep, EVERY_MS).unref();
  void sweep();
}
