// The home page's blocks as staff edit them: called as the world's admin, each save against the
// section's version as it is when the example runs.
import type { Contract } from '@/domain/api/index';
import { homeForEdit } from '@/server/admin-home/home-admin.service';
import { insertCoupon } from '../shopping';
import { photoFile, temporaryPhotoStore, testJpeg } from '../photos';
import type { Examples } from './world';

const { store } = temporaryPhotoStore();

export const adminHomeExamples: Examples<Contract['adminHome']> = {
  home: ({ admin }) => ({ staff: admin }),
  saveSlides: async ({ db, admin }) => {
    const home = await homeForEdit(db);
    const items = home.slides.tiles.map((s) => ({
      id: s.id,
      title: s.title,
      text: s.text,
      href: s.href ?? '',
      image: s.photo ? s.photo.key : s.imageLink,
      hidden: s.hidden,
    }));
    return { staff: admin, params: { block: 'tiles' }, body: { version: home.versions.tiles, items: items.reverse() } };
  },
  saveFeatured: async ({ db, admin, product }) => ({
    staff: admin,
    body: { version: (await homeForEdit(db)).versions.featured, product_ids: [product.id] },
  }),
  saveBrands: async ({ db, admin, brand }) => ({
    staff: admin,
    body: { version: (await homeForEdit(db)).versions.brands, brand_ids: [brand.id] },
  }),
  saveOffer: async ({ db, admin }) => {
    const coupon = await insertCoupon(db);
    return {
      staff: admin,
      body: {
        version: (await homeForEdit(db)).versions.offer,
        title: 'Limited Time Offer',
        sub_title: 'Save 10%',
        code: coupon.code,
        active: true,
      },
    };
  },
  uploadImage: async ({ admin }) => ({
    staff: admin,
    body: { photo: photoFile(await testJpeg(800, 400)) },
    encoding: 'multipart',
    deps: { photoStore: store },
  }),
};
