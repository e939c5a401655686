// The staff's order page (docs/decisions/0034-running-orders.md): each example makes its own cash
// order (delivered first where the action needs it) and calls as the world's admin.
import type { Contract } from '@/domain/api/index';
import { placeOrder } from '@/server/orders/order.service';
import { changeStatus } from '@/server/admin-orders/order-admin.service';
import { orderDeps, putInCart, shopper } from '../checkout';
import { insertProduct } from '../factories';
import type { Examples, World } from './world';

async function cashOrder({ db }: World) {
  const s = await shopper(db);
  const product = await insertProduct(db);
  await putInCart(db, s.user.id, product.id, 2);
  const { order } = await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' });
  return order;
}

async function deliveredOrder(world: World) {
  const order = await cashOrder(world);
  const deps = { db: world.db, mailer: world.mailer, shopName: 'Safe Buddy', siteUrl: 'http://localhost:4321', payments: null };
  let view = await changeStatus(deps, world.admin.staff, order.id, { to: 'shipped', version: order.version });
  view = await changeStatus(deps, world.admin.staff, order.id, { to: 'ontheway', version: view.order.version });
  view = await changeStatus(deps, world.admin.staff, order.id, { to: 'delivered', version: view.order.version });
  return view;
}

export const adminOrdersExamples: Examples<Contract['adminOrders']> = {
  get: async (world) => ({ params: { id: (await cashOrder(world)).id }, staff: world.admin }),
  status: async (world) => {
    const order = await cashOrder(world);
    return { params: { id: order.id }, body: { to: 'shipped', version: order.version, note: 'Packed today' }, staff: world.admin };
  },
  refund: async (world) => {
    const view = await deliveredOrder(world);
    return {
      params: { id: view.order.id },
      body: { version: view.order.version, lines: [{ line_id: view.lines[0]!.id, quantity: 1 }] },
      staff: world.admin,
    };
  },
  note: async (world) => {
    const order = await cashOrder(world);
    return { params: { id: order.id }, body: { version: order.version, note: 'We call before we come' }, staff: world.admin };
  },
  expectedDate: async (world) => {
    const order = await cashOrder(world);
    return { params: { id: order.id }, body: { version: order.version, expected_date: '2099-02-03' }, staff: world.admin };
  },
};
