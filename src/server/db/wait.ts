// `npm start` waits for a database that is not up yet (a container starting beside the shop, a
// restart) instead of exiting with a stack trace: it tries again with exponential backoff, says
// so in one line per attempt, and gives up with one clear line after a total wait
// (docs/decisions/0015-database-faults-and-operations.md).
import { databaseFaultKind } from './faults';

/** The first retry comes after half a second, then twice as long each time, never more than 8 s apart. */
export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 8_000;

export class DatabaseNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseNotReadyError';
  }
}

/** Where the database is, for logs: host, port and database of a URL, never its user or password. */
export function describeDatabase(url: string | undefined, dataDir: string): string {
  if (!url) return `PGlite in ${dataDir}`;
  try {
    const parsed = new URL(url);
    // `?host=/var/run/postgresql`: pg connects through the Unix socket in that folder (docs/operations.md).
    const socketDir = parsed.searchParams.get('host');
    if (socketDir?.startsWith('/')) return `${socketDir}/.s.PGSQL.${parsed.port || '5432'}${parsed.pathname}`;
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured DATABASE_URL';
  }
}

export function retryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_MS);
}

export interface WaitOptions {
  /** Where, for the log lines (see describeDatabase). */
  target: string;
  /** Give up when the next try would start later than this after the first. */
  maxWaitMs: number;
  log: (line: string, context: Record<string, unknown>) => void;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs `probe` until it succeeds. An error that says the database is unavailable is retried;
 * any other (a wrong password, a broken migration) is not. Gives up with DatabaseNotReadyError.
 */
export async function waitForDatabase(
  probe: () => Promise<void>,
  { target, maxWaitMs, log, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: WaitOptions,
): Promise<void> {
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    const tried = performance.now();
    try {
      await probe();
      return;
    } catch (error) {
      waited += performance.now() - tried;
      const fault = databaseFaultKind(error);
      if (!fault) throw error;
      const delay = retryDelay(attempt);
      if (waited + delay > maxWaitMs) {
        throw new DatabaseNotReadyError(
          `the database at ${target} did not answer after ${attempt} attempts in ${Math.round(waited / 1000)} s (${fault}): giving up`,
        );
      }
      log(`waiting for the database at ${target} (attempt ${attempt}, next in ${formatSeconds(delay)})`, { attempt, fault });
      await sleep(delay);
      waited += delay;
    }
  }
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
