// Security headers on every answer, and caching rules: hashed assets are immutable (set by
// the adapter); the catalog pages and API answers of the route cache (docs/decisions/0037-route-cache.md)
// render as a guest, whoever asks, so no session (and no personal data, no Set-Cookie) ever reaches
// a cached answer, and browsers revalidate them on every visit; everything else is private.
// A database that is down answers 503 (docs/decisions/0015-database-faults-and-operations.md).
// Every request gets the process's App (Astro.locals.app, docs/decisions/0023-composition-root.md);
// a page that throws is logged once, without personal data, and answered by the 500 page.
import { defineMiddleware } from 'astro:middleware';
import type { APIContext } from 'astro';
import { app } from '@/server/app';
import { tokenFromRequest, userForToken, type SessionUser } from '@/server/accounts/session.service';
import { addSources, thirdPartySources } from '@/server/csp';
import { securityHeaders } from '@/server/security-headers';
import { databaseUnavailable, isDatabaseUnavailable } from '@/server/db/faults';
import { errorResponse } from '@/server/api/http';
import { log } from '@/server/log';
import { staffForToken, type StaffMember } from '@/server/staff/staff.service';
import { staffTokenFromRequest } from '@/server/staff/staff-session';
import { isCachedPage } from '@/server/cache/rules';
import { api } from '@/server/api/index';
import { PHOTO_URL_PREFIX } from '@/domain/product-photos';

/** The same for every answer of this process: built once, not per request. */
const SECURITY_HEADERS = Object.entries(securityHeaders(app().config.NODE_ENV === 'production'));

/** The route cache's pages and API answers (one list: server/cache/rules.ts and the contract's `cache` endpoints). */
function isCachedRoute(method: string, pathname: string): boolean {
  return pathname.startsWith('/api/') ? api.isCached(method, pathname) : isCachedPage(method, pathname);
}

/** The back office's pages and API: a staff session is looked up here only (docs/decisions/0033-back-office-staff.md). */
const BACK_OFFICE = /^\/(api\/)?admin(\/|$)/;
/** The one back-office page open without a staff session. */
const STAFF_SIGN_IN_PAGE = '/admin/login';

/** The error pages render without the session: the database may be the reason they show. */
const ERROR_PAGES = new Set(['/500', '/503']);

export const onRequest = defineMiddleware(async (context, next) => {
  const application = app();
  context.locals.app = application;
  const { pathname } = context.url;
  const cached = isCachedRoute(context.request.method, pathname);
  // The signed-in customer comes from the session only (docs/decisions/0008-sessions.md); static assets skip the lookup,
  // and so do cached routes: they render as a guest (docs/decisions/0037-route-cache.md#sessions).
  const token =
    cached || pathname.startsWith('/_astro/') || pathname.startsWith(PHOTO_URL_PREFIX) || ERROR_PAGES.has(context.routePattern)
      ? null
      : tokenFromRequest(context.request);
  const staffToken = BACK_OFFICE.test(pathname) ? staffTokenFromRequest(context.request) : null;
  let user: SessionUser | null = null;
  let staff: StaffMember | null = null;
  try {
    user = token ? await userForToken(await application.db(), token) : null;
    staff = staffToken ? await staffForToken(await application.db(), staffToken, application.clock.now()) : null;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) return withHeaders(context, await renderFailed(context, error), false);
    // The API says so (a guest's 401 would sign the customer out); a page goes on signed out and
    // shows the unavailable notice if it needs the database too.
    if (pathname.startsWith('/api/'))
      return withHeaders(context, errorResponse(databaseUnavailable(error, { method: context.request.method, path: pathname })), false);
  }
  context.locals.user = user;
  context.locals.staff = staff;
  // Every back-office page but the sign-in needs a staff session; a customer's or a guest's visit goes to the sign-in.
  if (BACK_OFFICE.test(pathname) && !pathname.startsWith('/api/') && !staff && pathname.replace(/\/$/, '') !== STAFF_SIGN_IN_PAGE) {
    const next = encodeURIComponent(pathname + context.url.search);
    return withHeaders(context, new Response(null, { status: 303, headers: { location: `${STAFF_SIGN_IN_PAGE}?next=${next}` } }), false);
  }
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    response = await renderFailed(context, error);
  }
  // 500.astro marks a database fault with Retry-After; Astro keeps an error page's status at 500.
  if (context.routePattern === '/500' && response.status === 500 && response.headers.has('retry-after')) {
    response = new Response(response.body, { status: 503, headers: response.headers });
  }
  return withHeaders(context, response, cached);
});

/**
 * A page (or a component in it) threw: one log line through the logger, with the route and method
 * only (the log scrubs the error itself, docs/decisions/0016-hostile-input.md), then the 500 page,
 * which answers 503 for a database fault (and logs that one itself).
 */
async function renderFailed(context: APIContext, error: unknown): Promise<Response> {
  if (!isDatabaseUnavailable(error))
    log.error('page failed to render', { method: context.request.method, route: context.routePattern, error });
  context.locals.renderError = error;
  return context.rewrite('/500');
}

function withHeaders(context: { url: URL; request: Request; locals: App.Locals }, response: Response, cached: boolean): Response {
  const { pathname } = context.url;
  const policy = response.headers.get('content-security-policy');
  if (policy) {
    const thirdParties = thirdPartySources({
      pathname,
      liveChatScriptUrl: context.locals.app.config.LIVE_CHAT_SCRIPT_URL,
      stripeConfigured: context.locals.app.stripe !== null,
    });
    response.headers.set('content-security-policy', addSources(policy, thirdParties));
  }
  for (const [name, value] of SECURITY_HEADERS) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  if (response.headers.has('cache-control')) return response;
  if (cached && response.status === 200) {
    // The same for everybody and invalidated on the server the moment it changes: a browser (or a
    // CDN) may keep it but asks again every time, and the ETag makes that a 304
    // (docs/decisions/0037-route-cache.md#browsers-and-cdns).
    response.headers.set('cache-control', 'public, no-cache');
  } else if (pathname.startsWith('/api/') || BACK_OFFICE.test(pathname)) {
    // The API, and the back office's pages (every customer's data), are never stored.
    response.headers.set('cache-control', 'no-store');
  } else if (!pathname.startsWith('/_astro/')) {
    response.headers.set('cache-control', 'private, no-cache');
  }
  return response;
}
