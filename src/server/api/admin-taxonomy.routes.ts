// The staff's categories, brands and SEO texts (docs/decisions/0049-categories-brands-seo.md):
// each handler calls the area's admin service and answers the saved record with its new version.
import { adminTaxonomyApi } from '@/domain/api/admin-taxonomy';
import { adminTaxonomyMessages as t, adminTaxonomyTexts } from '@/domain/messages/admin-taxonomy';
import type { SeoPageKey } from '@/domain/taxonomy-admin';
import * as categories from '@/server/admin-taxonomy/category-admin.service';
import * as brands from '@/server/admin-taxonomy/brand-admin.service';
import * as seo from '@/server/admin-taxonomy/seo-admin.service';
import { uploadTaxonomyPicture } from '@/server/admin-taxonomy/taxonomy-pictures.service';
import { adminBrandJson, adminCategoryJson, adminSeoJson } from '@/server/admin-taxonomy/taxonomy-admin.wire';
import { route } from './router';

const id = (params: { id: string }) => Number(params.id);

export const adminTaxonomyRoutes = [
  route(adminTaxonomyApi.categories, async ({ db }) => ({
    data: (await categories.listCategoriesForStaff(db)).map(adminCategoryJson),
    message: adminTaxonomyTexts.categories.title,
  })),
  // Before `admin/categories/:id`: the router takes the first route whose path matches.
  route(adminTaxonomyApi.orderCategories, async ({ db, now }, { body, staff }) => ({
    data: (await categories.orderCategories(db, staff, body.category_ids, now())).map(adminCategoryJson),
    message: t.categoriesReordered,
  })),
  route(adminTaxonomyApi.category, async ({ db }, { params }) => ({
    data: adminCategoryJson(await categories.categoryForEdit(db, id(params))),
    message: adminTaxonomyTexts.categories.title,
  })),
  route(adminTaxonomyApi.createCategory, async ({ db, now }, { body, staff }) => ({
    data: adminCategoryJson(await categories.createCategory(db, staff, body, now())),
    message: t.categoryCreated,
    status: 201,
  })),
  route(adminTaxonomyApi.updateCategory, async ({ db, now }, { params, body, staff }) => {
    const { version, ...input } = body;
    return {
      data: adminCategoryJson(await categories.updateCategory(db, staff, id(params), version, input, now())),
      message: t.categorySaved,
    };
  }),
  route(adminTaxonomyApi.deleteCategory, async ({ db, now }, { params, staff }) => {
    await categories.deleteCategory(db, staff, id(params), now());
    return { data: { id: id(params) }, message: t.categoryDeleted };
  }),
  route(adminTaxonomyApi.brands, async ({ db }, { query }) => {
    const page = await brands.listBrandsForStaff(db, query);
    return {
      data: { data: page.rows.map(adminBrandJson), current_page: page.page, per_page: page.perPage, total: page.total },
      message: adminTaxonomyTexts.brands.title,
    };
  }),
  route(adminTaxonomyApi.brand, async ({ db }, { params }) => ({
    data: adminBrandJson(await brands.brandForEdit(db, id(params))),
    message: adminTaxonomyTexts.brands.title,
  })),
  route(adminTaxonomyApi.createBrand, async ({ db, now }, { body, staff }) => ({
    data: adminBrandJson(await brands.createBrand(db, staff, body, now())),
    message: t.brandCreated,
    status: 201,
  })),
  route(adminTaxonomyApi.updateBrand, async ({ db, now }, { params, body, staff }) => {
    const { version, ...input } = body;
    return { data: adminBrandJson(await brands.updateBrand(db, staff, id(params), version, input, now())), message: t.brandSaved };
  }),
  route(adminTaxonomyApi.deleteBrand, async ({ db, now }, { params, staff }) => {
    await brands.deleteBrand(db, staff, id(params), now());
    return { data: { id: id(params) }, message: t.brandDeleted };
  }),
  route(adminTaxonomyApi.seo, async ({ db }) => ({
    data: (await seo.listSeoForStaff(db)).map(adminSeoJson),
    message: adminTaxonomyTexts.seo.title,
  })),
  route(adminTaxonomyApi.updateSeo, async ({ db, now }, { params, body, staff }) => {
    const { version, ...input } = body;
    return { data: adminSeoJson(await seo.updateSeo(db, staff, params.page as SeoPageKey, version, input, now())), message: t.seoSaved };
  }),
  route(adminTaxonomyApi.uploadPicture, async (deps, { body }) => {
    const bytes = new Uint8Array(await body.photo.arrayBuffer());
    return { data: await uploadTaxonomyPicture(deps.photoStore, bytes), message: t.pictureUploaded, status: 201 };
  }),
];
