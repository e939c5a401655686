// Icons, logos and banners uploaded by staff (docs/decisions/0049-categories-brands-seo.md): the
// product photos' pipeline (src/server/uploads/product-photo.ts: recognised by its bytes, bounded,
// decoded once, re-encoded without metadata; SVG and anything else refused) and their store, with a
// smaller least side. Nothing in the shop changes until a category or brand is saved with the
// answer's address, so an upload is not audited; a file no category or brand names is left behind
// like a photo whose product save failed (its name is its content's hash).
import type { PhotoStore } from '@/server/uploads/photo-store';
import { processPhoto } from '@/server/uploads/product-photo';
import { TAXONOMY_PICTURE_MIN_SIDE, taxonomyPictureUrls } from '@/domain/taxonomy-admin';

export async function uploadTaxonomyPicture(store: PhotoStore, bytes: Uint8Array): Promise<{ small: string; large: string }> {
  const processed = await processPhoto(bytes, { minSide: TAXONOMY_PICTURE_MIN_SIDE });
  for (const file of processed.files) await store.put(file.name, file.bytes, file.contentType);
  return taxonomyPictureUrls(processed);
}
