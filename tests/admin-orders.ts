// Orders straight into the database for the back office's list and dashboard tests: a customer,
// an address snapshot and lines, every column overridable.
import type { Db } from '@/server/db/client';
import { orderLines, orders } from '@/server/db/schema/orders';
import { fils } from '@/domain/money';
import type { AddressSnapshot } from '@/server/orders/order.service';
import type { UserRow } from './accounts';

export type OrderRow = typeof orders.$inferSelect;

export interface OrderOverrides extends Partial<Omit<typeof orders.$inferInsert, 'userId' | 'shippingAddress'>> {
  address?: Partial<AddressSnapshot>;
  /** [name, quantity, line total in fils] per line; one line by default. */
  lines?: [string, number, number][];
}

export async function insertOrder(db: Db, user: Pick<UserRow, 'id' | 'name'>, overrides: OrderOverrides = {}): Promise<OrderRow> {
  const { address, lines = [['Fire Safe 40L', 1, 1_050_00]], ...columns } = overrides;
  const grandTotal = columns.grandTotal ?? fils(lines.reduce((sum, [, , total]) => sum + total, 0));
  const [row] = await db
    .insert(orders)
    .values({
      userId: user.id,
      shippingAddress: {
        name: user.name,
        phone: '0501234567',
        address_type: 'Home',
        flat_building: 'Villa 1',
        address: 'Street 1',
        locality: 'Al Barsha',
        land_mark: 'Mall',
        city: 'Dubai',
        state: 'Dubai',
        pincode: '12345',
        ...address,
      } satisfies AddressSnapshot,
      subTotal: fils(Math.round(grandTotal / 1.05)),
      taxAmount: fils(grandTotal - Math.round(grandTotal / 1.05)),
      grandTotal,
      paymentType: 'cash_on_delivery',
      ...columns,
    })
    .returning();
  await db.insert(orderLines).values(
    lines.map(([name, quantity, lineTotal], i) => ({
      orderId: row!.id,
      name,
      sku: `SKU-${row!.id}-${i}`,
      thumbnailImgLink: '/images/products/p1.webp',
      unitPrice: fils(Math.round(lineTotal / quantity)),
      quantity,
      lineTotal: fils(lineTotal),
    })),
  );
  return row!;
}
