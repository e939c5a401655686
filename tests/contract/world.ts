// The data every contract example starts from: a small catalog and a signed-in customer, in one
// database shared by the examples (docs/architecture.md#the-api-contract). An example that needs
// more (an order, a code) prepares it itself.
import type { Endpoint } from '@/domain/api/endpoint';
import type { Db } from '@/server/db/client';
import { recordingMailer, type RecordingMailer } from '../accounts';
import type { EndpointCall } from '../api';
import {
  addFeatured,
  addTopBrand,
  insertBrand,
  insertCategory,
  insertProduct,
  insertReview,
  insertSeoKeyword,
  insertTopOffer,
} from '../factories';
import type { BrandRow, CategoryRow, ProductRow } from '../factories';
import { signedInCustomer, type Customer } from '../shopping';
import { signedInStaff, type StaffCaller } from '../staff';

export interface World {
  db: Db;
  mailer: RecordingMailer;
  customer: Customer;
  /** An admin (every admin endpoint's example calls as them unless it says otherwise). */
  admin: StaffCaller;
  category: CategoryRow;
  brand: BrandRow;
  /** In stock, in the category, of the brand, with a review. */
  product: ProductRow;
}

export async function buildWorld(db: Db): Promise<World> {
  const category = await insertCategory(db);
  const brand = await insertBrand(db);
  const product = await insertProduct(db, { brandId: brand.id, categoryIds: [category.id], gallery: ['/images/products/g1.webp'] });
  await insertReview(db, product.id);
  await addFeatured(db, product.id);
  await addTopBrand(db, brand.id);
  await insertTopOffer(db);
  await insertSeoKeyword(db, 'home');
  return {
    db,
    mailer: recordingMailer(),
    customer: await signedInCustomer(db),
    admin: await signedInStaff(db, 'admin'),
    category,
    brand,
    product,
  };
}

/** One valid call per endpoint of an area, prepared on the world; the mapped type makes a missing endpoint a compile error. */
export type Examples<Group extends Record<string, Endpoint>> = {
  [Name in keyof Group]: (world: World) => EndpointCall<Group[Name]> | Promise<EndpointCall<Group[Name]>>;
};
