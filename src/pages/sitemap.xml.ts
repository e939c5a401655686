import type { APIRoute } from 'astro';
import { getDb } from '@/server/db/instance';
import { shopInfo } from '@/server/shop';
import { sitemapResponse } from '@/server/seo/sitemap';

export const GET: APIRoute = async () => sitemapResponse(await getDb(), shopInfo().siteUrl);
