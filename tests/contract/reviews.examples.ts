import type { Contract } from '@/domain/api/index';
import type { Examples } from './world';

export const reviewsExamples: Examples<Contract['reviews']> = {
  list: ({ product }) => ({ query: { product_id: product.id } }),
  add: ({ product }) => ({ body: { product_id: product.id, rating: 4, comments: 'Solid and well made' } }),
};
