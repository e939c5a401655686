// The process's route caches, reachable from outside a request (docs/decisions/0037-route-cache.md#invalidation):
// a service that changed what pages show invalidates here. The registry lives on globalThis under
// a registered symbol because the pages' bundle and the background jobs' bundle
// (dist/server/jobs.mjs) each load their own copy of this module, like server/lifecycle.ts.
import { randomUUID } from 'node:crypto';

export interface LocalCache {
  invalidate(options: { tags: string[] }): Promise<void>;
}

interface Registry {
  caches: Set<LocalCache>;
  /** This process's name on the invalidation channel: it skips its own notifications. */
  instanceId: string;
  /** Tags invalidated so far, per tag (tests and the benchmark read it). */
  counts: Map<string, number>;
  /**
   * The invalidation channel (./listener.ts): null where none is needed (PGlite, one process);
   * with PostgreSQL false until LISTEN is in place and while it is down: then nothing is served
   * from the cache or stored in it, since another instance's change could go unnoticed.
   */
  channelUp: boolean | null;
}

const KEY = Symbol.for('safe-buddy.route-cache');

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  holder[KEY] ??= { caches: new Set(), instanceId: randomUUID(), counts: new Map(), channelUp: null };
  return holder[KEY];
}

export function registerLocalCache(cache: LocalCache): void {
  registry().caches.add(cache);
}

export function instanceId(): string {
  return registry().instanceId;
}

/** Drops this process's cached answers that carry any of `tags`. */
export async function invalidateLocal(tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  const { caches, counts } = registry();
  for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  await Promise.all([...caches].map((cache) => cache.invalidate({ tags: [...tags] })));
}

/** How often each tag was invalidated in this process. */
export function invalidationCounts(): ReadonlyMap<string, number> {
  return registry().counts;
}

/** Whether cached answers may be served and stored now (the invalidation channel is up, or none is needed). */
export function cacheUsable(): boolean {
  return registry().channelUp !== false;
}

export function setChannelUp(up: boolean): void {
  registry().channelUp = up;
}
