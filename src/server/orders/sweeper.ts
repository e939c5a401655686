// Gives back the stock of abandoned online orders every minute, inside the app process (the
// embedded database belongs to it). Several instances may run it: each release happens once.
import type { Db } from '@/server/db/client';
import { log } from '@/server/log';
import { onShutdown } from '@/server/lifecycle';
import { faultContext, isDatabaseUnavailable } from '@/server/db/faults';
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
