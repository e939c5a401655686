// The product editor's values as the form holds them (text as typed), from the product the page
// read and back to the API's body (docs/decisions/0045-catalog-editing.md). The server checks the
// body with the same schema (productInput), so the form's messages are the server's.
import type { ProductType } from '@/domain/constants';

/** A product as the editor receives it from its page (the fields of the admin API's product). */
export interface EditedProduct {
  id: number;
  version: number;
  name: string;
  sku: string;
  price: number;
  discount: number;
  quantity: number;
  weight_kg: number;
  product_type: ProductType;
  category_ids: number[];
  brand_id: number | null;
  description: string;
  specifications: string;
  video_link: string | null;
  color: { group: string; name: string; hex: string } | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  published: boolean;
}

export interface ProductFormValues {
  name: string;
  sku: string;
  price: string;
  discount: string;
  /** Only for a new product: later changes are stock adjustments with a reason. */
  quantity: string;
  weight_kg: string;
  product_type: ProductType;
  category_ids: number[];
  /** '' for no brand. */
  brand_id: string;
  description: string;
  specifications: string;
  video_link: string;
  color_group: string;
  color_name: string;
  color_hex: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  published: boolean;
}

/** The fields in screen order, for the focus after a refusal. */
export const PRODUCT_FORM_ORDER = [
  'name',
  'sku',
  'price',
  'discount',
  'quantity',
  'weight_kg',
  'product_type',
  'category_ids',
  'brand_id',
  'description',
  'specifications',
  'video_link',
  'color',
  'meta_title',
  'meta_description',
  'meta_keywords',
] as const;

/** An amount in AED as staff type it: no decimals when whole, else two. */
export function aedText(aed: number): string {
  return Number.isInteger(aed) ? String(aed) : aed.toFixed(2);
}

export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    sku: '',
    price: '',
    discount: '0',
    quantity: '0',
    weight_kg: '',
    product_type: 'office',
    category_ids: [],
    brand_id: '',
    description: '',
    specifications: '',
    video_link: '',
    color_group: '',
    color_name: '',
    color_hex: '',
    meta_title: '',
    meta_description: '',
    meta_keywords: '',
    published: false,
  };
}

export function productFormValues(product: EditedProduct): ProductFormValues {
  return {
    name: product.name,
    sku: product.sku,
    price: aedText(product.price),
    discount: String(product.discount),
    quantity: String(product.quantity),
    weight_kg: String(product.weight_kg),
    product_type: product.product_type,
    category_ids: [...product.category_ids],
    brand_id: product.brand_id === null ? '' : String(product.brand_id),
    description: product.description,
    specifications: product.specifications,
    video_link: product.video_link ?? '',
    color_group: product.color?.group ?? '',
    color_name: product.color?.name ?? '',
    color_hex: product.color?.hex ?? '',
    meta_title: product.meta_title ?? '',
    meta_description: product.meta_description ?? '',
    meta_keywords: product.meta_keywords ?? '',
    published: product.published,
  };
}

/**
 * What the form sends: the product's fields (the schema turns text into numbers), a colour only
 * when one of its three parts is filled in, and the stock only for a new product.
 */
export function productBody(values: ProductFormValues, isNew: boolean): Record<string, unknown> {
  const colorParts = [values.color_group, values.color_name, values.color_hex];
  const body: Record<string, unknown> = {
    name: values.name,
    sku: values.sku,
    price: values.price,
    discount: values.discount,
    weight_kg: values.weight_kg,
    product_type: values.product_type,
    category_ids: values.category_ids,
    brand_id: values.brand_id === '' ? null : values.brand_id,
    description: values.description,
    specifications: values.specifications,
    video_link: values.video_link,
    color: colorParts.some((part) => part.trim() !== '')
      ? { group: values.color_group, name: values.color_name, hex: values.color_hex }
      : null,
    meta_title: values.meta_title,
    meta_description: values.meta_description,
    meta_keywords: values.meta_keywords,
    published: values.published,
  };
  if (isNew) body.quantity = values.quantity;
  return body;
}
