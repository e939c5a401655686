import type { APIRoute } from 'astro';
import { getCataloguePdf } from '@/server/catalog/catalog.service';

export const GET: APIRoute = async ({ params, locals }) => {
  const match = /^([A-Za-z0-9._-]{1,64})\.pdf$/.exec(params.file ?? '');
  const pdf = match ? await getCataloguePdf(await locals.app.db(), match[1]!) : null;
  if (!pdf) return new Response('Catalogue not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${match![1]}.pdf"`,
      'cache-control': 'public, max-age=3600',
    },
  });
};
