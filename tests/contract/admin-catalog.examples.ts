// The catalog's products as staff edit them: called as the world's admin.
import type { Contract } from '@/domain/api/index';
import { archiveProduct } from '@/server/admin-catalog/product-admin.service';
import { uploadPhoto } from '@/server/admin-catalog/product-photos.service';
import { insertProduct } from '../factories';
import { photoFile, temporaryPhotoStore, testJpeg } from '../photos';
import type { Examples, World } from './world';

let sku = 0;
const { store } = temporaryPhotoStore();

/** A product of its own with one uploaded photo after its drawn one. */
async function withPhoto({ db, admin }: World) {
  const product = await insertProduct(db, { gallery: ['/images/products/g1.svg'] });
  const photos = await uploadPhoto(db, store, admin.staff, product.id, await testJpeg(700, 500));
  return { product, photos, deps: { photoStore: store } };
}
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
  photos: async (world) => {
    const { product } = await withPhoto(world);
    return { staff: world.admin, params: { id: product.id } };
  },
  uploadPhoto: async ({ admin, product }) => ({
    staff: admin,
    params: { id: product.id },
    body: { photo: photoFile(await testJpeg(900, 600)) },
    encoding: 'multipart',
    deps: { photoStore: store },
  }),
  reorderPhotos: async (world) => {
    const { product, photos } = await withPhoto(world);
    return { staff: world.admin, params: { id: product.id }, body: { photo_ids: photos.map((p) => p.id).reverse() } };
  },
  chooseThumbnail: async (world) => {
    const { product, photos } = await withPhoto(world);
    return { staff: world.admin, params: { id: product.id, photo: photos[1]!.id } };
  },
  deletePhoto: async (world) => {
    const { product, photos, deps } = await withPhoto(world);
    return { staff: world.admin, params: { id: product.id, photo: photos[1]!.id }, deps };
  },
};
