// The health check's database probe (docs/decisions/0015-database-faults-and-operations.md): it
// reads a real table, so "healthy" means the shop's data can be served, not merely that a server
// answers `select 1`.
import { sql } from 'drizzle-orm';
import { log } from '@/server/log';
import type { Db } from './client';
import { faultContext } from './faults';

/** A load balancer's probe gives up after a few seconds: answer before it does. */
export const HEALTH_DEADLINE_MS = 3_000;

export async function checkDatabase(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('health check deadline passed'), { code: 'ETIMEDOUT' })), HEALTH_DEADLINE_MS);
  });
  try {
    await Promise.race([db.execute(sql`select id from products limit 1`), deadline]);
    return true;
  } catch (error) {
    log.warn('health check: the database cannot be read', faultContext(error));
    return false;
  } finally {
    clearTimeout(timer);
  }
}
