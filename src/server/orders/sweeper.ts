// Gives back the stock of abandoned online orders every minute, inside the app process (the
// embedded database belongs to it). Several instances may run it: each release happens once.
import type { Db } from '@/server/db/client';
import { log } from '@/server/log';
import { releaseAbandonedOrders } from './order.service';

const EVERY_MS = 60_000;
let started = false;

export function startAbandonedOrderSweeper(getDb: () => Promise<Db>): void {
  if (started) return;
  started = true;
  const sweep = async () => {
    try {
      const released = await releaseAbandonedOrders(await getDb());
      if (released > 0) log.info('released the stock of abandoned orders', { released });
    } catch (error) {
      log.error('abandoned order sweep failed', { error });
    }
  };
  setInterval(sweep, EVERY_MS).unref();
  void sweep();
}
