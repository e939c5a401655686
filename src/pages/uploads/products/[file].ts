// Product photos' variants (docs/decisions/0046-product-photos.md), from the photo store (the data
// folder or the S3 bucket). Their names are the upload's hash, so a name always means the same
// bytes: cached for a year, immutable. No session is read (src/middleware.ts).
import type { APIRoute } from 'astro';
import { PHOTO_CONTENT_TYPES, PHOTO_FILE_PATTERN, type PhotoFormat } from '@/domain/product-photos';
import { log } from '@/server/log';

const notFound = () => new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });

export const GET: APIRoute = async ({ params, locals }) => {
  const name = params.file ?? '';
  const match = PHOTO_FILE_PATTERN.exec(name);
  if (!match) return notFound();
  try {
    const bytes = await locals.app.photoStore.get(name);
    if (!bytes) return notFound();
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': PHOTO_CONTENT_TYPES[match[3] as PhotoFormat],
        'content-length': String(bytes.byteLength),
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'",
      },
    });
  } catch (error) {
    log.error('product photo not read', { store: locals.app.photoStore.kind, error: String(error) });
    return new Response('Unavailable', { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '5' } });
  }
};
