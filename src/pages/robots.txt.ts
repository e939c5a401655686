import type { APIRoute } from 'astro';
import { shopInfo } from '@/server/shop';
import { robotsTxt } from '@/server/seo/sitemap';

export const GET: APIRoute = () =>
  new Response(robotsTxt(shopInfo().siteUrl), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
