// Logout (docs/product.md#behaviour): the server revokes the session and clears the cookie, the browser
// forgets user_id, and the shopper lands on the home page.
import { accountMessages as am } from '@/domain/messages/accounts';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { flashAfterReload, forgetUserId } from '@/client/session';

export async function signOut(): Promise<void> {
  const answer = await call(endpoints.accounts.logout);
  // 401: the session had already ended; the shopper is signed out either way.
  if (!answer.ok && answer.status !== 401) {
    showToast(answer.message ?? am.genericFailure, 'error');
    return;
  }
  forgetUserId();
  flashAfterReload(am.logoutSuccess);
  location.assign('/');
}
