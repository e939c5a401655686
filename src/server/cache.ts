// A small per-database, time-limited memo for expensive catalog aggregates. Process memory holds
// caches only (docs/decisions/0022-one-instance-or-many.md): every instance may compute its own copy, and a value is at most `ttlMs` old.
import type { Db } from '@/server/db/client';

export interface MemoOptions<T> {
  ttlMs: number;
  maxEntries: number;
  /** Only values worth keeping are kept (e.g. counts over large catalogs); small ones stay exact. */
  keepIf: (value: T) => boolean;
}

export function createMemo<T>(options: MemoOptions<T>) {
  let stores = new WeakMap<Db, Map<string, { value: T; expires: number }>>();
  const memo = async function memo(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
    let store = stores.get(db);
    if (!store) stores.set(db, (store = new Map()));
    const hit = store.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = await compute();
    if (options.keepIf(value)) {
      if (store.size >= options.maxEntries) store.delete(store.keys().next().value!);
      store.set(key, { value, expires: Date.now() + options.ttlMs });
    }
    return value;
  };
  /** Drops every kept value (a change made them stale, e.g. a category renamed by staff). */
  const forget = () => {
    stores = new WeakMap();
  };
  return Object.assign(memo, { forget });
}
