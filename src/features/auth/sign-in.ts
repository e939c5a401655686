// What follows a successful sign-in or registration (docs/product.md#after-sign-in): remember the
// user id (never the token, docs/decisions/0008-sessions.md), refresh the profile, run the onSignedIn hooks, then
// reload the page or go where the shopper was going (docs/decisions/0031-return-after-sign-in.md).
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { flashAfterReload, onSignedIn, rememberLook, rememberUserId, takeReturnTo } from '@/client/session';
import { accountLook } from '@/domain/account-look';

export async function finishSignIn(userId: number, message: string): Promise<void> {
  rememberUserId(userId);
  showToast(message);
  // The profile is refreshed before the reload, as the spec's client does; its name and picture
  // are kept so the page that reloads paints the user menu at once (docs/product.md#personal-parts).
  const profile = await call(endpoints.accounts.profile, { query: { user_id: String(userId) } });
  if (profile.ok && profile.data) rememberLook(accountLook(profile.data.name, profile.data.profile_picture));
  for (const hook of onSignedIn) {
    try {
      await hook(userId);
    } catch (error) {
      console.error('A sign-in hook failed', error);
    }
  }
  flashAfterReload(message);
  goBack(takeReturnTo());
}

/**
 * Loads `path` (already a path of this shop, setReturnTo checked it) signed in, or this page
 * again without one. The same page with another hash (the product page's #write-review) is
 * reloaded in place, since assigning a hash alone would not load it again.
 */
function goBack(path: string | null): void {
  if (path === null) {
    location.reload();
    return;
  }
  const target = new URL(path, location.href);
  if (target.pathname === location.pathname && target.search === location.search) {
    history.replaceState(history.state, '', target);
    location.reload();
  } else {
    location.assign(target);
  }
}
