import type { APIRoute } from 'astro';
import { api } from '@/server/api/index';
import { getDb } from '@/server/db/instance';
import { getMailer } from '@/server/mail/instance';
import { tokenFromRequest } from '@/server/accounts/session.service';
import { config } from '@/server/config';
import { clientAddressOf, trustedProxies } from '@/server/client-address';

const c = config();
const trustedOrigins = [new URL(c.SITE_URL).origin];
const trusted = trustedProxies(c.TRUSTED_PROXIES);

export const ALL: APIRoute = async ({ request, clientAddress, locals }) =>
  api.handle(request, {
    db: await getDb(),
    // Astro's clientAddress is the socket's peer (no security.allowedDomains is configured, so the
    // adapter does not read X-Forwarded-For itself); behind TRUSTED_PROXIES the header names the client.
    clientAddress: clientAddressOf(request, clientAddress, trusted),
    trustedOrigins,
    user: locals.user,
    sessionToken: tokenFromRequest(request),
    mailer: getMailer(),
    shopName: c.SHOP_NAME,
    dataDir: c.DATA_DIR,
    secureCookies: c.NODE_ENV === 'production',
  });
