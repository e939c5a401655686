// The catalog's products as staff edit them: called as the world's admin.
import type { Contract } from '@/domain/api/index';
import { archiveProduct } from '@/server/admin-catalog/product-admin.service';
import { insertProduct } from '../factories';
import type { Examples, World } from './world';

let sku = 0;
const form = ({ category, brand }: World) => ({
  name: 'Fire Safe FS-90',
  sku: `CONTRACT-FS-${++sku}`,
  price: '2450.00',
  discount: 5,
  weight_kg: '38',
  product_type: 'home' as const,
  category_ids: [category.id],
  brand_id: brand.id,
  description: '<p>Ninety minutes against fire.</p>',
  specifications: '<ul><li>38 kg</li></ul>',
  color: { group: 'fs-90', name: 'Black', hex: '#23262b' },
  published: true,
});

export const adminCatalogExamples: Examples<Contract['adminCatalog']> = {
  products: ({ admin }) => ({ staff: admin, query: { q: 'a', stock: 'in', sort: 'name' } }),
  product: ({ admin, product }) => ({ staff: admin, params: { id: product.id } }),
  create: (world) => ({ staff: world.admin, body: { ...form(world), quantity: 4 } }),
  update: async (world) => {
    const product = await insertProduct(world.db);
    return { staff: world.admin, params: { id: product.id }, body: { ...form(world), version: product.version } };
  },
  duplicate: ({ admin, product }) => ({ staff: admin, params: { id: product.id } }),
  archive: async ({ db, admin }) => {
    const product = await insertProduct(db);
    return { staff: admin, params: { id: product.id }, body: { version: product.version } };
  },
  restore: async ({ db, admin }) => {
    const product = await insertProduct(db);
    const archived = await archiveProduct(db, admin.staff, product.id, product.version);
    return { staff: admin, params: { id: product.id }, body: { version: archived.product.version } };
  },
  adjustStock: ({ admin, product }) => ({
    staff: admin,
    params: { id: product.id },
    body: { delta: 3, reason: 'received', note: 'Delivery' },
  }),
  stockHistory: ({ admin, product }) => ({ staff: admin, params: { id: product.id } }),
};
