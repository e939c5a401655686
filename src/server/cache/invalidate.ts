// The one way a change reaches the route cache (docs/decisions/0037-route-cache.md#invalidation):
// called after the change's transaction committed (never for one rolled back), it drops this
// process's cached answers with any of the tags at once, then NOTIFYs the other instances
// (./listener.ts). A failed notification is logged and does not fail the change: the other
// instances' copies then live until their time to live ends.
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { log } from '@/server/log';
import { ALL_TAG } from './tags';
import { instanceId, invalidateLocal } from './registry';
import { INVALIDATION_CHANNEL, type InvalidationMessage } from './listener';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: a longer list drops everything. */
const MAX_PAYLOAD_BYTES = 7_000;

export async function invalidate(db: Db, tags: Iterable<string>): Promise<void> {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  await invalidateLocal(unique);
  await notifyOthers(db, unique);
}

/** The next NOTIFY of a database handle: the tags gathered for it, and when it has been sent. */
interface NextNotification {
  tags: Set<string>;
  sent: Promise<void>;
}
const nextNotification = new WeakMap<Db, NextNotification>();
const notifying = new WeakMap<Db, Promise<void>>();

/**
 * One NOTIFY at a time per database handle: the tags of the changes that commit while one is on
 * its way go together in the next, so 50 orders placed at once send a few notifications rather
 * than 50 round trips (docs/decisions/0040-mail-outbox.md#checkout-under-load). Resolves once
 * the tags were sent (or the failure logged).
 */
function notifyOthers(db: Db, tags: readonly string[]): Promise<void> {
  let next = nextNotification.get(db);
  if (!next) {
    const gathered = new Set<string>();
    const sent = (notifying.get(db) ?? Promise.resolve()).then(async () => {
      // From here on, tags go to the notification after this one.
      nextNotification.delete(db);
      const sending = sendNotification(db, [...gathered]);
      notifying.set(db, sending);
      await sending;
      if (notifying.get(db) === sending) notifying.delete(db);
    });
    next = { tags: gathered, sent };
    nextNotification.set(db, next);
  }
  for (const tag of tags) next.tags.add(tag);
  return next.sent;
}

async function sendNotification(db: Db, tags: string[]): Promise<void> {
  let message: InvalidationMessage = { from: instanceId(), tags };
  if (Buffer.byteLength(JSON.stringify(message)) > MAX_PAYLOAD_BYTES) message = { from: instanceId(), tags: [ALL_TAG] };
  try {
    await db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${JSON.stringify(message)})`);
  } catch (error) {
    log.warn('route cache: could not notify the other instances', { tags: tags.length, error });
  }
}

/** The tags each open catalog transaction has touched, invalidated once it commits. */
const pending = new WeakMap<object, Set<string>>();

/**
 * A transaction whose changes may alter cached answers (docs/decisions/0037-route-cache.md#invalidation):
 * the functions that change stock, sales, prices or ratings `touch` its tags inside it, and they
 * are invalidated after it commits; a transaction that rolls back invalidates nothing.
 */
export async function catalogTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const tags = new Set<string>();
  const result = await db.transaction(async (tx) => {
    pending.set(tx, tags);
    return work(tx as unknown as Db);
  });
  await invalidate(db, tags);
  return result;
}

/**
 * Notes, inside a transaction, what it changes for the route cache. Outside a catalogTransaction
 * (a change made without one) the tags are invalidated at once, and a warning names the gap: a
 * render between that moment and the commit could keep the old data until its time to live ends.
 */
export function touch(tx: Db, tags: Iterable<string>): void {
  const open = pending.get(tx);
  if (open) {
    for (const tag of tags) open.add(tag);
    return;
  }
  log.warn('route cache: a change outside a catalog transaction, invalidated before its commit', { tags: [...tags].slice(0, 5) });
  void invalidate(tx, tags);
}
