// Closes card orders whose hold ended, every minute, inside the app process (the embedded
// database belongs to it): their intents are canceled, their stock comes back and the shopper
// gets one mail (docs/decisions/0013-order-holds.md). Several instances may run it: each
// release (and its mail) happens once. It starts with the server (server/jobs.ts), not with a
// request, and stops on shutdown (docs/decisions/0023-composition-root.md).
import { log } from '@/server/log';
import { onShutdown } from '@/server/lifecycle';
import { faultContext, isDatabaseUnavailable } from '@/server/db/faults';
import { releaseAbandonedOrders, type OrderDeps } from './order.service';

const EVERY_MS = 60_000;
let started = false;

/** Sweeps at once, then every minute; `deps` is asked before each sweep (the database may be down). */
export function startAbandonedOrderSweeper(deps: () => Promise<OrderDeps>): void {
  if (started) return;
  started = true;
  const sweep = async () => {
    try {
      const released = await releaseAbandonedOrders(await deps());
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
