// A tax credit note on one of the shopper's orders, as a PDF (docs/product.md#order-detail).
import type { APIRoute } from 'astro';
import { taxDocumentDownload } from '@/server/invoices/invoice-download';

export const GET: APIRoute = async ({ params, locals }) =>
  taxDocumentDownload(await locals.app.db(), locals.user?.id ?? null, params.id, params.note);
