// A small bounded pool for password hashing (docs/decisions/0012-account-hardening.md): each
// scrypt hash takes ~128 MiB and a few hundred milliseconds, so a flood of requests that hash
// could exhaust memory and make a real sign-in wait behind it. At most `concurrency` hashes run
// at once; one slot is kept for sign-ins (priority lane), which are also taken first; each lane
// has a bounded waiting list, and beyond it the caller is refused at once with 503.
import { DomainError } from '@/server/errors';
import { accountMessages as t } from '@/domain/messages/accounts';

export type HashLane = 'priority' | 'normal';

export interface HashPoolOptions {
  /** Hashes running at once, all lanes together. */
  concurrency: number;
  /** Slots the normal lane may use: fewer than `concurrency` keeps one free for sign-ins. */
  normalConcurrency: number;
  /** Callers that may wait, per lane; one more is refused. */
  maxWaiting: Record<HashLane, number>;
}

/** The pool is full: 503 with Retry-After, answered before any work is done. */
export class HashPoolBusyError extends DomainError {
  readonly retryAfterSeconds = HASH_BUSY_RETRY_SECONDS;
  constructor() {
    super(t.serverBusy, 503);
  }
}

export const HASH_BUSY_RETRY_SECONDS = 5;

// Two hashes at once (~256 MiB) on a 2-core machine; the normal lane (registration, reset,
// password change) gets one of them, so sign-ins always have one. Waiting lists are short: a
// hash takes ~0.3 s, so 4 waiting means about a second and a half; sign-ins are rate-limited
// per address and e-mail already and may queue more.
export const PASSWORD_HASH_POOL: HashPoolOptions = { concurrency: 2, normalConcurrency: 1, maxWaiting: { priority: 16, normal: 4 } };

interface Waiting {
  start: () => void;
}

export interface HashPool {
  run<T>(lane: HashLane, work: () => Promise<T>): Promise<T>;
  /** Counters for tests and benchmarks: work started, refused, running and the most ever running. */
  stats(): { started: number; refused: number; running: number; maxRunning: number; waiting: Record<HashLane, number> };
}

export function createHashPool(options: HashPoolOptions): HashPool {
  const queues: Record<HashLane, Waiting[]> = { priority: [], normal: [] };
  const running: Record<HashLane, number> = { priority: 0, normal: 0 };
  let started = 0;
  let refused = 0;
  let maxRunning = 0;
  const total = () => running.priority + running.normal;
  const canStart = (lane: HashLane) => total() < options.concurrency && (lane === 'priority' || running.normal < options.normalConcurrency);

  function next(): void {
    for (const lane of ['priority', 'normal'] as const) {
      while (queues[lane].length > 0 && canStart(lane)) queues[lane].shift()!.start();
    }
  }

  function run<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        running[lane] += 1;
        started += 1;
        maxRunning = Math.max(maxRunning, total());
        work()
          .then(resolve, reject)
          .finally(() => {
            running[lane] -= 1;
            next();
          });
      };
      if (canStart(lane) && queues[lane].length === 0) return start();
      if (queues[lane].length >= options.maxWaiting[lane]) {
        refused += 1;
        return reject(new HashPoolBusyError());
      }
      queues[lane].push({ start });
    });
  }

  return {
    run,
    stats: () => ({
      started,
      refused,
      running: total(),
      maxRunning,
      waiting: { priority: queues.priority.length, normal: queues.normal.length },
    }),
  };
}

/** The one pool every password hash and check of this process goes through. */
export const passwordHashPool = createHashPool(PASSWORD_HASH_POOL);
