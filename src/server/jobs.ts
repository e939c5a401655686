// The background jobs, started with the server and never by a request
// (docs/decisions/0023-composition-root.md): scripts/server.ts starts them for the built shop (this
// module is built as dist/server/jobs.mjs, sharing its modules with the pages and the API), and
// the dev server's integration in astro.config.ts for `astro dev`. Each stops on shutdown
// (server/lifecycle.ts).
import { app, type App } from './app';
import { log } from './log';
import { startAbandonedOrderSweeper } from './orders/sweeper';
import { startProcessOutboxSender } from './mail/outbox';
import { startInvalidationListener } from './cache/listener';
import { warmBuiltStatements } from './db/built-once';

export function startBackgroundJobs(application: App = app()): void {
  // PostgreSQL: the pool's connections are opened now, not by the first burst of requests
  // (docs/decisions/0040-mail-outbox.md#checkout-under-load), and the statements built once are run
  // on each (#built-once); a failure here is the requests' to report.
  void application
    .database()
    .then((handle) => handle.warm?.(warmBuiltStatements))
    .catch((error: unknown) => log.warn('could not open the database connections at start', { error }));
  startAbandonedOrderSweeper(async () => application.orderDeps(await application.db()));
  // The mail outbox's sender (docs/decisions/0040-mail-outbox.md): woken after each commit that queued a mail, and polling.
  startProcessOutboxSender(() => application.db(), application.mailer);
  // With PostgreSQL, the route cache hears the other instances' invalidations (docs/decisions/0037-route-cache.md#several-instances).
  startInvalidationListener(application.config.DATABASE_URL);
  log.info('background jobs started', { jobs: ['abandoned-order sweeper', 'mail outbox sender', 'route cache invalidations'] });
}
