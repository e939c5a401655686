// The browser's side of the session (docs/decisions/0008-sessions.md, docs/product.md#account-dialogs): the flags that open and close the
// sign-in, register, OTP and forgot-password dialogs, the signed-in user's id (never the token),
// the hooks that run after a sign-in and a message kept across the reload that follows it. Plain
// nanostores with no React and no zod, so the header, the layout script and other features (the
// cart's 'Sign in to check out') can use them before the dialogs' island (features/auth) loads.
import { atom } from 'nanostores';
import { safeReturnPath } from '@/domain/return-path';
import { ACCOUNT_LOOK_KEY, type AccountLook } from '@/domain/account-look';

export const $loginOpen = atom(false);
export const $registerOpen = atom(false);
export const $otpOpen = atom(false);
/** True once the e-mail in $userEmailToBeVerified passed the register OTP check. */
export const $otpVerified = atom(false);
export const $userEmailToBeVerified = atom('');
export const $forgotPassword = atom(false);

/** The flags that show a dialog: the layout script loads the dialogs when one becomes true. */
export const dialogFlags = [$loginOpen, $registerOpen, $otpOpen, $forgotPassword] as const;

/**
 * The element that opened the first dialog, so focus can go back to it on close even in
 * browsers that do not focus a clicked button (Safari).
 */
let opener: HTMLElement | null = null;

export function rememberOpener(element: Element | null): void {
  if (element instanceof HTMLElement) opener = element;
}

export function takeOpener(): HTMLElement | null {
  const element = opener;
  opener = null;
  return element;
}

/**
 * Where the browser goes once the shopper is signed in (docs/product.md#after-sign-in): set by
 * what opened the dialog (a page that needs a signed-in shopper, Continue to checkout, Log in to
 * write a review); null stays on the page. Only a path of this shop is kept
 * (docs/decisions/0031-return-after-sign-in.md).
 */
let returnTo: string | null = null;

export function setReturnTo(path: string | null | undefined): void {
  returnTo = path ? safeReturnPath(path, '') || null : null;
}

export function takeReturnTo(): string | null {
  const path = returnTo;
  returnTo = null;
  return path;
}

/** Opens the sign-in dialog, going to `path` (a path of this shop) after sign-in. */
export function signInThenGoTo(path: string): void {
  setReturnTo(path);
  openLogin();
}

/**
 * The e-mail typed in the sign-in dialog, which Forgot password starts with
 * (docs/product.md#account-dialogs).
 */
export const $typedEmail = atom('');

export function openLogin(): void {
  $registerOpen.set(false);
  $otpOpen.set(false);
  $forgotPassword.set(false);
  $loginOpen.set(true);
}

export function openRegister(): void {
  $loginOpen.set(false);
  $otpOpen.set(false);
  $forgotPassword.set(false);
  $registerOpen.set(true);
}

export function openForgotPassword(): void {
  $loginOpen.set(false);
  $registerOpen.set(false);
  $otpOpen.set(false);
  $forgotPassword.set(true);
}

export function closeAll(): void {
  $loginOpen.set(false);
  $registerOpen.set(false);
  $otpOpen.set(false);
  $forgotPassword.set(false);
}

/**
 * Run after a successful sign-in or registration, before the page reloads, with the new user's
 * id. The cart's session (features/cart/cart.session.ts) pushes the guest cart and wishlist to
 * the server here (docs/product.md#after-sign-in). A failing callback is logged and does not
 * block the sign-in.
 */
export const onSignedIn: Array<(userId: number) => Promise<void>> = [];

// user_id may live in localStorage (docs/decisions/0008-sessions.md: it is not a secret); the token never does.
const USER_ID_KEY = 'user_id';

export function rememberUserId(id: number): void {
  try {
    localStorage.setItem(USER_ID_KEY, String(id));
  } catch {
    /* storage blocked: the session cookie still signs the shopper in */
  }
}

export function forgetUserId(): void {
  try {
    localStorage.removeItem(USER_ID_KEY);
    // Written by the spec's original client; never by this one (docs/decisions/0008-sessions.md), but clear it if present.
    localStorage.removeItem('secret_token');
    localStorage.removeItem(ACCOUNT_LOOK_KEY);
  } catch {
    /* storage blocked: nothing stored */
  }
}

export function storedUserId(): number | null {
  try {
    const id = Number(localStorage.getItem(USER_ID_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * The header's look of the signed-in shopper (first name, initial, picture; never the e-mail),
 * kept so the next page paints it before its first frame (docs/product.md#personal-parts).
 */
export function rememberLook(look: AccountLook | null): void {
  try {
    if (look === null) localStorage.removeItem(ACCOUNT_LOOK_KEY);
    else localStorage.setItem(ACCOUNT_LOOK_KEY, JSON.stringify(look));
  } catch {
    /* storage blocked: each page shows the guest look until the server answers */
  }
}

// A message to show after the page reloads (sign-in, registration), since a toast shown just
// before location.reload() vanishes with the page.
const FLASH_KEY = 'flash-toast';

export function flashAfterReload(text: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, text);
  } catch {
    /* storage blocked: the toast is shown before the reload only */
  }
}

export function takeFlash(): string | null {
  try {
    const text = sessionStorage.getItem(FLASH_KEY);
    if (text !== null) sessionStorage.removeItem(FLASH_KEY);
    return text;
  } catch {
    return null;
  }
}
