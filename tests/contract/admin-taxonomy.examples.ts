// Categories, brands and SEO texts as staff edit them: called as the world's admin.
import { asc, eq } from 'drizzle-orm';
import type { Contract } from '@/domain/api/index';
import { categories, seoKeywords } from '@/server/db/schema/catalog';
import { insertBrand, insertCategory } from '../factories';
import { photoFile, temporaryPhotoStore, testPng } from '../photos';
import type { Examples } from './world';

let n = 0;
const category = () => ({
  name: `Contract category ${++n}`,
  icon: '/images/categories/12.svg',
  image: '/images/categories/banner-12.svg',
  coming_soon: false,
  sort_order: '40',
});
const brand = () => ({ name: `Contract brand ${++n}`, logo: '/images/brands/ironclad.svg' });

export const adminTaxonomyExamples: Examples<Contract['adminTaxonomy']> = {
  categories: ({ admin }) => ({ staff: admin }),
  category: ({ admin, category }) => ({ staff: admin, params: { id: category.id } }),
  createCategory: ({ admin }) => ({ staff: admin, body: category() }),
  updateCategory: async ({ db, admin }) => {
    const row = await insertCategory(db);
    return { staff: admin, params: { id: row.id }, body: { ...category(), version: row.version } };
  },
  orderCategories: async ({ db, admin }) => {
    const rows = await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id));
    return { staff: admin, body: { category_ids: rows.map((r) => r.id).reverse() } };
  },
  deleteCategory: async ({ db, admin }) => ({ staff: admin, params: { id: (await insertCategory(db)).id } }),
  brands: ({ admin }) => ({ staff: admin, query: { q: 'brand', page: 1, limit: 10 } }),
  brand: ({ admin, brand }) => ({ staff: admin, params: { id: brand.id } }),
  createBrand: ({ admin }) => ({ staff: admin, body: brand() }),
  updateBrand: async ({ db, admin }) => {
    const row = await insertBrand(db);
    return { staff: admin, params: { id: row.id }, body: { ...brand(), version: row.version } };
  },
  deleteBrand: async ({ db, admin }) => ({ staff: admin, params: { id: (await insertBrand(db)).id } }),
  seo: ({ admin }) => ({ staff: admin }),
  updateSeo: async ({ db, admin }) => {
    const [row] = await db.select().from(seoKeywords).where(eq(seoKeywords.pageKey, 'home'));
    return {
      staff: admin,
      params: { page: 'home' },
      body: { title: 'Safe Buddy', description: 'Safes in the UAE', keywords: 'safes', version: row!.version },
    };
  },
  uploadPicture: async ({ admin }) => ({
    staff: admin,
    body: { photo: photoFile(await testPng(300, 300), 'icon.png', 'image/png') },
    encoding: 'multipart',
    deps: { photoStore: temporaryPhotoStore().store },
  }),
};
