// The process's route caches, reachable from outside a request (docs/decisions/0037-route-cache.md#invalidation):
// a service that changed what pages show invalidates here. The registry lives on globalThis under
// a registered symbol because the pages' bundle and the background jobs' bundle
// (dist/server/jobs.mjs) each load their own copy of this module, like server/lifecycle.ts.
import { randomUUID } from 'node:crypto';
import { ALL_TAG } from './tags';
import type { FrontDoor } from './front-door';

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
  /** Invalidations so far, and the latest ones with their tags (a render that overlapped one is not stored). */
  sequence: number;
  recent: { sequence: number; tags: Set<string> }[];
  /** The provider's fresh answers, kept encoded for scripts/server.ts (./front-door.ts). */
  front: FrontDoor | null;
  /** What else this process keeps from the database and drops with the cache (the catalog's counts). */
  listeners: Set<(tags: readonly string[]) => void>;
}

/** How many recent invalidations are remembered; a render older than all of them is not stored. */
const RECENT_INVALIDATIONS = 1000;

const KEY = Symbol.for('safe-buddy.route-cache');

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  holder[KEY] ??= {
    caches: new Set(),
    instanceId: randomUUID(),
    counts: new Map(),
    channelUp: null,
    sequence: 0,
    recent: [],
    front: null,
    listeners: new Set(),
  };
  return holder[KEY];
}

export function registerLocalCache(cache: LocalCache): void {
  registry().caches.add(cache);
}

export function instanceId(): string {
  return registry().instanceId;
}

/**
 * Calls `listener` with the tags of every invalidation in this process (its own changes and, by
 * NOTIFY, the other instances'): for data kept outside the route cache that the same changes
 * make stale (src/server/catalog/catalog-counts.ts).
 */
export function onLocalInvalidation(listener: (tags: readonly string[]) => void): void {
  registry().listeners.add(listener);
}

/** Drops this process's cached answers that carry any of `tags`. */
export async function invalidateLocal(tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  const current = registry();
  for (const listener of current.listeners) listener(tags);
  const { caches, counts } = current;
  for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  current.sequence += 1;
  current.recent.push({ sequence: current.sequence, tags: new Set(tags) });
  if (current.recent.length > RECENT_INVALIDATIONS) current.recent.splice(0, current.recent.length - RECENT_INVALIDATIONS);
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

/** The invalidations so far: taken when a render starts. */
export function invalidationMark(): number {
  return registry().sequence;
}

/**
 * Whether an invalidation since `mark` named one of `tags` (or `all`): a render that started
 * before it may have read the old data, so its answer must not be stored.
 */
export function invalidatedSince(mark: number, tags: readonly string[]): boolean {
  const { sequence, recent } = registry();
  if (sequence === mark) return false;
  if (recent.length === 0 || recent[0]!.sequence > mark + 1) return true;
  return recent.some((entry) => entry.sequence > mark && (entry.tags.has(ALL_TAG) || tags.some((tag) => entry.tags.has(tag))));
}

export function setFrontDoor(front: FrontDoor): void {
  registry().front = front;
}

/** The front door, while cached answers may be served (null before the provider starts, or while the channel is down). */
export function usableFrontDoor(): FrontDoor | null {
  const current = registry();
  return current.channelUp === false ? null : current.front;
}
