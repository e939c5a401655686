// What one API request gets from the app (docs/decisions/0023-composition-root.md): the database,
// mailer, payment provider and clock built once by server/app.ts, and the request's own client
// address and session. The only place the API's dependencies are assembled.
import type { App } from '@/server/app';
import type { SessionUser } from '@/server/accounts/session.service';
import { tokenFromRequest } from '@/server/accounts/session.service';
import { clientAddressOf } from '@/server/client-address';
import type { StaffMember } from '@/server/staff/staff.service';
import { staffTokenFromRequest } from '@/server/staff/staff-session';
import type { ApiDeps, RouteCacheControl } from './router';

export interface RequestFacts {
  /** The socket's peer address (Astro's clientAddress). */
  peerAddress: string;
  /** The session's user, resolved by the middleware. */
  user: SessionUser | null;
  /** The staff session's member (on /api/admin), resolved by the middleware. */
  staff?: StaffMember | null;
  /** The request's route cache (Astro's `context.cache`). */
  cache?: RouteCacheControl;
}

export async function apiDeps(app: App, request: Request, { peerAddress, user, staff = null, cache }: RequestFacts): Promise<ApiDeps> {
  const db = await app.db();
  return {
    db,
    // Astro's clientAddress is the socket's peer (no security.allowedDomains is configured, so the
    // adapter does not read X-Forwarded-For itself); behind TRUSTED_PROXIES the header names the client.
    clientAddress: clientAddressOf(request, peerAddress, app.trustedProxies),
    trustedOrigins: [app.siteOrigin],
    user,
    sessionToken: tokenFromRequest(request),
    staff,
    staffToken: staffTokenFromRequest(request),
    siteUrl: app.config.SITE_URL,
    mailer: app.mailer,
    shopName: app.config.SHOP_NAME,
    dataDir: app.config.DATA_DIR,
    photoStore: app.photoStore,
    secureCookies: app.config.NODE_ENV === 'production',
    payments: app.payments(db),
    stripe: app.stripe,
    invoicing: app.invoicing,
    now: () => app.clock.now(),
    cache,
  };
}
