import type { Contract } from '@/domain/api/index';
import type { Examples } from './world';

export const catalogExamples: Examples<Contract['catalog']> = {
  productList: () => ({ query: { search: 'Test' } }),
  brandProducts: ({ brand }) => ({ query: { brand_id: brand.id } }),
  categoryProducts: ({ category }) => ({ query: { category_id: category.id } }),
  newArrivals: () => ({}),
  topSellers: () => ({}),
  productView: ({ product }) => ({ query: { product_id: product.id } }),
  categories: () => ({}),
  brands: () => ({}),
  topBrands: () => ({}),
  topOffer: () => ({}),
  seo: () => ({}),
};
