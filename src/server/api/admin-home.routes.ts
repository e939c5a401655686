// The home page's blocks by staff (docs/decisions/0050-home-blocks.md): each handler calls the
// home admin service and answers the editor's data with the new versions.
import { adminHomeApi } from '@/domain/api/admin-home';
import { adminHomeMessages as t, adminHomeTexts } from '@/domain/messages/admin-home';
import type { HomeSlideBlock } from '@/domain/home-blocks';
import * as home from '@/server/admin-home/home-admin.service';
import { adminHomeJson, homeImageJson } from '@/server/admin-home/home-admin.wire';
import { route } from './router';

export const adminHomeRoutes = [
  route(adminHomeApi.home, async ({ db }) => ({ data: adminHomeJson(await home.homeForEdit(db)), message: adminHomeTexts.title })),
  route(adminHomeApi.saveSlides, async ({ db, now }, { params, body, staff }) => ({
    data: adminHomeJson(await home.saveSlides(db, staff, params.block as HomeSlideBlock, body.version, body.items, now())),
    message: t.saved,
  })),
  route(adminHomeApi.saveFeatured, async ({ db, now }, { body, staff }) => ({
    data: adminHomeJson(await home.saveFeatured(db, staff, body.version, body.product_ids, now())),
    message: t.saved,
  })),
  route(adminHomeApi.saveBrands, async ({ db, now }, { body, staff }) => ({
    data: adminHomeJson(await home.saveBrands(db, staff, body.version, body.brand_ids, now())),
    message: t.saved,
  })),
  route(adminHomeApi.saveOffer, async ({ db, now }, { body, staff }) => {
    const { version, ...offer } = body;
    return { data: adminHomeJson(await home.saveOffer(db, staff, version, offer, now())), message: t.saved };
  }),
  route(adminHomeApi.uploadImage, async (deps, { body, staff }) => {
    const bytes = new Uint8Array(await body.photo.arrayBuffer());
    return {
      data: homeImageJson(await home.uploadHomeImage(deps.db, deps.photoStore, staff, bytes, deps.now())),
      message: t.imageUploaded,
      status: 201,
    };
  }),
];
