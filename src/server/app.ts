// The composition root (docs/decisions/0023-composition-root.md): the configuration, the database,
// the mailer, the card payment provider and the clock are built here, once per process, and reach
// the pages (Astro.locals.app, set by the middleware), the API (apiDeps in server/api/deps.ts) and
// the background jobs (server/jobs.ts) from here. Nothing else reads the environment or opens a
// connection of its own; tests build their own App with createApp and the parts they replace.
import path from 'node:path';
import type { BlockList } from 'node:net';
import { config as readConfig, type Config } from '@/server/config';
import { onShutdown } from '@/server/lifecycle';
import { trustedProxies } from '@/server/client-address';
import { openDatabase, type DatabaseHandle, type Db } from '@/server/db/client';
import { createMailer, type Mailer } from '@/server/mail/mailer';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import { createStripeProvider, type StripeOptions } from '@/server/payments/stripe.provider';
import { createTestProvider } from '@/server/payments/test.provider';
import type { OrderDeps } from '@/server/orders/order.service';
import { photoStoreOf, type PhotoStore } from '@/server/uploads/photo-store';
import { invoiceSettingsOf, type InvoiceSettings } from '@/server/invoices/invoice-settings';

/** Where services read the time (order holds, the sweeper): one clock, replaceable in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface App {
  readonly config: Config;
  /** The database handle, opened on first use; a PGlite that failed to open is tried again by the next call. */
  database(): Promise<DatabaseHandle>;
  db(): Promise<Db>;
  readonly mailer: Mailer;
  /** Stripe's keys, or null: no keys (the test payment page outside production, card payment off in production). */
  readonly stripe: StripeOptions | null;
  /**
   * The card payment provider (docs/decisions/0013-order-holds.md): Stripe with keys (one client for
   * the process); without them the built-in test payment page's provider over `db` outside
   * production; null in production without keys (card payment is off, and says so).
   */
  payments(db: Db): PaymentProvider | null;
  readonly clock: Clock;
  /** Where product photos' files live: DATA_DIR or the S3 bucket (docs/decisions/0046-product-photos.md). */
  readonly photoStore: PhotoStore;
  /** The reverse proxies whose X-Forwarded-For is believed (docs/decisions/0014-client-address-and-sliding-limits.md). */
  readonly trustedProxies: BlockList;
  /** The public site's origin (SITE_URL), which may send state-changing API requests. */
  readonly siteOrigin: string;
  /** The shop as the supplier on its tax invoices; null without SHOP_TRN (docs/decisions/0051-tax-invoices.md). */
  readonly invoicing: InvoiceSettings | null;
  /** What the order service needs: the database given, the mailer, the shop's name, the provider and the clock. */
  orderDeps(db: Db): OrderDeps;
  /** Closes the database (if it was opened); the shutdown hooks call it last. */
  close(): Promise<void>;
}

/** How each part is made: the real factories by default; tests replace some to count or fake them. */
export interface AppFactories {
  openDatabase(config: Config): Promise<DatabaseHandle>;
  createMailer(config: Config): Mailer;
  createStripe(options: StripeOptions): PaymentProvider;
  createTestPayments(db: Db): PaymentProvider;
  clock: Clock;
}

export const defaultFactories: AppFactories = {
  openDatabase: (c) =>
    openDatabase({
      url: c.DATABASE_URL,
      dataDir: path.resolve(c.DATA_DIR, 'pglite'),
      timeouts: { connectMs: c.DB_CONNECT_TIMEOUT_MS, statementMs: c.DB_STATEMENT_TIMEOUT_MS },
      keepConnections: true,
    }),
  createMailer: (c) =>
    createMailer({
      smtpUrl: c.SMTP_URL,
      from: c.MAIL_FROM,
      outboxDir: path.resolve(c.DATA_DIR, 'outbox'),
      production: c.NODE_ENV === 'production',
    }),
  createStripe: createStripeProvider,
  createTestPayments: createTestProvider,
  clock: systemClock,
};

/** Stripe's settings from the configuration; null unless both keys are set. */
export function stripeOptionsOf(c: Config): StripeOptions | null {
  if (!c.STRIPE_SECRET_KEY || !c.STRIPE_PUBLISHABLE_KEY) return null;
  return {
    secretKey: c.STRIPE_SECRET_KEY,
    publishableKey: c.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: c.STRIPE_WEBHOOK_SECRET,
    apiUrl: c.STRIPE_API_URL,
  };
}

/** Builds an App: the mailer now, the database and the Stripe client on first use, each once. */
export function createApp(config: Config, factories: Partial<AppFactories> = {}): App {
  const make: AppFactories = { ...defaultFactories, ...factories };
  const mailer = make.createMailer(config);
  const stripe = stripeOptionsOf(config);
  const production = config.NODE_ENV === 'production';
  const clock = make.clock;
  const invoicing = invoiceSettingsOf(config);
  let opening: Promise<DatabaseHandle> | undefined;
  let stripeProvider: PaymentProvider | undefined;

  const database = (): Promise<DatabaseHandle> => {
    if (!opening) {
      const attempt = make.openDatabase(config);
      opening = attempt;
      attempt.catch(() => {
        if (opening === attempt) opening = undefined;
      });
    }
    return opening;
  };

  const payments = (db: Db): PaymentProvider | null => {
    if (stripe) return (stripeProvider ??= make.createStripe(stripe));
    return production ? null : make.createTestPayments(db);
  };

  return {
    config,
    database,
    db: async () => (await database()).db,
    mailer,
    stripe,
    payments,
    clock,
    photoStore: photoStoreOf(config),
    trustedProxies: trustedProxies(config.TRUSTED_PROXIES),
    siteOrigin: new URL(config.SITE_URL).origin,
    invoicing,
    orderDeps: (db) => ({ db, mailer, shopName: config.SHOP_NAME, payments: payments(db), invoicing, now: () => clock.now() }),
    async close() {
      if (!opening) return;
      const closing = opening;
      opening = undefined;
      const handle = await closing.catch(() => undefined);
      await handle?.close();
    },
  };
}

// The process's App lives on globalThis under a registered symbol, like the shutdown hooks
// (server/lifecycle.ts): a module evaluated twice (the dev server reloading it) must not open a
// second PGlite on the same folder.
const KEY = Symbol.for('safe-buddy.app');

/** The process's App, built from the configuration on first use; its database closes on shutdown. */
export function app(): App {
  const holder = globalThis as { [KEY]?: App };
  if (!holder[KEY]) {
    const built = createApp(readConfig());
    holder[KEY] = built;
    onShutdown('database', () => built.close(), 10);
  }
  return holder[KEY];
}
