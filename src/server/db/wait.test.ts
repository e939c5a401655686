import { describe, expect, it } from 'vitest';
import { describeDatabase, retryDelay, waitForDatabase, DatabaseNotReadyError, MAX_RETRY_MS } from './wait';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });

describe('waiting for the database at start', () => {
  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(retryDelay(40)).toBe(MAX_RETRY_MS);
  });

  it('names host, port and database, never the user or password', () => {
    expect(describeDatabase('postgres://shop:very-secret@db.internal:6432/shop', '/data/pglite')).toBe('db.internal:6432/shop');
    expect(describeDatabase('postgres://shop:very-secret@db.internal/shop', '/data/pglite')).toBe('db.internal:5432/shop');
    expect(describeDatabase('postgres://shop:very-secret@localhost/shop?host=/var/run/postgresql', '/data/pglite')).toBe(
      '/var/run/postgresql/.s.PGSQL.5432/shop',
    );
    expect(describeDatabase(undefined, '/data/pglite')).toBe('PGlite in /data/pglite');
  });

  it('retries while the database is unavailable, one line per attempt, and goes on once it answers', async () => {
    const lines: string[] = [];
    const slept: number[] = [];
    let tries = 0;
    await waitForDatabase(
      async () => {
        tries += 1;
        if (tries < 4) throw refused();
      },
      { target: 'db:5432/shop', maxWaitMs: 60_000, log: (line) => lines.push(line), sleep: async (ms) => void slept.push(ms) },
    );
    expect(tries).toBe(4);
    expect(slept).toEqual([500, 1000, 2000]);
    expect(lines).toEqual([
      'waiting for the database at db:5432/shop (attempt 1, next in 0.5 s)',
      'waiting for the database at db:5432/shop (attempt 2, next in 1 s)',
      'waiting for the database at db:5432/shop (attempt 3, next in 2 s)',
    ]);
  });

  it('gives up with one clear error once the total wait would pass the limit', async () => {
    const lines: string[] = [];
    const waiting = waitForDatabase(
      async () => {
        throw refused();
      },
      { target: 'db:5432/shop', maxWaitMs: 4_000, log: (line) => lines.push(line), sleep: async () => {} },
    );
    await expect(waiting).rejects.toThrow(DatabaseNotReadyError);
    await expect(waiting).rejects.toThrow(/the database at db:5432\/shop did not answer after 4 attempts in 4 s \(network\): giving up/);
    expect(lines).toHaveLength(3);
  });

  it('does not wait for an error that time will not fix (a wrong password)', async () => {
    const wrongPassword = Object.assign(new Error('password authentication failed for user "shop"'), { code: '28P01' });
    let tries = 0;
    const waiting = waitForDatabase(
      async () => {
        tries += 1;
        throw wrongPassword;
      },
      { target: 'db', maxWaitMs: 60_000, log: () => {}, sleep: async () => {} },
    );
    await expect(waiting).rejects.toBe(wrongPassword);
    expect(tries).toBe(1);
  });
});
