// Whose cart and wishlist the browser holds (docs/product.md#after-sign-in, #sign-out). Guests
// keep them in the browser. Once a shopper signs in they belong to the account: the guest lists
// are pushed to the server, the server's lists replace them, and a logout clears them.
// Loaded on every page by cart.boot.ts (the header's script), so it stays small: no zod, no API
// client. The server calls live in cart.sync.ts, imported only when a user id exists.
import { forgetUserId, onSignedIn, rememberUserId, storedUserId } from '@/client/session';
import { clearCart } from '@/client/cart.store';
import { clearWishlist } from '@/client/wishlist.store';
import { clearCoupon } from '@/client/coupon.store';
import { clearSetAside } from '@/client/set-aside.store';

// The account the stored lists belong to; absent while they are a guest's.
const OWNER_KEY = 'cart-owner';

export function listsOwner(): number | null {
  try {
    const id = Number(localStorage.getItem(OWNER_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function setListsOwner(id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, String(id));
  } catch {
    /* storage blocked: the lists live for this page only anyway */
  }
}

/** After a logout the account's cart, wishlist and coupon leave the browser (they stay on the server), with the lines set aside. */
export function forgetAccountLists(): void {
  clearCart();
  clearSetAside();
  clearWishlist();
  clearCoupon();
  setListsOwner(null);
}

/** The server said there is no session (expired or revoked): the browser is signed out too. */
export function sessionEnded(): void {
  forgetUserId();
  if (listsOwner() !== null) forgetAccountLists();
}

let started = false;

/** Runs once per page: registers the push after sign-in, clears after a logout, refreshes while signed in. */
export function startCartSession(): void {
  if (started) return;
  started = true;
  onSignedIn.push(async (userId) => {
    const { mergeIntoAccount } = await import('./cart.sync');
    await mergeIntoAccount(userId);
  });
  // A logout in another tab removes user_id there; this tab lets go of the lists too.
  window.addEventListener('storage', (event) => {
    if ((event.key === 'user_id' || event.key === null) && storedUserId() === null && listsOwner() !== null) forgetAccountLists();
  });
  const userId = storedUserId();
  if (userId === null) {
    // Signed out since the lists became the account's: the logout happened (sign-out.ts removes user_id).
    if (listsOwner() !== null) forgetAccountLists();
    return;
  }
  void import('./cart.sync').then(({ syncOnLoad }) => syncOnLoad(userId));
}

/**
 * Pages that know the session from the server (/cart, /wishlist) settle any disagreement with
 * the browser's user_id: the server's word wins. Answers the signed-in user id, or null.
 */
export async function reconcileAccount(accountId: number | null): Promise<number | null> {
  startCartSession();
  if (accountId === null) {
    if (storedUserId() !== null) sessionEnded();
    else if (listsOwner() !== null) forgetAccountLists();
    return null;
  }
  if (storedUserId() !== accountId) rememberUserId(accountId);
  const { syncOnLoad } = await import('./cart.sync');
  await syncOnLoad(accountId);
  return accountId;
}
