// The product photos' answers as the photo manager keeps them (docs/architecture.md#the-api-contract):
// wire data (snake_case) mapped once, here, to camelCase.
import type { AnswerOf } from '@/domain/api/endpoint';
import type { Contract } from '@/domain/api/index';

export type ProductPhotoWire = AnswerOf<Contract['adminCatalog']['photos']>[number];

export interface ProductPhotoModel {
  id: number;
  /** The drawn picture's address, or the uploaded photo's largest JPEG. */
  imageLink: string;
  /** An uploaded photo's size and JPEG srcset; null for a drawn picture. */
  photo: { width: number; height: number; jpgSrcset: string } | null;
}

export function toProductPhoto(wire: ProductPhotoWire): ProductPhotoModel {
  return {
    id: wire.id,
    imageLink: wire.image_link,
    photo: wire.photo ? { width: wire.photo.width, height: wire.photo.height, jpgSrcset: wire.photo.srcset.jpg } : null,
  };
}
