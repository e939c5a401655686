import type { APIRoute } from 'astro';
import { api } from '@/server/api/index';
import { getDb } from '@/server/db/instance';
import { getMailer } from '@/server/mail/instance';
import { tokenFromRequest } from '@/server/accounts/session.service';
import { config } from '@/server/config';

const c = config();
const trustedOrigins = [new URL(c.SITE_URL).origin];

export const ALL: APIRoute = async ({ request, clientAddress, locals }) =>
  api.handle(request, {
    db: await getDb(),
    clientAddress,
    trustedOrigins,
    user: locals.user,
    sessionToken: tokenFromRequest(request),
    mailer: getMailer(),
    shopName: c.SHOP_NAME,
    dataDir: c.DATA_DIR,
    secureCookies: c.NODE_ENV === 'production',
  });
