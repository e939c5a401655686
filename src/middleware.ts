// Security headers on every answer, and caching rules: hashed assets are immutable (set by
// the adapter), anonymous catalog pages may be cached briefly by a CDN (D9), the API is private.
import { defineMiddleware } from 'astro:middleware';
import { getDb } from '@/server/db/instance';
import { tokenFromRequest, userForToken } from '@/server/accounts/session.service';
import { startAbandonedOrderSweeper } from '@/server/orders/sweeper';
import { addSources, thirdPartySources } from '@/server/csp';
import { shopInfo } from '@/server/shop';
import { stripeOptions } from '@/server/payments/instance';

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Stripe's Payment Element runs Apple Pay and Google Pay in its own frame.
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  'cross-origin-opener-policy': 'same-origin',
};

const CACHEABLE_PAGES = /^\/($|store\/?$|top-sellings$|new-arrival$|product\/\d+$|about$|contact$|faq$|terms-and-conditions$|privacy-policy$|cancellation-policy$|shopping-policy$)/;

export const onRequest = defineMiddleware(async (context, next) => {
  startAbandonedOrderSweeper(getDb);
  // The signed-in customer comes from the session only (D3); static assets skip the lookup.
  const token = context.url.pathname.startsWith('/_astro/') ? null : tokenFromRequest(context.request);
  context.locals.user = token ? await userForToken(await getDb(), token) : null;
  const response = await next();
  const policy = response.headers.get('content-security-policy');
  if (policy) {
    const thirdParties = thirdPartySources({ pathname: context.url.pathname, liveChatScriptUrl: shopInfo().liveChatScriptUrl, stripeConfigured: stripeOptions() !== null });
    response.headers.set('content-security-policy', addSources(policy, thirdParties));
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  const { pathname } = context.url;
  if (response.headers.has('cache-control')) return response;
  if (pathname.startsWith('/api/')) {
    response.headers.set('cache-control', 'no-store');
  } else if (context.request.method === 'GET' && response.status === 200 && CACHEABLE_PAGES.test(pathname) && !context.locals.user) {
    // Signed-in pages differ per customer; anonymous ones are the same for everybody.
    response.headers.set('cache-control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    response.headers.set('vary', 'Cookie, Accept-Encoding');
  } else if (!pathname.startsWith('/_astro/')) {
    response.headers.set('cache-control', 'private, no-cache');
  }
  return response;
});
