// Security headers on every answer, and caching rules: hashed assets are immutable (set by
// the adapter), anonymous catalog pages may be cached briefly by a CDN (D9), the API is private.
import { defineMiddleware } from 'astro:middleware';

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'cross-origin-opener-policy': 'same-origin',
};

const CACHEABLE_PAGES = /^\/($|store\/?$|top-sellings$|new-arrival$|product\/\d+$|about$|faq$|terms-and-conditions$|privacy-policy$|cancellation-policy$|shopping-policy$)/;

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  const { pathname } = context.url;
  if (response.headers.has('cache-control')) return response;
  if (pathname.startsWith('/api/')) {
    response.headers.set('cache-control', 'no-store');
  } else if (context.request.method === 'GET' && response.status === 200 && CACHEABLE_PAGES.test(pathname) && !context.cookies.has('session')) {
    // Signed-in pages will differ per customer; anonymous ones are the same for everybody.
    response.headers.set('cache-control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    response.headers.set('vary', 'Cookie, Accept-Encoding');
  } else if (!pathname.startsWith('/_astro/')) {
    response.headers.set('cache-control', 'no-cache');
  }
  return response;
});
