// The staff's products (docs/decisions/0045-catalog-editing.md): each handler calls the product
// admin service and answers the product as the editor shows it, with its new version.
import { adminCatalogApi } from '@/domain/api/admin-catalog';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';
import * as catalog from '@/server/admin-catalog/product-admin.service';
import * as photos from '@/server/admin-catalog/product-photos.service';
import { adminProductJson, adminProductPageJson, productPhotoJson, stockAdjustmentJson } from '@/server/admin-catalog/product-admin.wire';
import { route } from './router';

const productId = (params: { id: string }) => Number(params.id);
export const adminCatalogRoutes = [
  route(adminCatalogApi.products, async ({ db }, { query }) => {
    const page = await catalog.listProductsForStaff(db, catalog.adminProductFiltersOf(query));
    return { data: adminProductPageJson(page), message: t.products };
  }),
  route(adminCatalogApi.product, async ({ db }, { params }) => ({
    data: adminProductJson(await catalog.productForEdit(db, productId(params))),
    message: t.product,
  })),
  route(adminCatalogApi.create, async ({ db, now }, { body, staff }) => ({
    data: adminProductJson(await catalog.createProduct(db, staff, body, now())),
    message: t.created,
    status: 201,
  })),
  route(adminCatalogApi.update, async ({ db, now }, { params, body, staff }) => {
    const { version, ...input } = body;
    return { data: adminProductJson(await catalog.updateProduct(db, staff, productId(params), version, input, now())), message: t.saved };
  }),
  route(adminCatalogApi.duplicate, async ({ db, now }, { params, staff }) => ({
    data: adminProductJson(await catalog.duplicateProduct(db, staff, productId(params), now())),
    message: t.duplicated,
    status: 201,
  })),
  route(adminCatalogApi.archive, async ({ db, now }, { params, body, staff }) => ({
    data: adminProductJson(await catalog.archiveProduct(db, staff, productId(params), body.version, now())),
    message: t.archived,
  })),
  route(adminCatalogApi.restore, async ({ db, now }, { params, body, staff }) => ({
    data: adminProductJson(await catalog.restoreProduct(db, staff, productId(params), body.version, now())),
    message: t.restored,
  })),
  route(adminCatalogApi.adjustStock, async ({ db, now }, { params, body, staff }) => {
    const { quantity, adjustment } = await catalog.adjustStock(db, staff, productId(params), body, now());
    return { data: { quantity, adjustment: stockAdjustmentJson(adjustment) }, message: t.stockAdjusted };
  }),
  route(adminCatalogApi.photos, async ({ db }, { params }) => ({
    data: (await photos.listPhotos(db, productId(params))).map(productPhotoJson),
    message: t.photos,
  })),
  route(adminCatalogApi.uploadPhoto, async (deps, { params, body, staff }) => {
    const bytes = new Uint8Array(await body.photo.arrayBuffer());
    const list = await photos.uploadPhoto(deps.db, deps.photoStore, staff, productId(params), bytes, deps.now());
    return { data: list.map(productPhotoJson), message: t.photoAdded, status: 201 };
  }),
  route(adminCatalogApi.reorderPhotos, async ({ db, now }, { params, body, staff }) => ({
    data: (await photos.reorderPhotos(db, staff, productId(params), body.photo_ids, now())).map(productPhotoJson),
    message: t.photosReordered,
  })),
  route(adminCatalogApi.chooseThumbnail, async ({ db, now }, { params, staff }) => ({
    data: (await photos.chooseThumbnail(db, staff, productId(params), Number(params.photo), now())).map(productPhotoJson),
    message: t.thumbnailChosen,
  })),
  route(adminCatalogApi.deletePhoto, async (deps, { params, staff }) => ({
    data: (await photos.deletePhoto(deps.db, deps.photoStore, staff, productId(params), Number(params.photo), deps.now())).map(
      productPhotoJson,
    ),
    message: t.photoDeleted,
  })),
  route(adminCatalogApi.stockHistory, async ({ db }, { params }) => ({
    data: (await catalog.stockHistory(db, productId(params))).map(stockAdjustmentJson),
    message: t.stockHistory,
  })),
];
