// An order placed before a backup exists after the restore, on both engines (docs/operations.md).
// PGlite always; PostgreSQL (pg_dump/pg_restore) when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';
import { openDatabase } from './client';
import { orderLines, orders } from './schema/orders';
import { backupDatabase, restoreDatabase, BackupError } from './backup';
import { placeOrder } from '@/server/orders/order.service';
import { insertProduct } from '../../../tests/factories';
import { orderDeps, putInCart, shopper } from '../../../tests/checkout';
import { freshDatabase } from '../../../tests/db';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A cash order for two units of a new product; answers what must survive. */
async function placeAnOrder(db: Db) {
  const product = await insertProduct(db, { quantity: 5 });
  const s = await shopper(db);
  await putInCart(db, s.user.id, product.id, 2);
  const { order } = await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' });
  return { id: order.id, grandTotal: order.grandTotal, productId: product.id };
}

async function theOrder(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id));
  return { grandTotal: order?.grandTotal, lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })) };
}

describe('PGlite: backup with dumpDataDir, restore with loadDataDir', () => {
  it('keeps an order placed before the backup', { timeout: 120_000 }, async () => {
    const dataDir = path.join(scratch, 'pglite');
    const original = await openDatabase({ dataDir });
    await original.migrate();
    const placed = await placeAnOrder(original.db);
    await original.close();

    const file = path.join(scratch, 'shop.tar.gz');
    expect(await backupDatabase({ dataDir }, file)).toBeGreaterThan(0);

    const restoredDir = path.join(scratch, 'restored');
    await restoreDatabase({ dataDir: restoredDir }, file);
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      expect(await theOrder(restored.db, placed.id)).toEqual({
        grandTotal: placed.grandTotal,
        lines: [{ productId: placed.productId, quantity: 2 }],
      });
    } finally {
      await restored.close();
    }

    // A folder that holds a database is never overwritten by accident, and kept aside on request.
    await expect(restoreDatabase({ dataDir: restoredDir }, file)).rejects.toThrow(/already holds a database/);
    const { keptAside } = await restoreDatabase({ dataDir: restoredDir }, file, { replace: true });
    expect(keptAside && fs.existsSync(path.join(keptAside, 'PG_VERSION'))).toBe(true);
  });

  it('refuses a file of the other engine', async () => {
    const file = path.join(scratch, 'not-a-tarball.dump');
    fs.writeFileSync(file, 'PGDMP...');
    await expect(restoreDatabase({ dataDir: path.join(scratch, 'other') }, file)).rejects.toThrow(BackupError);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: backup with pg_dump -Fc, restore with pg_restore', () => {
  const admin = process.env.TEST_DATABASE_URL!;
  const target = `shop_restore_${Date.now().toString(36)}`;
  const targetUrl = () => Object.assign(new URL(admin), { pathname: `/${target}` }).toString();
  async function adminQuery(text: string) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }
  afterAll(() => adminQuery(`drop database if exists "${target}" with (force)`));

  it('keeps an order placed before the backup, restored into a new database', { timeout: 120_000 }, async () => {
    const source = await freshDatabase();
    let placed: Awaited<ReturnType<typeof placeAnOrder>>;
    const file = path.join(scratch, 'shop.dump');
    try {
      placed = await placeAnOrder(source.db);
      const name = ((await source.db.execute('select current_database() as name')) as unknown as { rows: { name: string }[] }).rows[0]!
        .name;
      await backupDatabase({ url: Object.assign(new URL(admin), { pathname: `/${name}` }).toString(), dataDir: scratch }, file);
    } finally {
      await source.dispose();
    }
    await adminQuery(`create database "${target}"`);
    await restoreDatabase({ url: targetUrl(), dataDir: scratch }, file);
    const restored = await openDatabase({ url: targetUrl() });
    try {
      expect(await theOrder(restored.db, placed.id)).toEqual({
        grandTotal: placed.grandTotal,
        lines: [{ productId: placed.productId, quantity: 2 }],
      });
    } finally {
      await restored.close();
    }
  });
});
