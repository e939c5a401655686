import type { APIRoute } from 'astro';
import { sitemapResponse } from '@/server/seo/sitemap';

export const GET: APIRoute = async ({ locals }) => sitemapResponse(await locals.app.db(), locals.app.config.SITE_URL);
