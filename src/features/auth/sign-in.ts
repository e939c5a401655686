// What follows a successful sign-in or registration (docs/product.md#after-sign-in): remember the
// user id (never the token, docs/decisions/0008-sessions.md), refresh the profile, run the onSignedIn hooks, reload.
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { flashAfterReload, onSignedIn, rememberUserId } from '@/client/session';

export async function finishSignIn(userId: number, message: string): Promise<void> {
  rememberUserId(userId);
  showToast(message);
  // The profile is refreshed before the reload, as the spec's client does; the page that
  // reloads reads the signed-in user from the session on the server.
  await call(endpoints.accounts.profile, { query: { user_id: String(userId) } });
  for (const hook of onSignedIn) {
    try {
      await hook(userId);
    } catch (error) {
      console.error('A sign-in hook failed', error);
    }
  }
  flashAfterReload(message);
  location.reload();
}
