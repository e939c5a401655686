// Who is signed in, for the personal parts of the shared pages (docs/product.md#personal-parts).
import { sessionApi } from '@/domain/api/session';
import { accountMessages } from '@/domain/messages/accounts';
import { whoIsSignedIn } from '@/server/accounts/me.service';
import { route } from './router';

export const sessionRoutes = [
  route(sessionApi.me, async ({ db }, { query, user }) => ({
    data: await whoIsSignedIn(db, user, { productId: query.product_id, contact: query.contact === '1' }),
    message: user ? accountMessages.signedIn : accountMessages.signedOut,
    // Personal: never stored by the browser, a proxy or the route cache.
    headers: { 'cache-control': 'no-store' },
  })),
];
