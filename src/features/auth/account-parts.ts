// The header's personal parts (docs/product.md#personal-parts): every visitor gets the same HTML,
// the guest's look; once GET /api/session/me answers (src/client/me.ts), a signed-in shopper's
// user menu and drawer show their name, e-mail and picture (html.signed-in switches the parts, in
// place: the user menu takes the account button's place). What the header shows is kept for the
// next page's first paint (ACCOUNT_LOOK_SCRIPT); a guest answer removes it. Loaded by the
// header's script on every page: no API client, no zod, no React.
import { loadMe, whenMe } from '@/client/me';
import { rememberLook } from '@/client/session';
import { accountLook } from '@/domain/account-look';
import type { Me } from '@/client/api/session';

function setText(selector: string, text: string): void {
  document.querySelectorAll(selector).forEach((el) => (el.textContent = text));
}

/** Shows the signed-in parts filled with `user`, or the guest's. */
export function paintAccount(me: Me): void {
  // The server could not be asked: keep what the page shows (the kept look, or the guest's).
  if (!me.known) return;
  const root = document.documentElement;
  if (!me.user) {
    root.classList.remove('signed-in');
    rememberLook(null);
    return;
  }
  const look = accountLook(me.user.name, me.user.profilePicture);
  setText('[data-user-first-name]', look.first);
  setText('[data-user-name]', me.user.name);
  setText('[data-user-email]', me.user.email);
  document.querySelectorAll<HTMLElement>('[data-user-email]').forEach((el) => (el.title = me.user!.email));
  document.querySelectorAll<HTMLImageElement>('img[data-user-avatar]').forEach((img) => {
    if (look.picture) img.src = look.picture;
    img.hidden = look.picture === null;
  });
  document.querySelectorAll<HTMLElement>('span[data-user-avatar]').forEach((span) => {
    span.textContent = look.initial;
    span.hidden = look.picture !== null;
  });
  root.classList.add('signed-in');
  rememberLook(look);
}

whenMe(paintAccount);
loadMe();
