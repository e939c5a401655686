// Invalidations across instances (docs/decisions/0037-route-cache.md#several-instances): with
// PostgreSQL every instance LISTENs on one channel over a dedicated connection, and
// `invalidate` (./invalidate.ts) NOTIFYs the tags there. A connection that drops is opened again
// with backoff, and each (re)connection drops this instance's whole cache: it may have missed
// notifications meanwhile. PGlite is one process: invalidation is local only, nothing listens.
import pg from 'pg';
import { config } from '@/server/config';
import { log } from '@/server/log';
import { onShutdown } from '@/server/lifecycle';
import { ALL_TAG } from './tags';
import { instanceId, invalidateLocal, setChannelUp } from './registry';

export const INVALIDATION_CHANNEL = 'route_cache_invalidation';
/** The listening connection's name in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'safe-buddy-route-cache';

/** What travels on the channel: the sender (it skips its own) and the tags. */
export interface InvalidationMessage {
  from: string;
  tags: string[];
}

export function parseInvalidation(payload: string | undefined): InvalidationMessage | null {
  try {
    const value = JSON.parse(payload ?? '') as Partial<InvalidationMessage>;
    if (typeof value.from !== 'string' || !Array.isArray(value.tags) || !value.tags.every((t) => typeof t === 'string')) return null;
    return { from: value.from, tags: value.tags };
  } catch {
    return null;
  }
}

/** How often the listening connection proves it is alive (a half-open TCP connection says nothing). */
const HEARTBEAT_MS = 15_000;
const MAX_BACKOFF_MS = 30_000;

export interface Listener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** Listens on `url`; `onMessage` gets every other instance's tags, `onConnected` every (re)connection. */
export function listenForInvalidations(
  url: string,
  handlers: {
    onMessage: (tags: string[]) => Promise<void> | void;
    onConnected: () => Promise<void> | void;
    onLost?: () => void;
  },
): Listener {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const dropped = (current: pg.Client, error?: unknown) => {
    if (client !== current) return;
    client = null;
    handlers.onLost?.();
    clearInterval(heartbeat);
    void current.end().catch(() => {});
    if (stopped) return;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(attempt, 6));
    attempt += 1;
    log.warn('route cache: invalidation channel lost, reconnecting', { delayMs: delay, error });
    retry = setTimeout(connect, delay);
    retry.unref();
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const current = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client = current;
    current.on('error', (error) => dropped(current, error));
    current.on('end', () => dropped(current));
    current.on('notification', (message) => {
      if (message.channel !== INVALIDATION_CHANNEL) return;
      void Promise.resolve(handlers.onMessage(parseTags(message.payload))).catch((error) =>
        log.error('route cache: invalidation failed', { error }),
      );
    });
    try {
      await current.connect();
      await current.query(`listen ${INVALIDATION_CHANNEL}`);
      attempt = 0;
      // Whatever happened while nobody listened is unknown: start from an empty cache.
      await handlers.onConnected();
      markReady();
      heartbeat = setInterval(() => {
        current.query('select 1').catch((error: unknown) => dropped(current, error));
      }, HEARTBEAT_MS);
      heartbeat.unref();
    } catch (error) {
      dropped(current, error);
    }
  }

  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

function parseTags(payload: string | undefined): string[] {
  const message = parseInvalidation(payload);
  if (!message) return [ALL_TAG];
  return message.from === instanceId() ? [] : message.tags;
}

const KEY = Symbol.for('safe-buddy.route-cache-listener');

/**
 * Starts this process's listener once, when PostgreSQL is configured (with the background jobs,
 * and by the cache provider); it stops on shutdown. Until LISTEN is in place, and while the
 * connection is down, the cache is bypassed (./registry.ts).
 */
export function startInvalidationListener(url: string | undefined = config().DATABASE_URL): void {
  const holder = globalThis as { [KEY]?: Listener };
  if (!url || holder[KEY]) return;
  setChannelUp(false);
  const listener = listenForInvalidations(url, {
    onMessage: (tags) => invalidateLocal(tags),
    onConnected: async () => {
      await invalidateLocal([ALL_TAG]);
      setChannelUp(true);
    },
    onLost: () => setChannelUp(false),
  });
  holder[KEY] = listener;
  onShutdown('route cache listener', () => listener.stop(), 5);
}
