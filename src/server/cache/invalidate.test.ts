// The route cache's notifications to the other instances (docs/decisions/0037-route-cache.md#several-instances):
// one NOTIFY at a time per database, the tags of the changes that commit meanwhile gathered into the
// next (docs/decisions/0040-mail-outbox.md#checkout-under-load), and every caller answered only once
// its tags were sent.
import { describe, expect, it, vi } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import { invalidate } from './invalidate';
import { INVALIDATION_CHANNEL, type InvalidationMessage } from './listener';

const dialect = new PgDialect();

/** A database that records each NOTIFY's message and answers it after `ms`, or fails it. */
function notifyingDb(ms: number, fail = false) {
  const sent: InvalidationMessage[] = [];
  const db = {
    async execute(query: SQL) {
      const { sql, params } = dialect.sqlToQuery(query);
      expect(sql).toMatch(/^select pg_notify\(/);
      expect(params[0]).toBe(INVALIDATION_CHANNEL);
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (fail) throw Object.assign(new Error('connection lost'), { code: 'ECONNRESET' });
      sent.push(JSON.parse(String(params[1])) as InvalidationMessage);
    },
  } as unknown as Db;
  return { db, sent };
}

describe('notifying the other instances', () => {
  it('sends the changes that commit while a notification is on its way together in the next one', async () => {
    const { db, sent } = notifyingDb(30);
    const done: string[] = [];
    const call = (tag: string) => invalidate(db, [tag]).then(() => void done.push(tag));
    // Changes committed in the same turn of the event loop share the first notification.
    const calls = [call('product:1'), call('product:2')];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toHaveLength(0); // the first one is on its way
    calls.push(call('product:3'), call('product:2'), call('top-sellers'));
    await Promise.all(calls);
    expect(sent.map((m) => m.tags)).toEqual([
      ['product:1', 'product:2'],
      ['product:3', 'product:2', 'top-sellers'],
    ]);
    expect(done.sort()).toEqual(['product:1', 'product:2', 'product:2', 'product:3', 'top-sellers']);
  });

  it('answers each caller only once its own tags were sent', async () => {
    const { db, sent } = notifyingDb(20);
    void invalidate(db, ['product:7']);
    await invalidate(db, ['product:8']);
    expect(sent.flatMap((m) => m.tags)).toContain('product:8');
  });

  it('one database at a time: another handle sends its own', async () => {
    const first = notifyingDb(20);
    const second = notifyingDb(20);
    await Promise.all([invalidate(first.db, ['product:1']), invalidate(second.db, ['product:2'])]);
    expect(first.sent.map((m) => m.tags)).toEqual([['product:1']]);
    expect(second.sent.map((m) => m.tags)).toEqual([['product:2']]);
  });

  it('a failed notification is logged and fails no change; the next one goes', async () => {
    const broken = notifyingDb(5, true);
    const warnings = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(invalidate(broken.db, ['product:9'])).resolves.toBeUndefined();
      expect(warnings.mock.calls.map((c) => String(c[0])).join('\n')).toContain('could not notify the other instances');
    } finally {
      warnings.mockRestore();
    }
    const { db, sent } = notifyingDb(5);
    await invalidate(db, ['product:9']);
    expect(sent.map((m) => m.tags)).toEqual([['product:9']]);
  });
});
