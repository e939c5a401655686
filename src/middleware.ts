// Security headers on every answer, and caching rules: hashed assets are immutable (set by
// the adapter), anonymous catalog pages may be cached briefly by a CDN (D9), the API is private.
// A database that is down answers 503 (docs/decisions/0015-database-faults-and-operations.md).
import { defineMiddleware } from 'astro:middleware';
import { getDb } from '@/server/db/instance';
import { tokenFromRequest, userForToken, type SessionUser } from '@/server/accounts/session.service';
import { startAbandonedOrderSweeper } from '@/server/orders/sweeper';
import { addSources, thirdPartySources } from '@/server/csp';
import { shopInfo } from '@/server/shop';
import { stripeOptions } from '@/server/payments/instance';
import { config } from '@/server/config';
import { securityHeaders } from '@/server/security-headers';
import { databaseUnavailable, isDatabaseUnavailable } from '@/server/db/faults';
import { errorResponse } from '@/server/api/http';

/** The same for every answer of this process: built once, not per request. */
const SECURITY_HEADERS = Object.entries(securityHeaders(config().NODE_ENV === 'production'));

const CACHEABLE_PAGES =
  /^\/($|store\/?$|top-sellings$|new-arrival$|product\/\d+$|about$|contact$|faq$|terms-and-conditions$|privacy-policy$|cancellation-policy$|shopping-policy$)/;

/** The error pages render without the session: the database may be the reason they show. */
const ERROR_PAGES = new Set(['/500', '/503']);

export const onRequest = defineMiddleware(async (context, next) => {
  startAbandonedOrderSweeper(getDb);
  const { pathname } = context.url;
  // The signed-in customer comes from the session only (D3); static assets skip the lookup.
  const token = pathname.startsWith('/_astro/') || ERROR_PAGES.has(context.routePattern) ? null : tokenFromRequest(context.request);
  let user: SessionUser | null = null;
  try {
    user = token ? await userForToken(await getDb(), token) : null;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // The API says so (a guest's 401 would sign the customer out); a page goes on signed out and
    // shows the unavailable notice if it needs the database too.
    if (pathname.startsWith('/api/'))
      return withHeaders(context, errorResponse(databaseUnavailable(error, { method: context.request.method, path: pathname })), null);
  }
  context.locals.user = user;
  let response = await next();
  // 500.astro marks a database fault with Retry-After; Astro keeps an error page's status at 500.
  if (context.routePattern === '/500' && response.status === 500 && response.headers.has('retry-after')) {
    response = new Response(response.body, { status: 503, headers: response.headers });
  }
  return withHeaders(context, response, user);
});

function withHeaders(context: { url: URL; request: Request }, response: Response, user: SessionUser | null): Response {
  const { pathname } = context.url;
  const policy = response.headers.get('content-security-policy');
  if (policy) {
    const thirdParties = thirdPartySources({
      pathname,
      liveChatScriptUrl: shopInfo().liveChatScriptUrl,
      stripeConfigured: stripeOptions() !== null,
    });
    response.headers.set('content-security-policy', addSources(policy, thirdParties));
  }
  for (const [name, value] of SECURITY_HEADERS) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  if (response.headers.has('cache-control')) return response;
  if (pathname.startsWith('/api/')) {
    response.headers.set('cache-control', 'no-store');
  } else if (context.request.method === 'GET' && response.status === 200 && CACHEABLE_PAGES.test(pathname) && !user) {
    // Signed-in pages differ per customer; anonymous ones are the same for everybody.
    response.headers.set('cache-control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    response.headers.set('vary', 'Cookie, Accept-Encoding');
  } else if (!pathname.startsWith('/_astro/')) {
    response.headers.set('cache-control', 'private, no-cache');
  }
  return response;
}
